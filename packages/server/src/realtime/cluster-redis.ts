import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { logLimiter } from '../mqtt/log-limiter.js';
import type { ClusterTransport } from './cluster.js';

/** How long the start waits for Redis: a portal that cannot reach it would keep its live events to itself. */
export const REDIS_START_TIMEOUT_MS = 10_000;

/** The password is never logged. */
export function redisWhere(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unreadable REDIS_URL)';
  }
}

/**
 * The cluster channel over Redis pub/sub (REDIS_URL), on the channel `<REDIS_PREFIX>live`: one
 * connection listens (a subscribed connection does nothing else), one publishes. Frames have no size
 * limit here. A lost connection is retried by ioredis, the subscription included; while it is down a
 * frame is not queued (the live events it carries are stale a moment later) but refused and logged.
 */
export function redisTransport(options: { url: string; prefix: string; log: FastifyBaseLogger; timeoutMs?: number }): ClusterTransport {
  const { url, prefix, log, timeoutMs = REDIS_START_TIMEOUT_MS } = options;
  const channel = `${prefix}live`;
  const where = redisWhere(url);
  const limited = logLimiter(log);
  const connect = (name: string) => {
    const connection = new Redis(url, { connectionName: `portal-live-${name}`, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    connection.on('error', (error: Error) => limited.warn(name, { err: error.message, redis: where, connection: name }, 'live cluster: redis error'));
    return connection;
  };
  const listener = connect('sub');
  const publisher = connect('pub');

  return {
    name: 'redis',
    maxFrameBytes: Number.POSITIVE_INFINITY,

    async start(onFrame) {
      listener.on('message', (from: string, text: string) => {
        if (from === channel) onFrame(text);
      });
      try {
        await withTimeout(
          Promise.all([listener.connect(), publisher.connect()]).then(() => listener.subscribe(channel)),
          timeoutMs,
        );
      } catch (error) {
        listener.disconnect();
        publisher.disconnect();
        throw new Error(`REDIS_URL: Redis at ${where} did not answer (${error instanceof Error ? error.message : String(error)}); the instances could not share their live events`, { cause: error });
      }
      log.info({ redis: where, channel }, 'live cluster: instances share live events over redis');
    },

    async send(frame) {
      await publisher.publish(channel, frame);
    },

    async close() {
      // quit() waits for the server's answer; a connection that is down just goes.
      await Promise.all([listener, publisher].map((connection) => (connection.status === 'ready' ? connection.quit().then(() => undefined) : Promise.resolve(connection.disconnect()))));
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
