import type { LiveReading, MsgCalha } from '@portal/shared';
import type { Insertable, Kysely } from 'kysely';
import type { CalhaLeiturasTable, ColetasTable, DoseLeiturasTable, SiloLeiturasTable, Tables } from '../db/tables.js';
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

/** Rows per INSERT when many are written at once (the demo's history): well under both databases' parameter limits. */
const BATCH_ROWS = 500;

/**
 * Writes the live readings the reports need (silo kg, trough rotation, doser volume, collector
 * batches), downsampled by READING_PERIOD_MS. Each instance remembers the last bucket it wrote
 * per series, so most readings cost no query; rows written by another instance for the same
 * bucket are skipped by the unique key (insert … on conflict do nothing).
 */
export function readingsStore(db: Kysely<Tables>) {
  const lastBucket = new Map<string, number>();

  /** True the first time this instance sees `series` in `bucket`. */
  function due(series: string, bucket: number): boolean {
    if (lastBucket.get(series) === bucket) return false;
    lastBucket.set(series, bucket);
    return true;
  }

  /** The row one reading adds, or null when its series already has one for this period. */
  function rowFor(device: KnownDevice, reading: LiveReading, em: number): ReadingRow | null {
    const base = { owner_id: device.owner_id, device_id: device.id, em };
    switch (reading.tipo) {
      case 'SILO': {
        const bucket = bucketOf('SILO', em);
        if (!due(`S${device.id}`, bucket)) return null;
        return { table: 'silo_leituras', values: { ...base, bucket, peso_hg: tenths(reading.peso_kg) } };
      }
      case 'CALHA': {
        const bucket = bucketOf('CALHA', em);
        if (!due(`C${device.id}:${reading.idcalha}`, bucket)) return null;
        const presenca: MsgCalha['presenca'] = reading.presenca;
        return {
          table: 'calha_leituras',
          values: {
            ...base,
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
        if (!due(`D${device.id}`, bucket)) return null;
        return {
          table: 'dose_leituras',
          values: { ...base, bucket, volume_dml: tenths(reading.volume_ml), vazao_dml_min: tenths(reading.vazao_ml_min), ligada: reading.ligada ? 1 : 0 },
        };
      }
      case 'COLETA': {
        // Only a completed batch is a weighing of 20 birds; the readings before it are its progress.
        if (reading.machos + reading.femeas < COLETA_BATCH) return null;
        const bucket = bucketOf('COLETA', em);
        if (!due(`K${device.id}`, bucket)) return null;
        return { table: 'coletas', values: { ...base, bucket, machos: reading.machos, femeas: reading.femeas, peso_total_dg: tenths(reading.peso_total) } };
      }
      default:
        return null;
    }
  }

  /** Inserts rows of one table; a (device, bucket) already stored is skipped. */
  async function insertRows(table: ReadingRow['table'], values: ReadingRow['values'][]): Promise<void> {
    for (let start = 0; start < values.length; start += BATCH_ROWS) {
      const chunk = values.slice(start, start + BATCH_ROWS);
      // The union of row types is one table's rows here (grouped by insertMany).
      await db
        .insertInto(table)
        .values(chunk as never)
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
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
      if (row) await insertRows(row.table, [row.values]);
    },

    /** Writes many rows (the demo's history), grouped per table, in batches. */
    async insertMany(rows: readonly ReadingRow[]): Promise<void> {
      const byTable = new Map<ReadingRow['table'], ReadingRow['values'][]>();
      for (const row of rows) {
        const list = byTable.get(row.table) ?? [];
        list.push(row.values);
        byTable.set(row.table, list);
      }
      for (const [table, values] of byTable) await insertRows(table, values);
    },
  };
}
export type ReadingsStore = ReturnType<typeof readingsStore>;
