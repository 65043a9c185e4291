import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type MqttClient } from 'mqtt';
import { formatPortalMessage } from '@portal/shared';
import type { Config } from '../config.js';
import type { EventBus } from '../events/index.js';
import { AppError } from '../http/errors.js';
import { commandTopic } from '../modules/devices/index.js';
import type { Services } from '../modules/services.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { GRANTS_TOPIC, grantNotices } from './grant-notices.js';
import { deviceMessages } from './messages.js';
import type { DeviceEvent, DeviceGateway } from './types.js';

export interface GatewayDeps {
  config: Config;
  /**
   * The modules' services (createServices) the gateway hands what devices send: device records and
   * broker logins, pictures, weighings, readings.
   */
  services: Pick<Services, 'devices' | 'live' | 'ingestion' | 'readings'>;
  /** Tells the gateway of grants and device records that changed ('grants.changed', 'device.changed'). */
  events: EventBus;
  clock: () => number;
  log: FastifyBaseLogger;
}

export interface RunningGateway extends DeviceGateway {
  /** Starts the embedded broker (unless MQTT_URL) and connects the gateway's client. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Embedded broker only: hands a device's MQTT-over-WebSocket connection (GET /mqtt) from `address` to it. */
  handleConnection(stream: Duplex, request: IncomingMessage, address: string): void;
}

/** Every device's data topic. */
const DATA_TOPICS = 'portal/+/+/dados';
/** How long start() waits for the first subscription before going on (the client keeps trying). */
const FIRST_CONNECT_MS = 5_000;

/** Builds the gateway without starting it (app.ts starts it when the app is ready). */
export function deviceGateway(deps: GatewayDeps): RunningGateway {
  const { config, services, events, clock, log } = deps;
  let broker: EmbeddedBroker | null = null;
  let client: MqttClient | null = null;
  let subscribed = false;
  let stopping = false;
  const listeners = new Set<(event: DeviceEvent) => void>();
  /** One chain per topic: a device's messages are handled in the order they came. */
  const queues = new Map<string, Promise<void>>();

  function publish(topic: string, text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!client) return reject(new Error('gateway not started'));
      client.publish(topic, text, { qos: 1 }, (error) => (error ? reject(error) : resolve()));
    });
  }

  const grants = grantNotices({ publish, log });
  const messages = deviceMessages({
    devices: services.devices,
    ingestion: services.ingestion,
    fotos: services.live,
    readings: services.readings,
    fotoRequests: services.live.fotoRequests,
    clock,
    log,
    reply: (device, message) => publish(commandTopic(device.modelo, device.serie), formatPortalMessage(message)),
    emit(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log.error({ err: error }, 'device event listener failed');
        }
      }
    },
    disconnect(modelo, serie) {
      broker?.disconnect(modelo, serie);
    },
  });

  // Other instances hear of a grant change through the broker (grant-notices.ts); a changed device is re-read when it next sends.
  events.on('grants.changed', ({ granteeId }) => grants.announce(granteeId));
  events.on('device.changed', ({ modelo, serie }) => messages.forget(modelo, serie));
  // A dosing event opened from a doser's readings: the doser is asked for its proof picture.
  events.on('dosagens.opened', ({ device, pedido }) => messages.requestDosingPicture(device, pedido));

  function enqueue(topic: string, payload: Buffer): void {
    const next = (queues.get(topic) ?? Promise.resolve())
      .then(() => messages.handle(topic, payload))
      .catch((error: unknown) => log.error({ err: error, topic }, 'device message not handled (the device re-sends what was not acknowledged)'));
    queues.set(topic, next);
    void next.then(() => {
      if (queues.get(topic) === next) queues.delete(topic);
    });
  }

  function connectClient(url: string, login: { username: string; password: string } | null): Promise<boolean> {
    const mqttClient = connect(url, {
      clientId: `portal-gateway-${randomBytes(6).toString('hex')}`,
      clean: true,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      resubscribe: false,
      ...(login ?? {}),
    });
    client = mqttClient;
    let everConnected = false;
    let firstSubscription: (ok: boolean) => void = () => {};
    const subscribedOnce = new Promise<boolean>((resolve) => (firstSubscription = resolve));

    mqttClient.on('connect', () => {
      if (everConnected) log.info('mqtt: gateway reconnected');
      everConnected = true;
      mqttClient.subscribe([DATA_TOPICS, GRANTS_TOPIC], { qos: 1 }, (error, granted) => {
        if (error || granted?.some((grant) => grant.qos === 128)) {
          log.error({ err: error?.message, topics: [DATA_TOPICS, GRANTS_TOPIC] }, 'mqtt: gateway subscription refused');
          return;
        }
        subscribed = true;
        firstSubscription(true);
      });
    });
    mqttClient.on('close', () => {
      if (subscribed && !stopping) log.warn('mqtt: gateway disconnected from the broker; reconnecting');
      subscribed = false;
    });
    mqttClient.on('error', (error) => log.warn({ err: error.message }, 'mqtt: gateway client error'));
    mqttClient.on('message', (topic, payload) => (topic === GRANTS_TOPIC ? grants.received(payload) : enqueue(topic, payload)));

    const timer = setTimeout(() => firstSubscription(false), FIRST_CONNECT_MS);
    return subscribedOnce.finally(() => clearTimeout(timer));
  }

  return {
    async start() {
      stopping = false;
      const external = config.MQTT_URL;
      if (!external) {
        broker = await startEmbeddedBroker({ port: config.MQTT_PORT, devices: services.devices, log });
        if (!(await connectClient(`mqtt://127.0.0.1:${broker.port}`, broker.internal))) {
          await this.stop();
          throw new Error('the gateway could not connect to the embedded MQTT broker');
        }
      } else if (!(await connectClient(external, null))) {
        log.warn('mqtt: external broker (MQTT_URL) not reachable yet; the gateway keeps trying');
      }
    },

    async stop() {
      stopping = true;
      const ending = client;
      client = null;
      subscribed = false;
      if (ending) await ending.endAsync();
      // Messages already taken are finished before the database closes.
      await Promise.allSettled([...queues.values()]);
      const closing = broker;
      broker = null;
      if (closing) await closing.close();
    },

    handleConnection(stream, request, address) {
      if (broker) broker.handle(stream, address, request);
      else stream.destroy();
    },

    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async sendCommand(device, message) {
      if (!client?.connected) throw new AppError('LIVE_COMMAND_FAILED');
      try {
        await publish(commandTopic(device.modelo, device.serie), formatPortalMessage(message));
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error), device: `${device.modelo} ${device.serie}` }, 'mqtt: command not sent');
        throw new AppError('LIVE_COMMAND_FAILED');
      }
    },

    announceGrantsChanged: (userId) => grants.announce(userId),
    onGrantsChanged: (listener) => grants.on(listener),

    recent: (deviceId) => messages.recent(deviceId),
    forget: (modelo, serie) => messages.forget(modelo, serie),

    get brokerPort() {
      return broker?.port ?? null;
    },
    get connected() {
      return subscribed && client?.connected === true;
    },
  };
}
