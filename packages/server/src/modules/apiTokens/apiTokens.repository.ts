import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, Tables } from '../../db/tables.js';

export type ApiTokenRow = Selectable<ApiTokensTable>;
export type ApiTokenValues = Omit<Insertable<ApiTokensTable>, 'id' | 'owner_id' | 'created_at' | 'ultimo_uso' | 'revogado_em'>;

/** API tokens (api_tokens): the owner's list, the lookup by hash of every call made with one. */
export function apiTokensRepository(db: Kysely<Tables>) {
  /** The owner's tokens neither revoked nor past their expiry at `now`. */
  const liveOf = (ownerId: number, now: number) =>
    db
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

    /** How many of the owner's tokens are live at `now`. */
    async liveCount(ownerId: number, now: number): Promise<number> {
      const row = await liveOf(ownerId, now).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async liveNameTaken(ownerId: number, nome: string, now: number): Promise<boolean> {
      return (await liveOf(ownerId, now).select('id').where('nome', '=', nome).executeTakeFirst()) !== undefined;
    },

    async insert(ownerId: number, values: ApiTokenValues, now: number): Promise<number> {
      const { id } = await db
        .insertInto('api_tokens')
        .values({ ...values, owner_id: ownerId, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
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
