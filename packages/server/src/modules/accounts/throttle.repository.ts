import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
  lockMs: number;
}

export function throttleRepository(db: Kysely<Tables>) {
  return {
    /** Milliseconds left on the key's lock, or 0 when it may proceed. */
    async lockedFor(key: string, now: number): Promise<number> {
      const row = await db.selectFrom('auth_throttle').select('locked_until').where('key', '=', key).executeTakeFirst();
      return row?.locked_until && row.locked_until > now ? row.locked_until - now : 0;
    },
    /** Counts one event against the key; locks it once `limit` events fall inside one window. */
    async hit(key: string, rule: ThrottleRule, now: number): Promise<void> {
      const windowStart = now - rule.windowMs;
      // One atomic upsert on both databases: a stale window starts over at 1.
      await db
        .insertInto('auth_throttle')
        .values({ key, failures: 1, window_started_at: now, locked_until: null })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            failures: sql`case when auth_throttle.window_started_at < ${windowStart} then 1 else auth_throttle.failures + 1 end`,
            window_started_at: sql`case when auth_throttle.window_started_at < ${windowStart} then ${now} else auth_throttle.window_started_at end`,
          }),
        )
        .execute();
      await db
        .updateTable('auth_throttle')
        .set({ locked_until: now + rule.lockMs, failures: 0, window_started_at: now })
        .where('key', '=', key)
        .where('failures', '>=', rule.limit)
        .execute();
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
    },
  };
}

export type ThrottleRepository = ReturnType<typeof throttleRepository>;
