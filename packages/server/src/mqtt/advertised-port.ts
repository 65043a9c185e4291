import type { Config } from '../config.js';
import type { DeviceGateway } from './types.js';

/** The broker port devices are told (getdevice_conn): the embedded broker's, else MQTT_URL's, else MQTT_PORT. */
export function advertisedBrokerPort(config: Pick<Config, 'MQTT_URL' | 'MQTT_PORT'>, gateway: Pick<DeviceGateway, 'brokerPort'>): number {
  if (gateway.brokerPort !== null) return gateway.brokerPort;
  if (config.MQTT_URL) {
    try {
      const url = new URL(config.MQTT_URL);
      if (url.port) return Number(url.port);
      return { 'mqtts:': 8883, 'wss:': 443, 'ws:': 80 }[url.protocol] ?? 1883;
    } catch {
      // config.ts checked the form; an unparsable URL falls back to MQTT_PORT.
    }
  }
  return config.MQTT_PORT;
}
