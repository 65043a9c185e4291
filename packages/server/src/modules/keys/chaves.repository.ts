import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ChavesTable, ChaveUsosTable, Tables } from '../../db/tables.js';

export type ChaveRow = Selectable<ChavesTable>;
export type ChaveValues = Pick<Insertable<ChavesTable>, 'descricao' | 'escopo' | 'validade' | 'ativa'>;
export type ChaveUsoValues = Omit<Insertable<ChaveUsosTable>, 'id'>;

export interface ChaveWithUse extends ChaveRow {
  usos: number;
  ultimo_uso: number | null;
}

export interface ChaveUsoRow {
  id: number;
  chave_id: number;
  descricao: string;
  acao: string;
  detalhe: string;
  ip: string;
  user_email: string | null;
  created_at: number;
}

/** The newest entries getchavehist answers; older ones stay stored. */
const HISTORY_LIMIT = 1000;

/** Access keys (chaves) and the history of their uses. */
export function chavesRepository(db: Kysely<Tables>) {
  /** Uses that did something (refused attempts are history, not uses). */
  async function withUse(rows: ChaveRow[]): Promise<ChaveWithUse[]> {
    if (rows.length === 0) return [];
    const uses = await db
      .selectFrom('chave_usos')
      .select(['chave_id', db.fn.countAll<number | string>().as('count'), db.fn.max('created_at').as('last')])
      .where('chave_id', 'in', rows.map((row) => row.id))
      .where('acao', '<>', 'recusada')
      .groupBy('chave_id')
      .execute();
    const byKey = new Map(uses.map((use) => [use.chave_id, use]));
    return rows.map((row) => {
      const use = byKey.get(row.id);
      // PostgreSQL answers count and a bigint max as strings.
      return { ...row, usos: Number(use?.count ?? 0), ultimo_uso: use?.last == null ? null : Number(use.last) };
    });
  }

  return {
    async list(ownerId: number): Promise<ChaveWithUse[]> {
      return withUse(await db.selectFrom('chaves').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute());
    },

    async find(ownerId: number, id: number): Promise<ChaveWithUse | undefined> {
      const row = await db.selectFrom('chaves').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row ? (await withUse([row]))[0] : undefined;
    },

    async findByHash(keyHash: string): Promise<ChaveRow | undefined> {
      return db.selectFrom('chaves').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    },

    async insert(ownerId: number, values: ChaveValues & { key_hash: string; inicio: string }, now: number): Promise<number> {
      const { id } = await db
        .insertInto('chaves')
        .values({ ...values, owner_id: ownerId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(ownerId: number, id: number, values: ChaveValues, now: number): Promise<void> {
      await db.updateTable('chaves').set({ ...values, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    /** The key and its history go together. */
    async remove(ownerId: number, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('chave_usos').where('chave_id', '=', id).execute();
        await trx.deleteFrom('chaves').where('owner_id', '=', ownerId).where('id', '=', id).execute();
      });
    },

    async recordUse(values: ChaveUsoValues): Promise<void> {
      await db.insertInto('chave_usos').values(values).execute();
    },

    /** Uses of the owner's keys (or of one key), newest first, with who used them. */
    async history(ownerId: number, chaveId: number | undefined): Promise<ChaveUsoRow[]> {
      let query = db
        .selectFrom('chave_usos')
        .innerJoin('chaves', 'chaves.id', 'chave_usos.chave_id')
        .leftJoin('users', 'users.id', 'chave_usos.user_id')
        .select([
          'chave_usos.id', 'chave_usos.chave_id', 'chaves.descricao', 'chave_usos.acao', 'chave_usos.detalhe', 'chave_usos.ip',
          'users.email as user_email', 'chave_usos.created_at',
        ])
        .where('chaves.owner_id', '=', ownerId);
      if (chaveId !== undefined) query = query.where('chaves.id', '=', chaveId);
      const rows = await query.orderBy('chave_usos.created_at', 'desc').orderBy('chave_usos.id', 'desc').limit(HISTORY_LIMIT).execute();
      return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
    },
  };
}
export type ChavesRepository = ReturnType<typeof chavesRepository>;
