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
import type { InProcessLink } from './in-process.js';
import { deviceMessages } from './messages.js';
import { topicQueue } from './topic-queue.js';
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
  /** Starts the embedded broker and attaches to it in-process, or (MQTT_URL) connects the gateway's client. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Embedded broker only: hands a device's MQTT-over-WebSocket connection (GET /mqtt) from `address` to it. */
  handleConnection(stream: Duplex, request: IncomingMessage, address: string): void;
}

/** Every device's data topic. */
const DATA_TOPICS = 'portal/+/+/dados';
/**
 * On MQTT_URL the instances share the devices' messages: the broker hands each to ONE gateway of the
 * group (docs/decisions/0008-instances-share-ingestion.md). Grant notices stay a plain subscription:
 * every instance must hear them.
 */
const sharedDataTopics = (group: string) => `$share/${group}/${DATA_TOPICS}`;
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
  /**
   * Embedded broker: the gateway's in-process link (in-process.ts) instead of an MQTT client;
   * `stopTaking` lets go of the devices' messages, `detach` of the rest (the grant notices).
   */
  let local: { link: InProcessLink; stopTaking: () => void; detach: () => Promise<void> } | null = null;

  function publish(topic: string, text: string): Promise<void> {
    if (local) return local.link.publish(topic, text, 1);
    return new Promise((resolve, reject) => {
      if (!client) return reject(new Error('gateway not started'));
      client.publish(topic, text, { qos: 1 }, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Hands an event to the listeners (the hub, the cluster channel), one failing not stopping the others. */
  function tell(event: DeviceEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error }, 'device event listener failed');
      }
    }
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
    emit: tell,
    disconnect(modelo, serie) {
      broker?.disconnect(modelo, serie);
    },
  });

  // Other instances hear of a grant change through the broker (grant-notices.ts); a changed device is re-read when it next sends.
  events.on('grants.changed', ({ granteeId }) => grants.announce(granteeId));
  events.on('device.changed', ({ modelo, serie }) => messages.forget(modelo, serie));
  // A dosing event opened from a doser's readings: the doser is asked for its proof picture.
  events.on('dosagens.opened', ({ device, pedido }) => messages.requestDosingPicture(device, pedido));

  /** A device's messages are handled in the order they came. */
  const queue = topicQueue(
    (topic, payload) => messages.handle(topic, payload),
    (error, topic) => log.error({ err: error, topic }, 'device message not handled (the device re-sends what was not acknowledged)'),
  );
  // Stopping, nothing more is taken (see stop()).
  const enqueue = (topic: string, payload: Buffer) => {
    if (!stopping) queue.push(topic, payload);
  };

  /** Takes the devices' messages and the grant notices from the embedded broker in-process. */
  async function attach(link: InProcessLink): Promise<void> {
    const stopData = link.onPublish(DATA_TOPICS, enqueue);
    const stopGrants = await link.subscribe(GRANTS_TOPIC, (payload) => grants.received(payload));
    local = {
      link,
      stopTaking: stopData,
      detach: async () => {
        stopData();
        await stopGrants();
      },
    };
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
      const topics = [sharedDataTopics(config.MQTT_SHARE_GROUP), GRANTS_TOPIC];
      mqttClient.subscribe(topics, { qos: 1 }, (error, granted) => {
        if (error || granted?.some((grant) => grant.qos === 128)) {
          log.error({ err: error?.message, topics }, 'mqtt: gateway subscription refused (shared subscriptions need Mosquitto 1.6+, EMQX, HiveMQ, VerneMQ…)');
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
        // REDIS_URL: one broker of the instances' cluster (broker-cluster.ts); it hands this gateway only its own devices' messages.
        const cluster = config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.REDIS_PREFIX } : undefined;
        broker = await startEmbeddedBroker({ port: config.MQTT_PORT, devices: services.devices, log, cluster });
        try {
          await attach(broker.local);
        } catch (error) {
          await this.stop();
          throw error;
        }
      } else if (!(await connectClient(external, null))) {
        log.warn('mqtt: external broker (MQTT_URL) not reachable yet; the gateway keeps trying');
      }
    },

    async stop() {
      // Prompt, and nothing accepted is lost: no message is taken from now on, those waiting their
      // turn are dropped (neither stored nor answered: a device re-sends its unacknowledged
      // weighings), and those being handled finish with their answer sent while the way to the
      // devices is still open. Only then is it closed, and the database after it (app.ts).
      stopping = true;
      local?.stopTaking();
      const dropped = queue.drop();
      if (dropped > 0) log.info({ dropped }, 'mqtt: device messages not yet handled were dropped at shutdown (devices re-send unacknowledged weighings)');
      await queue.idle();
      const detaching = local;
      local = null;
      if (detaching) await detaching.detach();
      const ending = client;
      client = null;
      subscribed = false;
      if (ending) await ending.endAsync();
      await messages.close();
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
      if (!local && !client?.connected) throw new AppError('LIVE_COMMAND_FAILED');
      try {
        await publish(commandTopic(device.modelo, device.serie), formatPortalMessage(message));
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error), device: `${device.modelo} ${device.serie}` }, 'mqtt: command not sent');
        throw new AppError('LIVE_COMMAND_FAILED');
      }
    },

    announceGrantsChanged: (userId) => grants.announce(userId),
    onGrantsChanged: (listener) => grants.on(listener),

    relay(event) {
      if (event.message.t === 'leitura') messages.remember(event.device.id, event.message.em, event.message.leitura);
      tell(event);
    },

    recent: (deviceId) => messages.recent(deviceId),
    forget: (modelo, serie) => messages.forget(modelo, serie),

    get brokerPort() {
      return broker?.port ?? null;
    },
    get connected() {
      return local !== null || (subscribed && client?.connected === true);
    },
  };
}
