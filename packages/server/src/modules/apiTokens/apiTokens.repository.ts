import type { Insertable, Kysely, Selectable } from 'kysely';
import { serializeOn, type Database } from '../../db/dialect.js';
import type { ApiTokensTable, Tables } from '../../db/tables.js';

export type ApiTokenRow = Selectable<ApiTokensTable>;
export type ApiTokenValues = Omit<Insertable<ApiTokensTable>, 'id' | 'owner_id' | 'created_at' | 'ultimo_uso' | 'revogado_em'>;

/** Why a token was not stored: its name is live already, or the owner has `max` live tokens. */
export type TokenInsertRefusal = 'DUPLICATE_NAME' | 'TOKEN_LIMIT';

/** API tokens (api_tokens): the owner's list, the lookup by hash of every call made with one. */
export function apiTokensRepository(database: Database) {
  const { db } = database;
  /** The owner's tokens neither revoked nor past their expiry at `now`. */
  const liveOf = (ownerId: number, now: number, from: Kysely<Tables> = db) =>
    from
      .selectFrom('api_tokens')
      .where('owner_id', '=', ownerId)
      .where('revogado_em', 'is', null)
      .where((eb) => eb.or([eb('expira_ms', 'is', null), eb('expira_ms', '>', now)]));

  return {
    async list(ownerId: number): Promise<ApiTokenRow[]> {
      return db.selectFrom('api_tokens').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    async find(ownerId: number, id: number): Promise<ApiTokenRow | undefined> {
      return db.selectFrom('api_tokens').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    },

    async findByHash(tokenHash: string): Promise<ApiTokenRow | undefined> {
      return db.selectFrom('api_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Stores a token unless its name is live already or the owner has `max` live tokens. The checks
     * and the insert hold the owner's lock together, so two creations at once cannot both pass.
     */
    async insertLive(ownerId: number, values: ApiTokenValues, now: number, max: number): Promise<{ id: number } | { refused: TokenInsertRefusal }> {
      return db.transaction().execute(async (trx) => {
        await serializeOn(database, trx, 'api tokens', ownerId);
        const live = liveOf(ownerId, now, trx);
        if (await live.select('id').where('nome', '=', values.nome).executeTakeFirst()) return { refused: 'DUPLICATE_NAME' as const };
        const { n } = await live.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
        if (Number(n) >= max) return { refused: 'TOKEN_LIMIT' as const };
        const { id } = await trx
          .insertInto('api_tokens')
          .values({ ...values, owner_id: ownerId, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id };
      });
    },

    /** Revokes once: a second revocation keeps the first instant. */
    async revoke(ownerId: number, id: number, now: number): Promise<void> {
      await db.updateTable('api_tokens').set({ revogado_em: now }).where('owner_id', '=', ownerId).where('id', '=', id).where('revogado_em', 'is', null).execute();
    },

    /**
     * Records a use, at most once per `interval` per token whatever the number of instances: the
     * row is written only when its last use is older (one small write a minute for a busy client).
     */
    async touch(id: number, now: number, interval: number): Promise<void> {
      await db
        .updateTable('api_tokens')
        .set({ ultimo_uso: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('ultimo_uso', 'is', null), eb('ultimo_uso', '<=', now - interval)]))
        .execute();
    },
  };
}
export type ApiTokensRepository = ReturnType<typeof apiTokensRepository>;
