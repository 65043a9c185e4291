import type { FeatureModule } from '../context.js';
import { devicesRepository } from '../devices/devices.repository.js';
import { mqttHooksRoutes } from './routes.js';

/** The hooks an external broker calls to check device logins and topics: POST /api/mqtt/auth, /api/mqtt/acl. */
export const mqttHooksModule: FeatureModule = ({ config, database }) =>
  mqttHooksRoutes({ devices: devicesRepository(database.db), hookKey: config.MQTT_HOOK_KEY, brokerUrl: config.MQTT_URL });
