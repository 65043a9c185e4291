import { sql, type Insertable } from 'kysely';
import { bulkWrite, DEVICE_READING_COLUMNS, integerColumns, type Database } from '../../db/dialect.js';
import { levelRanges, summaryGroups } from '../../db/rollup-reads.js';
import { readingMaintenance, summaryTable } from '../../db/rollups.js';
import type { ColetasTable } from '../../db/tables.js';

export const DAY_MS = 86_400_000;
export type NewColeta = Insertable<ColetasTable>;

/** coletas' columns in bulkWrite's order. */
const COLUMNS = [...DEVICE_READING_COLUMNS, ...integerColumns('machos', 'femeas', 'peso_total_dg')];

/** The sums of one collector's batches on one local day; the day is counted from the epoch. */
export interface ColetaDaySums {
  device_id: number;
  day: number;
  coletas: number;
  machos: number;
  femeas: number;
  peso_total_dg: number;
}

/** Completed batches of ground collectors (table coletas, written here alone). */
export function coletasRepository(database: Database) {
  const { db } = database;
  return {
    /** Stores batches, one per collector and bucket (a bucket already stored, by any instance, is skipped). */
    insert: (rows: readonly NewColeta[]): Promise<void> => bulkWrite(database, 'coletas', COLUMNS, rows),

    /** True when the owner has any stored batch. */
    async anyOfOwner(ownerId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('coletas').select('id').where('owner_id', '=', ownerId).limit(1).executeTakeFirst());
    },

    /** coletas' summing and purge, for the periodic job (modules/readings). */
    maintenance: readingMaintenance(database, 'coletas'),

    /**
     * Per device and local day, the batches received in [from, to) (epoch ms). `offsetMs` moves
     * an instant into the owner's local time, so `(em + offset) / day` is the local day's number.
     * Where a collector's raw batches are purged, its minute (else hour) summaries hold the same sums.
     */
    async dailySums(ownerId: number, deviceIds: readonly number[], from: number, to: number, offsetMs: number): Promise<ColetaDaySums[]> {
      const found: ColetaDaySums[] = [];
      const rawParts: Array<{ deviceId: number; from: number; to: number }> = [];
      for (const deviceId of deviceIds) {
        const levels = await levelRanges(db, 'coletas', { device_id: deviceId }, from, to);
        for (const level of ['hora', 'min'] as const) {
          const range = levels[level];
          if (!range) continue;
          const columns = { coletas: 'sum(n)', machos: 'sum(machos)', femeas: 'sum(femeas)', peso_total_dg: 'sum(peso_total_dg)' };
          for (const { step, ...sums } of await summaryGroups(db, summaryTable('coletas', level), [deviceId], range, DAY_MS, offsetMs, columns)) found.push({ ...sums, day: step });
        }
        if (levels.raw) rawParts.push({ deviceId, ...levels.raw });
      }
      // Literals, not parameters: PostgreSQL must see the same expression in SELECT and GROUP BY,
      // and SQLite divides integer literals as integers (em is never before 1970).
      const day = sql<number>`(em + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)}`;
      for (const part of rawParts) {
        const rows = await db
          .selectFrom('coletas')
          .select((eb) => [
            'device_id',
            day.as('day'),
            eb.fn.countAll<number>().as('coletas'),
            eb.fn.sum<number>('machos').as('machos'),
            eb.fn.sum<number>('femeas').as('femeas'),
            eb.fn.sum<number>('peso_total_dg').as('peso_total_dg'),
          ])
          .where('owner_id', '=', ownerId)
          .where('device_id', '=', part.deviceId)
          .where('em', '>=', part.from)
          .where('em', '<', part.to)
          .groupBy(['device_id', day])
          .execute();
        // PostgreSQL answers counts and sums of integers as bigint text.
        for (const row of rows) {
          found.push({
            device_id: Number(row.device_id),
            day: Math.floor(Number(row.day)),
            coletas: Number(row.coletas),
            machos: Number(row.machos),
            femeas: Number(row.femeas),
            peso_total_dg: Number(row.peso_total_dg),
          });
        }
      }
      return found;
    },
  };
}
export type ColetasRepository = ReturnType<typeof coletasRepository>;
