/** The mqttHooks module's public face: the login and topic hooks an external MQTT broker calls. */
export { mqttHooksModule } from './module.js';
