import type { LiveReading, MsgCalha } from '@portal/shared';
import type { Insertable } from 'kysely';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { BULK_TRANSACTION_ROWS, bulkInsert, type BulkColumn, type Database } from '../db/dialect.js';
import type { CalhaLeiturasTable, ColetasTable, DoseLeiturasTable, SiloLeiturasTable } from '../db/tables.js';
import type { KnownDevice } from './types.js';

/**
 * How long one stored row stands for, per kind of reading: the series kept for the feed,
 * trough, dosing and collection reports (migration 0005). A device sends every few seconds;
 * the first reading of each period is stored, the rest only go to the live channel.
 */
export const READING_PERIOD_MS = {
  SILO: 5 * 60_000,
  CALHA: 60_000,
  DOSE: 30_000,
  // Every completed batch is kept; the bucket only makes a batch heard by two instances one row.
  COLETA: 1_000,
} as const;

/** Birds in a collector's batch (spec section 9: the average is the total / 20). */
export const COLETA_BATCH = 20;

const tenths = (value: number) => Math.round(value * 10);
const bucketOf = (kind: keyof typeof READING_PERIOD_MS, em: number) => Math.floor(em / READING_PERIOD_MS[kind]);

/** A row for one of the reading tables, ready to insert. */
export type ReadingRow =
  | { table: 'silo_leituras'; values: Insertable<SiloLeiturasTable> }
  | { table: 'calha_leituras'; values: Insertable<CalhaLeiturasTable> }
  | { table: 'dose_leituras'; values: Insertable<DoseLeiturasTable> }
  | { table: 'coletas'; values: Insertable<ColetasTable> };

const integer = (name: string): BulkColumn => ({ name, pgType: 'integer' });
const KEY_COLUMNS: BulkColumn[] = [integer('owner_id'), integer('device_id'), { name: 'em', pgType: 'bigint' }, { name: 'bucket', pgType: 'bigint' }];
/** Each reading table's columns, in the order rows are laid out for bulkInsert. */
const TABLE_COLUMNS: Record<ReadingRow['table'], BulkColumn[]> = {
  silo_leituras: [...KEY_COLUMNS, integer('peso_hg')],
  calha_leituras: [...KEY_COLUMNS, ...['idcalha', 'rpm_dec', 'voltas', 'ligada', 'presenca'].map(integer)],
  dose_leituras: [...KEY_COLUMNS, ...['volume_dml', 'vazao_dml_min', 'ligada'].map(integer)],
  coletas: [...KEY_COLUMNS, ...['machos', 'femeas', 'peso_total_dg'].map(integer)],
};

/**
 * Writes the live readings the reports need (silo kg, trough rotation, doser volume, collector
 * batches), downsampled by READING_PERIOD_MS. Each instance remembers the last bucket it wrote
 * per series, so most readings cost no query; rows written by another instance for the same
 * bucket are skipped by the unique key (insert … on conflict do nothing).
 */
export function readingsStore(database: Database) {
  const { db } = database;
  const lastBucket = new Map<string, number>();

  /** True the first time this instance sees `series` in `bucket`. */
  function due(series: string, bucket: number): boolean {
    if (lastBucket.get(series) === bucket) return false;
    lastBucket.set(series, bucket);
    return true;
  }

  /**
   * The row one reading adds, or null when its series already has one for this period. The rows
   * are written out field by field: an object spread costs microseconds, and the demo's history
   * makes a million of them.
   */
  function rowFor(device: KnownDevice, reading: LiveReading, em: number): ReadingRow | null {
    const { owner_id: ownerId, id: deviceId } = device;
    switch (reading.tipo) {
      case 'SILO': {
        const bucket = bucketOf('SILO', em);
        if (!due(`S${deviceId}`, bucket)) return null;
        return { table: 'silo_leituras', values: { owner_id: ownerId, device_id: deviceId, em, bucket, peso_hg: tenths(reading.peso_kg) } };
      }
      case 'CALHA': {
        const bucket = bucketOf('CALHA', em);
        if (!due(`C${deviceId}:${reading.idcalha}`, bucket)) return null;
        const presenca: MsgCalha['presenca'] = reading.presenca;
        return {
          table: 'calha_leituras',
          values: {
            owner_id: ownerId,
            device_id: deviceId,
            em,
            bucket,
            idcalha: reading.idcalha,
            rpm_dec: tenths(reading.rpm),
            voltas: reading.voltas,
            ligada: reading.ligada ? 1 : 0,
            presenca: typeof presenca === 'boolean' ? (presenca ? 1 : 0) : null,
          },
        };
      }
      case 'DOSE': {
        const bucket = bucketOf('DOSE', em);
        if (!due(`D${deviceId}`, bucket)) return null;
        return {
          table: 'dose_leituras',
          values: { owner_id: ownerId, device_id: deviceId, em, bucket, volume_dml: tenths(reading.volume_ml), vazao_dml_min: tenths(reading.vazao_ml_min), ligada: reading.ligada ? 1 : 0 },
        };
      }
      case 'COLETA': {
        // Only a completed batch is a weighing of 20 birds; the readings before it are its progress.
        if (reading.machos + reading.femeas < COLETA_BATCH) return null;
        const bucket = bucketOf('COLETA', em);
        if (!due(`K${deviceId}`, bucket)) return null;
        return {
          table: 'coletas',
          values: { owner_id: ownerId, device_id: deviceId, em, bucket, machos: reading.machos, femeas: reading.femeas, peso_total_dg: tenths(reading.peso_total) },
        };
      }
      default:
        return null;
    }
  }

  /**
   * Writes rows of every table in one transaction (several rows of a table in one statement); a
   * (device, bucket) already stored is skipped.
   */
  async function writeTogether(rows: readonly ReadingRow[]): Promise<void> {
    const byTable = new Map<ReadingRow['table'], unknown[][]>();
    for (const { table, values } of rows) {
      const record = values as unknown as Record<string, unknown>;
      const list = byTable.get(table) ?? [];
      // An absent optional value (a trough monitor without a feed sensor) is stored as null.
      list.push(TABLE_COLUMNS[table].map((column) => record[column.name] ?? null));
      byTable.set(table, list);
    }
    await db.transaction().execute(async (trx) => {
      for (const [table, list] of byTable) await bulkInsert(database, trx, table, TABLE_COLUMNS[table], list);
    });
  }

  return {
    rowFor,

    /** True when the owner has any stored silo, trough, doser or collector reading. */
    async hasHistory(ownerId: number): Promise<boolean> {
      for (const table of ['silo_leituras', 'calha_leituras', 'dose_leituras', 'coletas'] as const) {
        const row = await db.selectFrom(table).select('id').where('owner_id', '=', ownerId).limit(1).executeTakeFirst();
        if (row) return true;
      }
      return false;
    },

    /** Each of the owner's silo scales' last stored level, kg. */
    async lastSiloLevels(ownerId: number): Promise<Map<number, number>> {
      const latest = db.selectFrom('silo_leituras').select(({ fn }) => ['device_id', fn.max('em').as('em')]).where('owner_id', '=', ownerId).groupBy('device_id');
      const rows = await db
        .selectFrom('silo_leituras as s')
        .innerJoin(latest.as('l'), (join) => join.onRef('l.device_id', '=', 's.device_id').onRef('l.em', '=', 's.em'))
        .select(['s.device_id', 's.peso_hg'])
        .execute();
      return new Map(rows.map((row) => [row.device_id, row.peso_hg / 10]));
    },

    /** Stores what the reports keep of one live reading received at `em` (epoch ms). */
    async store(device: KnownDevice, reading: LiveReading, em: number): Promise<void> {
      const row = rowFor(device, reading, em);
      if (row) await writeTogether([row]);
    },

    /**
     * Writes many rows (the demo's history): multi-row inserts in transactions of the dialect's
     * BULK_TRANSACTION_ROWS, the event loop turning between two so the portal answers meanwhile.
     */
    async insertMany(rows: readonly ReadingRow[]): Promise<void> {
      const size = BULK_TRANSACTION_ROWS[database.dialect];
      for (let start = 0; start < rows.length; start += size) {
        if (start > 0) await eventLoopTurn();
        await writeTogether(rows.slice(start, start + size));
      }
    },
  };
}
export type ReadingsStore = ReturnType<typeof readingsStore>;
