import type { FeatureModule } from '../context.js';
import { mqttHooksRoutes } from './routes.js';

/** The hooks an external broker calls to check device logins and topics: POST /api/mqtt/auth, /api/mqtt/acl. */
export const mqttHooksModule: FeatureModule = ({ config, services }) =>
  mqttHooksRoutes({ devices: services.devices, hookKey: config.MQTT_HOOK_KEY, brokerUrl: config.MQTT_URL });
