import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { PadraoPontosTable, PadroesTable, Tables } from '../../db/tables.js';

export type PadraoRow = Selectable<PadroesTable>;
export type PadraoValues = Omit<Insertable<PadroesTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at'>;
export type PontoValues = Omit<Selectable<PadraoPontosTable>, 'padrao_id'>;

export interface PadraoWithPoints extends PadraoRow {
  pontos: PontoValues[];
  /** Flocks judged against it (on the farms the caller reaches). */
  lotes: number;
}

export function padroesRepository(db: Kysely<Tables>) {
  /** Flocks per standard among `ids`; `farms` null: on every farm, else only on these. */
  async function flockCounts(ids: number[], farms: readonly number[] | null): Promise<Map<number | null, number>> {
    if (farms !== null && farms.length === 0) return new Map();
    let query = db.selectFrom('lotes').select(['padrao_id', db.fn.countAll<number | string>().as('count')]).where('padrao_id', 'in', ids);
    if (farms !== null) query = query.where('nucleo_id', 'in', [...farms]);
    // PostgreSQL answers count(*) as a string.
    return new Map((await query.groupBy('padrao_id').execute()).map((row) => [row.padrao_id, Number(row.count)]));
  }

  async function withPoints(rows: PadraoRow[], farms: readonly number[] | null): Promise<PadraoWithPoints[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const points = await db
      .selectFrom('padrao_pontos')
      .select(['padrao_id', 'idade', 'peso', 'ganho_diario', 'conversao', 'consumo_acumulado', 'mortalidade_pct'])
      .where('padrao_id', 'in', ids)
      .orderBy('padrao_id')
      .orderBy('idade')
      .execute();
    const counts = await flockCounts(ids, farms);
    return rows.map((row) => ({
      ...row,
      pontos: points.filter((point) => point.padrao_id === row.id).map(({ padrao_id: _padrao, ...point }) => point),
      lotes: counts.get(row.id) ?? 0,
    }));
  }

  async function replacePoints(trx: Transaction<Tables>, padraoId: number, pontos: PontoValues[]): Promise<void> {
    await trx.deleteFrom('padrao_pontos').where('padrao_id', '=', padraoId).execute();
    await trx
      .insertInto('padrao_pontos')
      .values(pontos.map((ponto) => ({ ...ponto, padrao_id: padraoId })))
      .execute();
  }

  return {
    /** Ordered by id here; the service sorts by name (collations differ between the databases). */
    async list(ownerId: number, farms: readonly number[] | null): Promise<PadraoWithPoints[]> {
      return withPoints(await db.selectFrom('padroes').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute(), farms);
    },

    async find(ownerId: number, id: number, farms: readonly number[] | null): Promise<PadraoWithPoints | undefined> {
      const row = await db.selectFrom('padroes').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row ? (await withPoints([row], farms))[0] : undefined;
    },

    /** The name of `ownerId`'s standard `id`, without its points (flocks refer to standards). */
    async nameOf(ownerId: number, id: number): Promise<string | undefined> {
      const row = await db.selectFrom('padroes').select('nome').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row?.nome;
    },

    /** The standard's points by age (grams), or undefined when it is not the owner's. */
    async curve(ownerId: number, id: number): Promise<{ id: number; nome: string; pontos: { idade: number; peso: number }[] } | undefined> {
      const row = await db.selectFrom('padroes').select(['id', 'nome']).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const pontos = await db.selectFrom('padrao_pontos').select(['idade', 'peso']).where('padrao_id', '=', id).orderBy('idade').execute();
      return { ...row, pontos: pontos.map((ponto) => ({ idade: ponto.idade, peso: Number(ponto.peso) })) };
    },

    async insert(ownerId: number, values: PadraoValues, pontos: PontoValues[], now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('padroes')
          .values({ ...values, owner_id: ownerId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replacePoints(trx, id, pontos);
        return id;
      });
    },

    /** The standard and all its points are replaced together, or not at all. */
    async update(ownerId: number, id: number, values: PadraoValues, pontos: PontoValues[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('padroes').set({ ...values, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
        await replacePoints(trx, id, pontos);
      });
    },

    /** Its points go with it (ON DELETE CASCADE). */
    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('padroes').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },
  };
}
export type PadroesRepository = ReturnType<typeof padroesRepository>;
