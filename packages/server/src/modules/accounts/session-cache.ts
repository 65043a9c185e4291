import { LRUCache } from 'lru-cache';
import type { ActiveSession } from './sessions.repository.js';

/** Sessions one instance remembers at most (the least recently used go first): ~1 KiB each. */
const MAX_SESSIONS = 20_000;

/**
 * The sessions (with their user) this instance read lately, by token hash, for at most `ttlMs`:
 * an authenticated call within that time costs no database round trip. Only sessions found active
 * are kept, never a refusal, so a new login works on every instance at once.
 *
 * What ends a session (logout, delsession, a new password, an account's changed record) forgets it
 * here at once through `forgetSession` / `forgetUser`; another instance that read it keeps it until
 * its own copy is `ttlMs` old, unless the cluster channel brings it 'sessions.changed' first.
 * Expiry is checked against the session's expires_at on every hit. `ttlMs` 0 turns the cache off.
 */
export function sessionCache(options: { ttlMs: number; clock: () => number }) {
  const { ttlMs, clock } = options;
  const entries = ttlMs > 0 ? new LRUCache<string, ActiveSession>({ max: MAX_SESSIONS, ttl: ttlMs, perf: { now: clock } }) : null;
  /** Moves on at every forget: a read that began before it may have seen the session before it ended. */
  let generation = 0;

  /** Drops every entry `matches` picks; a scan, as sessions end rarely next to the calls they make. */
  function forgetWhere(matches: (session: ActiveSession) => boolean): void {
    generation += 1;
    if (!entries) return;
    for (const [key, session] of entries.entries()) if (matches(session)) entries.delete(key);
  }

  return {
    /** The session of `tokenHash` if read within the cache's lifetime and not expired at `now`. */
    get(tokenHash: string, now: number): ActiveSession | undefined {
      const session = entries?.get(tokenHash);
      if (session && session.expires_at <= now) {
        entries?.delete(tokenHash);
        return undefined;
      }
      return session;
    },
    /** Taken before a database read, handed to `set` with what it found. */
    get generation(): number {
      return generation;
    },
    /** Keeps a session read from the database, unless something was forgotten since the read began (`readAt`). */
    set(tokenHash: string, session: ActiveSession, readAt: number): void {
      if (readAt === generation) entries?.set(tokenHash, session);
    },
    forgetSession(sessionId: number): void {
      forgetWhere((session) => session.id === sessionId);
    },
    /** Every session of the user: they ended, or the user's record they carry changed. */
    forgetUser(userId: number): void {
      forgetWhere((session) => session.user_id === userId);
    },
    get size(): number {
      return entries?.size ?? 0;
    },
  };
}

export type SessionCache = ReturnType<typeof sessionCache>;
