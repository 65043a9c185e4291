import { advertisedBrokerPort } from '../../mqtt/advertised-port.js';
import type { FeatureModule } from '../context.js';
import { devicesRoutes } from './routes.js';

/** Devices: registerdevice (also with an access key), updatedevice, deldevice, getdevice, getdevice_conn, getdevice_type, getprotocolos. */
export const devicesModule: FeatureModule = ({ config, services, requireAccount, scopes, gateway }) => {
  // The port is read when asked: the embedded broker's is known only once it listens (MQTT_PORT 0).
  const broker = {
    host: new URL(config.PUBLIC_URL).hostname,
    get porta() {
      return advertisedBrokerPort(config, gateway);
    },
  };
  return devicesRoutes(services.devices, broker, requireAccount, scopes);
};
