import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

export interface ThrottleRule {
  /** Attempts one window allows; the one past it starts the lock. */
  limit: number;
  windowMs: number;
  lockMs: number;
}

/** One attempt counted against a key, identified by its window so a release never reaches a later one. */
export interface ThrottleReservation {
  key: string;
  windowStartedAt: number;
}

export type ThrottleOutcome =
  | { granted: true; reservation: ThrottleReservation }
  | { granted: false; retryAfterMs: number; lockStarted: boolean };

/**
 * Attempts are counted before the work they guard (a password check, a recovery mail), in one
 * statement that also answers whether this attempt may go on: parallel attempts cannot all read
 * 'not locked' before any of them is counted. The row's column is still called `failures`; it
 * holds the attempts of the current window that were not given back.
 */
export function throttleRepository(db: Kysely<Tables>) {
  return {
    async reserve(key: string, rule: ThrottleRule, now: number): Promise<ThrottleOutcome> {
      const locked = sql<boolean>`auth_throttle.locked_until > ${now}`;
      // An ended lock or an ended window starts the count over.
      const restart = sql<boolean>`auth_throttle.locked_until is not null or auth_throttle.window_started_at <= ${now - rule.windowMs}`;
      const row = await db
        .insertInto('auth_throttle')
        .values({ key, failures: 1, window_started_at: now, locked_until: null })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            failures: sql`case when ${locked} then auth_throttle.failures when ${restart} then 1 else auth_throttle.failures + 1 end`,
            window_started_at: sql`case when ${locked} then auth_throttle.window_started_at when ${restart} then ${now} else auth_throttle.window_started_at end`,
            locked_until: sql`case when ${locked} then auth_throttle.locked_until when ${restart} then null
              when auth_throttle.failures + 1 > ${rule.limit} then ${now + rule.lockMs} else null end`,
          }),
        )
        .returning(['window_started_at', 'locked_until'])
        .executeTakeFirstOrThrow();
      const lockedUntil = row.locked_until === null ? null : Number(row.locked_until);
      if (lockedUntil !== null && lockedUntil > now) {
        return { granted: false, retryAfterMs: lockedUntil - now, lockStarted: lockedUntil === now + rule.lockMs };
      }
      return { granted: true, reservation: { key, windowStartedAt: Number(row.window_started_at) } };
    },

    /** Gives one attempt back to the window it was taken from (a lock already started stays). */
    async release(reservation: ThrottleReservation): Promise<void> {
      await db
        .updateTable('auth_throttle')
        .set({ failures: sql`auth_throttle.failures - 1` })
        .where('key', '=', reservation.key)
        .where('window_started_at', '=', reservation.windowStartedAt)
        .where('failures', '>', 0)
        .execute();
    },
  };
}

export type ThrottleRepository = ReturnType<typeof throttleRepository>;
