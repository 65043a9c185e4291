import { advertisedBrokerPort } from '../../mqtt/gateway.js';
import type { FeatureModule } from '../context.js';
import { chavesRepository } from '../keys/chaves.repository.js';
import { keysService } from '../keys/service.js';
import { devicesRepository } from './devices.repository.js';
import { devicesRoutes } from './routes.js';
import { devicesService } from './service.js';

/** Devices: registerdevice (also with an access key), updatedevice, deldevice, getdevice, getdevice_conn, getdevice_type, getprotocolos. */
export const devicesModule: FeatureModule = ({ config, database, clock, requireAccount, scopes, gateway }) => {
  // Keys are the keys module's business; devices only ask it to accept a key and record its use.
  const keys = keysService({ chaves: chavesRepository(database.db), clock });
  // The port is read when asked: the embedded broker's is known only once it listens (MQTT_PORT 0).
  const broker = {
    host: new URL(config.PUBLIC_URL).hostname,
    get porta() {
      return advertisedBrokerPort(config, gateway);
    },
  };
  return devicesRoutes(devicesService({ devices: devicesRepository(database.db), keys, broker, clock, gateway }), requireAccount, scopes);
};
