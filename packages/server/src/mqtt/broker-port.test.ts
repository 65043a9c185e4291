import { createServer, type AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { recordingLogger } from '../test/mqtt.js';
import { startEmbeddedBroker } from './broker.js';

it('stops the start with a message naming MQTT_PORT when the port is taken', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const taken = (holder.address() as AddressInfo).port;
  try {
    const devices = { verifyDeviceCredential: async () => null };
    const started = startEmbeddedBroker({ port: taken, devices, log: recordingLogger().log });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(`MQTT_PORT=${taken}: already in use`);
  } finally {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  }
});
