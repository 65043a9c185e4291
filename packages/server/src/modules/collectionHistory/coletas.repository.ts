import { sql, type Insertable } from 'kysely';
import { bulkWrite, DEVICE_READING_COLUMNS, integerColumns, type Database } from '../../db/dialect.js';
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

    /**
     * Per device and local day, the batches received in [from, to) (epoch ms). `offsetMs` moves
     * an instant into the owner's local time, so `(em + offset) / day` is the local day's number.
     */
    async dailySums(ownerId: number, deviceIds: readonly number[], from: number, to: number, offsetMs: number): Promise<ColetaDaySums[]> {
      if (deviceIds.length === 0) return [];
      // Literals, not parameters: PostgreSQL must see the same expression in SELECT and GROUP BY,
      // and SQLite divides integer literals as integers (em is never before 1970).
      const day = sql<number>`(em + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)}`;
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
        .where('device_id', 'in', [...deviceIds])
        .where('em', '>=', from)
        .where('em', '<', to)
        .groupBy(['device_id', day])
        .execute();
      // PostgreSQL answers counts and sums of integers as bigint text.
      return rows.map((row) => ({
        device_id: Number(row.device_id),
        day: Math.floor(Number(row.day)),
        coletas: Number(row.coletas),
        machos: Number(row.machos),
        femeas: Number(row.femeas),
        peso_total_dg: Number(row.peso_total_dg),
      }));
    },
  };
}
export type ColetasRepository = ReturnType<typeof coletasRepository>;
