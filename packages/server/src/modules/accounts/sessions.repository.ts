import type { Kysely, Selectable } from 'kysely';
import type { SessionsTable, Tables } from '../../db/tables.js';

export type SessionRow = Selectable<SessionsTable>;

export function sessionsRepository(db: Kysely<Tables>) {
  return {
    async insert(session: Omit<SessionRow, 'id'>): Promise<SessionRow> {
      return db.insertInto('sessions').values(session).returningAll().executeTakeFirstOrThrow();
    },
    async findActiveByTokenHash(tokenHash: string, now: number): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
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
