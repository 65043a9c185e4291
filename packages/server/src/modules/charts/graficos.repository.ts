import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { GraficoLinhasTable, GraficosTable, Tables } from '../../db/tables.js';

export type GraficoRow = Selectable<GraficosTable>;
export type GraficoValues = Omit<Insertable<GraficosTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at'>;
export type LinhaValues = Omit<Insertable<GraficoLinhasTable>, 'id' | 'grafico_id' | 'ordem'>;
export type LinhaRow = Selectable<GraficoLinhasTable>;

export interface GraficoWithLines extends GraficoRow {
  linhas: LinhaRow[];
}

/** The record a chart line reads: its column in grafico_linhas and the table it points at. */
export type ChartLineColumn = 'lote_id' | 'silo_id' | 'padrao_id' | 'device_id';
const TABLE_OF: Record<ChartLineColumn, 'lotes' | 'silos' | 'padroes' | 'devices'> = {
  lote_id: 'lotes',
  silo_id: 'silos',
  padrao_id: 'padroes',
  device_id: 'devices',
};

export function graficosRepository(db: Kysely<Tables>) {
  async function withLines(rows: GraficoRow[]): Promise<GraficoWithLines[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .selectFrom('grafico_linhas')
      .selectAll()
      .where('grafico_id', 'in', rows.map((row) => row.id))
      .orderBy('ordem')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, linhas: lines.filter((line) => line.grafico_id === row.id) }));
  }

  async function replaceLines(trx: Transaction<Tables>, graficoId: number, linhas: LinhaValues[]): Promise<void> {
    await trx.deleteFrom('grafico_linhas').where('grafico_id', '=', graficoId).execute();
    await trx
      .insertInto('grafico_linhas')
      .values(linhas.map((linha, ordem) => ({ ...linha, grafico_id: graficoId, ordem })))
      .execute();
  }

  return {
    /** Ordered by id here; the service sorts by title (collations differ between the databases). */
    async list(ownerId: number): Promise<GraficoWithLines[]> {
      return withLines(await db.selectFrom('graficos').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute());
    },

    async find(ownerId: number, id: number): Promise<GraficoWithLines | undefined> {
      const row = await db.selectFrom('graficos').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row ? (await withLines([row]))[0] : undefined;
    },

    /** Of `ids`, those that are `ownerId`'s records of the kind `column` points at. */
    async ownedIds(ownerId: number, column: ChartLineColumn, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom(TABLE_OF[column]).select('id').where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    async insert(ownerId: number, values: GraficoValues, linhas: LinhaValues[], now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('graficos')
          .values({ ...values, owner_id: ownerId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceLines(trx, id, linhas);
        return id;
      });
    },

    async update(ownerId: number, id: number, values: GraficoValues, linhas: LinhaValues[], now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('graficos').set({ ...values, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
        await replaceLines(trx, id, linhas);
      });
    },

    async setPainel(ownerId: number, id: number, painel: boolean, now: number): Promise<void> {
      await db.updateTable('graficos').set({ painel: painel ? 1 : 0, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    /**
     * True when a chart line plots the record `id` (a flock, silo, standard or device): such a record
     * cannot be deleted (RECORD_IN_USE); the charts service registers this check with their owners.
     */
    async chartLinesUsing(column: ChartLineColumn, id: number): Promise<boolean> {
      const row = await db.selectFrom('grafico_linhas').select('id').where(column, '=', id).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Its lines go with it (ON DELETE CASCADE). */
    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('graficos').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },
  };
}
export type GraficosRepository = ReturnType<typeof graficosRepository>;
