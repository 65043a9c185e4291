import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';

/**
 * The rows of the feed consumption report that no module serves: a flock's weighings summed per
 * day, read in one statement from pesagens (the weighings module writes it). The silos' series and
 * movements come from the silos module.
 */
export function feedRepository(db: Kysely<Tables>) {
  return {
    /** The flock's weighings per day in [di, df]: birds and the sum of their weights (dg). */
    async weighingsPerDay(ownerId: number, loteId: number, di: string, df: string): Promise<{ data: string; aves: number; somaDg: number }[]> {
      const rows = await db
        .selectFrom('pesagens')
        .select(['data', db.fn.countAll<number | string>().as('aves'), db.fn.sum<number | string>('peso_dg').as('soma')])
        .where('owner_id', '=', ownerId)
        .where('lote_id', '=', loteId)
        .where('data', '>=', di)
        .where('data', '<=', df)
        .groupBy('data')
        .execute();
      return rows.map((row) => ({ data: row.data, aves: Number(row.aves), somaDg: Number(row.soma) }));
    },
  };
}
export type FeedRepository = ReturnType<typeof feedRepository>;
