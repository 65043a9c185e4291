import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { createEventBus } from '../events/index.js';
import { createLogger } from '../logger.js';
import { deviceGateway, type RunningGateway } from '../mqtt/gateway.js';
import type { DeviceEvent } from '../mqtt/types.js';
import { weighingEvent } from '../realtime/hub.js';
import type { TestPortal } from './harness.js';
import { testServices } from './services.js';

/** A log line as pino wrote it. */
export type LogLine = { level: number; msg: string } & Record<string, unknown>;
export const WARN = 40;
export const ERROR = 50;

/** A logger keeping every line (debug and up), for tests asserting what was logged. */
export function recordingLogger(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log = createLogger({ LOG_LEVEL: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { log, lines };
}

/**
 * A gateway of its own (with its own embedded broker on a free port, or on `mqttUrl`) over the
 * portal's database, logging into `lines`; events are collected too.
 */
export async function startGateway(portal: TestPortal, mqttUrl?: string) {
  const { log, lines } = recordingLogger();
  // A share group of its own: the machine's Mosquitto is shared with other runs, which must not take this gateway's messages.
  const config = { ...portal.config, MQTT_PORT: 0, MQTT_URL: mqttUrl, MQTT_SHARE_GROUP: `test-${process.pid}-${Math.random().toString(36).slice(2, 10)}` };
  // Services of its own, on an event bus of its own, as app.ts builds them for its gateway.
  const bus = createEventBus(log);
  const services = testServices(portal, { events: bus });
  const gateway: RunningGateway = deviceGateway({ config, services, events: bus, clock: Date.now, log });
  const events: DeviceEvent[] = [];
  gateway.onEvent((event) => events.push(event));
  // Weighings reach the browsers from the ingestion service's event, as the live hub hears them.
  bus.on('weighings.stored', (stored) => {
    if (stored.source === 'device') events.push(weighingEvent(stored));
  });
  await gateway.start();
  return { gateway, lines, events, url: mqttUrl ?? `mqtt://127.0.0.1:${gateway.brokerPort}` };
}

/** A connected device: what arrives on its subscriptions is kept, and can be awaited. */
export interface TestDevice {
  client: MqttClient;
  received: Array<{ topic: string; text: string }>;
  /** Resolves with the first message (already received or coming) whose text satisfies `match`. */
  next(match: (text: string) => boolean): Promise<string>;
  /** Resolves when the broker closed the connection. */
  closed: Promise<void>;
  publish(topic: string, text: string): Promise<void>;
  end(): Promise<void>;
}

export async function connectDevice(url: string, options: IClientOptions = {}, subscribeTo?: string): Promise<TestDevice> {
  const client = await connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, clean: true, ...options });
  const received: Array<{ topic: string; text: string }> = [];
  const waiting: Array<{ match: (text: string) => boolean; resolve: (text: string) => void }> = [];
  client.on('message', (topic, payload) => {
    const text = payload.toString('utf8');
    received.push({ topic, text });
    for (const waiter of [...waiting]) {
      if (waiter.match(text)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(text);
      }
    }
  });
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  if (subscribeTo) await client.subscribeAsync(subscribeTo, { qos: 1 });
  return {
    client,
    received,
    closed,
    next(match) {
      const already = received.find((message) => match(message.text));
      if (already) return Promise.resolve(already.text);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    async publish(topic, text) {
      await client.publishAsync(topic, text, { qos: 1 });
    },
    async end() {
      await client.endAsync(true);
    },
  };
}
