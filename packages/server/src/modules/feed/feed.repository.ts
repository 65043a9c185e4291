import type { SiloSample } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { siloScaleReadings } from '../silos/readings.repository.js';

/** The rows the feed consumption report reads: silo scale readings, consumption movements, a flock's weighings. */
export function feedRepository(db: Kysely<Tables>) {
  return {
    /** A silo scale's readings (kg, 1 decimal) received in [from, to), oldest first. */
    siloReadings: (ownerId: number, deviceId: number, from: number, to: number): Promise<SiloSample[]> => siloScaleReadings(db, ownerId, deviceId, from, to),

    /** Feed taken out of each silo by consumption movements, per day in [di, df]: hg (positive). */
    async consumptionMovements(siloIds: number[], di: string, df: string): Promise<{ silo_id: number; data: string; hg: number }[]> {
      if (siloIds.length === 0) return [];
      const rows = await db
        .selectFrom('silo_movimentos')
        .select(['silo_id', 'data', db.fn.sum<number | string>('quantidade_hg').as('total')])
        .where('silo_id', 'in', siloIds)
        .where('tipo', '=', 'consumo')
        .where('data', '>=', di)
        .where('data', '<=', df)
        .groupBy(['silo_id', 'data'])
        .execute();
      // Stored with its signed effect on the silo: a consumption is negative.
      return rows.map((row) => ({ silo_id: row.silo_id, data: row.data, hg: -Number(row.total) }));
    },

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
