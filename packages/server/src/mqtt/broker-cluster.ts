import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import mqemitter, { type Message, type MQEmitter } from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';
import { logLimiter } from './log-limiter.js';

/**
 * The embedded broker clustered over Redis (REDIS_URL, no MQTT_URL): several portal instances
 * behind a TCP load balancer act as one broker, so a device reaches any of them and keeps logging
 * in through the portal's own hooks (broker.ts). aedes takes two pieces from here:
 *
 * - `mq`, what carries messages between the brokers' clients: mqemitter-redis (Redis pub/sub) for
 *   commands to devices, the instances' own notices and aedes' cluster topics ($SYS: brokers'
 *   heartbeats, a client id connecting elsewhere ends its older connection, persistent
 *   subscriptions), but NOT for devices' data topics (`portal/+/+/dados`): those stay in the
 *   instance whose broker the device is connected to. Only the portal's gateway may subscribe to
 *   them, and each instance has one, so each device message is handled by exactly one instance
 *   (the device's), whatever way its gateway takes it (a loopback client or in-process); the live
 *   events reach the other instances' tabs through the portal's cluster channel, not through the
 *   broker. It also keeps the bulk of the traffic (every live reading) off Redis.
 * - `persistence`: aedes-persistence-redis, the sessions' state every instance must see:
 *   subscriptions and queued QoS 1 messages of persistent sessions (`clean=false`), retained
 *   messages, wills (published by a surviving broker when the device's broker dies).
 *
 * Every key and channel starts with REDIS_PREFIX + 'broker', so several portals (or test runs)
 * share one Redis without seeing each other.
 */

export interface BrokerClusterOptions {
  /** REDIS_URL. */
  url: string;
  /** REDIS_PREFIX: the deployment's part of the Redis key and channel space. */
  prefix: string;
}

/** aedes-persistence-redis' CallBackPersistence (untyped package): what the portal calls itself. */
interface RedisPersistence {
  destroy(): Promise<void>;
}

export interface BrokerCluster {
  /** aedes' `mq`. */
  readonly mq: MQEmitter;
  /** aedes' `persistence`. */
  readonly persistence: unknown;
  /** After aedes.close (which closes `mq`): ends the persistence's Redis connection. */
  close(): Promise<void>;
}

/**
 * Seconds a message queued for a persistent session that is offline is kept in Redis: a device
 * that never comes back must not grow it for ever, and what the portal sends is short-lived (a
 * device re-sends unacknowledged weighings itself; a picture request expires within minutes).
 */
export const QUEUED_MESSAGE_TTL_S = 3600;

/** How long the start waits for Redis before giving up (a portal alone would split the devices). */
export const REDIS_START_TIMEOUT_MS = 10_000;

const require = createRequire(import.meta.url);
const redisPersistence = require('aedes-persistence-redis') as (options: { conn: Redis; packetTTL: () => number }) => RedisPersistence;
type PrefixedEmitter = new (prefix: string, options: object) => MQEmitter & { state: NodeJS.EventEmitter };
const { MQEmitterRedisPrefix } = mqemitterRedis as unknown as { MQEmitterRedisPrefix: PrefixedEmitter };

/** The emitters' options: aedes' own (broker.ts gives it `concurrency` for its default emitter). */
const EMITTER = { concurrency: 10_000, matchEmptyLevels: true };

/** A device's data topic, `portal/{modelo}/{serie}/dados` (modules/devices/protocol.ts). */
export function isDataTopic(topic: string): boolean {
  const levels = topic.split('/');
  return levels.length === 4 && levels[0] === 'portal' && levels[3] === 'dados' && !/[+#]/.test(topic);
}

/**
 * Where a subscription must listen: 'local' when it matches only data topics, 'cluster' when it
 * matches none, 'both' when it may match both (the gateway's `#`, say).
 */
export function subscriptionRoute(pattern: string): 'local' | 'cluster' | 'both' {
  const levels = pattern.split('/');
  if (!mayMatchDataTopic(levels)) return 'cluster';
  return levels.length === 4 && levels[0] === 'portal' && levels[3] === 'dados' && !levels.includes('#') ? 'local' : 'both';
}

/** Whether a subscription's levels may match some `portal/{modelo}/{serie}/dados`. */
function mayMatchDataTopic(levels: readonly string[]): boolean {
  for (const [index, level] of levels.entries()) {
    // '#' takes the remaining levels, or none ('portal/a/b/dados/#' matches its parent).
    if (level === '#') return index <= 4;
    if (index >= 4) return false;
    if ((index === 0 && level !== 'portal' && level !== '+') || (index === 3 && level !== 'dados' && level !== '+')) return false;
  }
  return levels.length === 4;
}

/**
 * An emitter that sends data topics to `local` and everything else to `cluster`, and listens on
 * the one (or both) a subscription's topics may come from.
 */
export class SplitEmitter implements MQEmitter {
  constructor(
    private readonly local: MQEmitter,
    private readonly cluster: MQEmitter,
  ) {}

  get current(): number {
    return this.local.current + this.cluster.current;
  }

  get concurrent(): number {
    return this.local.concurrent + this.cluster.concurrent;
  }

  on(topic: string, listener: (message: Message, done: () => void) => void, callback?: () => void): this {
    const route = subscriptionRoute(topic);
    const done = route === 'both' ? joined(2, callback) : callback;
    if (route !== 'cluster') this.local.on(topic, listener, done);
    if (route !== 'local') this.cluster.on(topic, listener, done);
    return this;
  }

  removeListener(topic: string, listener: (message: Message, done: () => void) => void, callback?: () => void): void {
    const route = subscriptionRoute(topic);
    const done = route === 'both' ? joined(2, callback) : callback;
    if (route !== 'cluster') this.local.removeListener(topic, listener, done);
    if (route !== 'local') this.cluster.removeListener(topic, listener, done);
  }

  emit(message: Message, callback?: (error?: Error) => void): void {
    (isDataTopic(message.topic) ? this.local : this.cluster).emit(message, callback);
  }

  close(callback: () => void): void {
    this.local.close(() => this.cluster.close(callback));
  }
}

/** A callback run once all `count` parts called it. */
function joined(count: number, callback: (() => void) | undefined): (() => void) | undefined {
  if (!callback) return undefined;
  let left = count;
  return () => {
    left -= 1;
    if (left === 0) callback();
  };
}

/**
 * mqemitter-redis closes its pub/sub connections with a bare `quit()`: when the connection is
 * already closing or waiting to reconnect (Redis lost), ioredis rejects that promise with
 * "Connection is closed" and nobody holds it, which would end the process as an unhandled
 * rejection. The close is wanted either way, so that rejection is expected and dropped here.
 */
class ClusterConnection extends Redis {
  override quit(...args: Parameters<Redis['quit']>): ReturnType<Redis['quit']> {
    const done = super.quit(...args);
    done.catch(() => undefined);
    return done;
  }
}

/** Resolves when the connection answers, or fails after `timeoutMs`. */
async function reachable(connection: Redis, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([connection.ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The password is never logged. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unreadable REDIS_URL)';
  }
}

/**
 * Connects to Redis (three connections: pub/sub needs one of its own to listen, one to publish,
 * and the persistence's, which prefixes its keys) and answers aedes' `mq` and `persistence`.
 * Fails when Redis does not answer within REDIS_START_TIMEOUT_MS. Afterwards a lost connection is
 * retried by ioredis (subscriptions included); meanwhile what needs Redis fails and is logged.
 */
export async function connectBrokerCluster(options: BrokerClusterOptions, log: FastifyBaseLogger, timeoutMs = REDIS_START_TIMEOUT_MS): Promise<BrokerCluster> {
  const limitedLog = logLimiter(log);
  const where = redactedUrl(options.url);
  const down = new Set<string>();
  const connect = (name: string, keyPrefix?: string) => {
    const connection = new ClusterConnection(options.url, { connectionName: `portal-broker-${name}`, ...(keyPrefix ? { keyPrefix } : {}) });
    // One line when a connection is lost and one when it is back; ioredis retries every 2 s at most
    // meanwhile, and those lines are limited. An 'error' without a listener would end the process.
    connection.on('error', (error: Error) => {
      if (down.has(name)) return limitedLog.warn('redis', { err: error.message, redis: where, connection: name }, 'mqtt cluster: redis still unreachable');
      down.add(name);
      log.warn({ err: error.message, redis: where, connection: name }, 'mqtt cluster: redis connection lost; retrying (commands to devices wait, new device connections wait)');
    });
    connection.on('ready', () => {
      if (down.delete(name)) log.info({ redis: where, connection: name }, 'mqtt cluster: redis connection back');
    });
    return connection;
  };
  const subConn = connect('sub');
  const pubConn = connect('pub');
  const db = connect('db', `${options.prefix}broker:`);
  const connections = [subConn, pubConn, db];
  try {
    await Promise.all(connections.map((connection) => reachable(connection, timeoutMs)));
  } catch (error) {
    for (const connection of connections) connection.disconnect();
    throw new Error(`REDIS_URL: Redis at ${where} did not answer (${error instanceof Error ? error.message : String(error)}); the embedded broker cannot join its cluster`, { cause: error });
  }

  // A level of its own ('…broker/') before the MQTT topic: '#' and '+' keep their meaning.
  const cluster = new MQEmitterRedisPrefix(`${options.prefix}broker/`, { ...EMITTER, subConn, pubConn });
  // mqemitter-redis reports its connections' errors (logged above) and publishes that failed with no
  // caller to tell here; an EventEmitter's 'error' without a listener would end the process.
  cluster.state.on('error', (error: Error) => {
    if (!down.has('sub') && !down.has('pub')) limitedLog.warn('pubsub', { err: error.message, redis: where }, 'mqtt cluster: a message could not be sent through redis');
  });
  const mq = new SplitEmitter(mqemitter(EMITTER), cluster);
  const persistence = redisPersistence({ conn: db, packetTTL: () => QUEUED_MESSAGE_TTL_S });
  log.info({ redis: where, prefix: options.prefix }, 'mqtt: embedded broker clustered over redis');

  return {
    mq,
    persistence,
    async close() {
      // aedes.close closed mq (and with it the pub/sub connections); the persistence's is ours.
      // Its destroy fails when aedes never set it up (the start failed): the connection goes anyway.
      await persistence.destroy().catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'mqtt cluster: persistence not closed cleanly'));
      db.disconnect();
    },
  };
}
