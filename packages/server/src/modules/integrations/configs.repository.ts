import type { Insertable, Kysely, Selectable } from 'kysely';
import type { IntegrationConfigsTable, Tables } from '../../db/tables.js';

export type ConfigKind = 'integracao' | 'mtech';
export type ConfigRow = Selectable<IntegrationConfigsTable>;
/** What a save writes; `senha_enc` undefined on an update keeps the stored password. */
export type ConfigValues = Omit<Insertable<IntegrationConfigsTable>, 'id' | 'owner_id' | 'kind' | 'created_at' | 'updated_at'>;

/** Integration and Mtech settings share one table, told apart by `kind`; every query names both owner and kind. */
export function integrationConfigsRepository(db: Kysely<Tables>) {
  const owned = (ownerId: number, kind: ConfigKind) =>
    db.selectFrom('integration_configs').selectAll().where('owner_id', '=', ownerId).where('kind', '=', kind);

  return {
    async list(ownerId: number, kind: ConfigKind): Promise<ConfigRow[]> {
      return owned(ownerId, kind).orderBy('nome').orderBy('id').execute();
    },

    async find(ownerId: number, kind: ConfigKind, id: number): Promise<ConfigRow | undefined> {
      return owned(ownerId, kind).where('id', '=', id).executeTakeFirst();
    },

    async names(ownerId: number, kind: ConfigKind): Promise<Array<{ id: number; nome: string }>> {
      return db
        .selectFrom('integration_configs')
        .select(['id', 'nome'])
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind)
        .execute();
    },

    async insert(ownerId: number, kind: ConfigKind, values: ConfigValues, now: number): Promise<number> {
      const { id } = await db
        .insertInto('integration_configs')
        .values({ ...values, owner_id: ownerId, kind, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(ownerId: number, kind: ConfigKind, id: number, values: ConfigValues, now: number): Promise<void> {
      await db
        .updateTable('integration_configs')
        .set({ ...values, updated_at: now })
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind)
        .where('id', '=', id)
        .execute();
    },

    /** Issue 21's export reads and writes the state below by id (the run already names its owner). */
    async byId(id: number): Promise<ConfigRow | undefined> {
      return db.selectFrom('integration_configs').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Every configuration that sends on a schedule now: on, not paused, not manual. */
    async scheduled(): Promise<ConfigRow[]> {
      return db
        .selectFrom('integration_configs')
        .selectAll()
        .where('ativo', '=', 1)
        .where('pausada_em', 'is', null)
        .where('agenda', '!=', 'manual')
        .orderBy('id')
        .execute();
    },
    async paused(ownerId: number): Promise<ConfigRow[]> {
      return db.selectFrom('integration_configs').selectAll().where('owner_id', '=', ownerId).where('pausada_em', 'is not', null).orderBy('id').execute();
    },
    async setSecret(id: number, sealed: string): Promise<void> {
      await db.updateTable('integration_configs').set({ segredo_enc: sealed }).where('id', '=', id).execute();
    },
    /** "Enviar agora" on a paused configuration: it sends again, its failures forgotten. */
    async resume(id: number): Promise<void> {
      await db.updateTable('integration_configs').set({ pausada_em: null, falhas_seguidas: 0 }).where('id', '=', id).execute();
    },
    async recordSuccess(id: number, now: number): Promise<void> {
      await db
        .updateTable('integration_configs')
        .set({ falhas_seguidas: 0, ultimo_sucesso: now, ultimo_erro: null, ultimo_erro_detalhe: null })
        .where('id', '=', id)
        .execute();
    },
    /** A failed run: one more consecutive failure, paused at `pausedAt` when not null. */
    async recordFailure(id: number, failure: { erro: string; detalhe: string | null; falhas: number; pausedAt: number | null }): Promise<void> {
      await db
        .updateTable('integration_configs')
        .set({ falhas_seguidas: failure.falhas, ultimo_erro: failure.erro, ultimo_erro_detalhe: failure.detalhe, ...(failure.pausedAt === null ? {} : { pausada_em: failure.pausedAt }) })
        .where('id', '=', id)
        .execute();
    },
    async remove(ownerId: number, kind: ConfigKind, id: number): Promise<void> {
      await db.deleteFrom('integration_configs').where('owner_id', '=', ownerId).where('kind', '=', kind).where('id', '=', id).execute();
    },
  };
}
export type IntegrationConfigsRepository = ReturnType<typeof integrationConfigsRepository>;
