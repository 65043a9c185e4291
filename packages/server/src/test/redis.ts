import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Redis for the suites that cluster instances over it (REDIS_URL). Each run works under a prefix of
 * its own (REDIS_PREFIX) and removes only its own keys: the machine's Redis is shared with other
 * runs and other programs.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers; under CI it must (the suites then fail instead of being skipped). */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  if (process.env.CI === 'true') return true;
  const connection = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  connection.on('error', () => undefined);
  try {
    await connection.connect();
    return (await connection.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    connection.disconnect();
  }
}

/** A REDIS_PREFIX no other run uses. */
export const uniqueRedisPrefix = (name: string): string => `portal-test:${name}:${process.pid}-${randomBytes(4).toString('hex')}:`;

/** Deletes every key under `prefix` (and nothing else); answers how many. */
export async function flushRedisPrefix(prefix: string, url = TEST_REDIS_URL): Promise<number> {
  const connection = new Redis(url);
  try {
    let removed = 0;
    for await (const keys of connection.scanStream({ match: `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) removed += await connection.unlink(...keys);
    }
    return removed;
  } finally {
    connection.disconnect();
  }
}
