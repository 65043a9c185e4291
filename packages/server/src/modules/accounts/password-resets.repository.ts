import type { Kysely, Selectable } from 'kysely';
import type { PasswordResetsTable, Tables } from '../../db/tables.js';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

export function passwordResetsRepository(db: Kysely<Tables>) {
  return {
    async insert(reset: Omit<PasswordResetRow, 'id'>): Promise<void> {
      await db.insertInto('password_resets').values(reset).execute();
    },
    /**
     * Marks the link used and returns its user, in one statement so two clicks cannot both
     * succeed; undefined when unknown, expired or already used.
     */
    async consume(tokenHash: string, now: number): Promise<number | undefined> {
      const row = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id;
    },
    /** Withdraws a link that could not be mailed. */
    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('password_resets').where('token_hash', '=', tokenHash).execute();
    },
    /** Other outstanding links die when the password changes. */
    async expireAllOf(userId: number, now: number): Promise<void> {
      await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },
  };
}
