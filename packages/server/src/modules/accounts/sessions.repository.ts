import type { User } from '@portal/shared';
import type { Kysely, Selectable } from 'kysely';
import type { SessionsTable, Tables } from '../../db/tables.js';
import { toUser } from './reads.js';

export type SessionRow = Selectable<SessionsTable>;

/** An active session as an authenticated call needs it, with its user's public record (never the password hash). */
export type ActiveSession = Pick<SessionRow, 'id' | 'user_id' | 'csrf_hash' | 'last_used_at' | 'expires_at'> & { user: User };

export function sessionsRepository(db: Kysely<Tables>) {
  return {
    async insert(session: Omit<SessionRow, 'id'>): Promise<SessionRow> {
      return db.insertInto('sessions').values(session).returningAll().executeTakeFirstOrThrow();
    },
    /** The active session of a token and its user, in one query: an authenticated call's only round trip. */
    async findActiveWithUser(tokenHash: string, now: number): Promise<ActiveSession | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id', 'sessions.user_id', 'sessions.csrf_hash', 'sessions.last_used_at', 'sessions.expires_at'])
        .select(['users.email', 'users.name', 'users.company', 'users.separador_csv', 'users.separador_decimal', 'users.timezone', 'users.language', 'users.reports_language'])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      const { id, user_id: userId, csrf_hash: csrfHash, last_used_at: lastUsedAt, expires_at: expiresAt, ...user } = row;
      return { id, user_id: userId, csrf_hash: csrfHash, last_used_at: lastUsedAt, expires_at: expiresAt, user: toUser({ id: userId, ...user }) };
    },
    async listActive(userId: number, now: number): Promise<SessionRow[]> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('last_used_at', 'desc')
        .execute();
    },
    async touch(id: number, now: number, expiresAt: number): Promise<void> {
      await db.updateTable('sessions').set({ last_used_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
    },
    async setCsrfHash(id: number, csrfHash: string): Promise<void> {
      await db.updateTable('sessions').set({ csrf_hash: csrfHash }).where('id', '=', id).execute();
    },
    /** Revokes one session of the user; false when it is not theirs or already ended. */
    async revoke(userId: number, id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async revokeAllOf(userId: number, now: number, exceptId?: number): Promise<void> {
      let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      await query.execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
