import { sql, type Insertable, type Selectable } from 'kysely';
import { bulkWrite, DEVICE_READING_COLUMNS, integerColumns, type Database } from '../../db/dialect.js';
import { levelRanges, summaryGroups } from '../../db/rollup-reads.js';
import { HOUR_MS, MINUTE_MS, readingMaintenance, summaryTable } from '../../db/rollups.js';
import type { DosagensTable, DoseLeiturasTable } from '../../db/tables.js';
import type { DoseRow } from './runs.js';

export type DosagemRow = Selectable<DosagensTable>;
export type NewDoseReading = Insertable<DoseLeiturasTable>;
export type NewDosagem = Omit<Insertable<DosagensTable>, 'id'>;
export type DosagemChanges = Partial<Pick<DosagensTable, 'inicio' | 'inicio_bucket' | 'fim' | 'volume_dml' | 'produto' | 'operador' | 'obs'>>;

/** A device event as the sync compares it with what the readings say now. */
export interface StoredDeviceEvent {
  id: number;
  inicio_bucket: number;
  fim: number | null;
  volume_dml: number;
  operador: string;
  obs: string;
}

/** One step of the doser chart: the sums of its readings. */
export interface DoseStep {
  step: number;
  vazao_sum: number;
  volume_max: number;
  readings: number;
}

const DAY_MS = 86_400_000;
/** Rows per INSERT of derived events (a backfill of months writes thousands). */
const INSERT_ROWS = 500;
/** dose_leituras' columns in bulkWrite's order. */
const READING_COLUMNS = [...DEVICE_READING_COLUMNS, ...integerColumns('volume_dml', 'vazao_dml_min', 'ligada')];

const asDoseRow = (row: { em: number; volume_dml: number; vazao_dml_min: number; ligada: number }): DoseRow => ({
  em: Number(row.em),
  volume_dml: Number(row.volume_dml),
  vazao_dml_min: Number(row.vazao_dml_min),
  ligada: Number(row.ligada),
});

/**
 * Dosing events (dosagens) and the doser readings (dose_leituras) they come from, both written
 * here alone, and the times of the pictures that prove them.
 */
export function dosagensRepository(database: Database) {
  const { db } = database;
  return {
    /** Stores readings, one per doser and bucket (a bucket already stored, by any instance, is skipped). */
    insertReadings: (rows: readonly NewDoseReading[]): Promise<void> => bulkWrite(database, 'dose_leituras', READING_COLUMNS, rows),

    /** True when the owner has any stored doser reading. */
    async anyReadingOf(ownerId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('dose_leituras').select('id').where('owner_id', '=', ownerId).limit(1).executeTakeFirst());
    },

    /** Start of the device's oldest event still open, if any. */
    async oldestOpenStart(deviceId: number): Promise<number | null> {
      const row = await db
        .selectFrom('dosagens')
        .select((eb) => eb.fn.min('inicio').as('inicio'))
        .where('device_id', '=', deviceId)
        .where('origem', '=', 'device')
        .where('fim', 'is', null)
        .executeTakeFirst();
      return row?.inicio === null || row?.inicio === undefined ? null : Number(row.inicio);
    },

    /** The last reading at or before `em` that shows the pump off. */
    async lastOffAtOrBefore(deviceId: number, em: number): Promise<number | null> {
      const row = await db
        .selectFrom('dose_leituras')
        .select('em')
        .where('device_id', '=', deviceId)
        .where('em', '<=', em)
        .where('ligada', '=', 0)
        .orderBy('em', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.em) : null;
    },

    /** Readings from `from` (inclusive; or after `after`, exclusive), oldest first, at most `limit`. */
    async readingsPage(deviceId: number, bound: { from: number } | { after: number }, limit: number): Promise<DoseRow[]> {
      let query = db.selectFrom('dose_leituras').select(['em', 'volume_dml', 'vazao_dml_min', 'ligada']).where('device_id', '=', deviceId);
      query = 'from' in bound ? query.where('em', '>=', bound.from) : query.where('em', '>', bound.after);
      return (await query.orderBy('em').limit(limit).execute()).map(asDoseRow);
    },

    /**
     * Readings in [from, to], oldest first, at most `limit`. Where raw rows are purged, the last
     * reading of each minute (else hour) the summaries kept stands for them.
     */
    async readingsBetween(deviceId: number, from: number, to: number, limit: number): Promise<DoseRow[]> {
      const levels = await levelRanges(db, 'dose_leituras', { device_id: deviceId }, from, to + 1);
      const found: DoseRow[] = [];
      for (const level of ['hora', 'min'] as const) {
        const range = levels[level];
        if (!range || found.length >= limit) continue;
        const rows = await db
          .selectFrom(summaryTable('dose_leituras', level) as 'dose_leituras_min')
          .select(['ultimo_em', 'volume_ultimo', 'vazao_ultimo', 'ligada_ultimo'])
          .where('device_id', '=', deviceId)
          .where('inicio', '>=', range.from)
          .where('inicio', '<', range.to)
          .orderBy('inicio')
          .limit(limit - found.length)
          .execute();
        for (const row of rows) found.push(asDoseRow({ em: row.ultimo_em, volume_dml: row.volume_ultimo, vazao_dml_min: row.vazao_ultimo, ligada: row.ligada_ultimo }));
      }
      if (!levels.raw || found.length >= limit) return found;
      const rows = await db
        .selectFrom('dose_leituras')
        .select(['em', 'volume_dml', 'vazao_dml_min', 'ligada'])
        .where('device_id', '=', deviceId)
        .where('em', '>=', levels.raw.from)
        .where('em', '<=', to)
        .orderBy('em')
        .limit(limit - found.length)
        .execute();
      return found.concat(rows.map(asDoseRow));
    },

    /** dose_leituras' summing and purge, for the periodic job (modules/readings). */
    maintenance: readingMaintenance(database, 'dose_leituras'),

    async deviceEventsFrom(deviceId: number, fromBucket: number): Promise<StoredDeviceEvent[]> {
      const rows = await db
        .selectFrom('dosagens')
        .select(['id', 'inicio_bucket', 'fim', 'volume_dml', 'operador', 'obs'])
        .where('device_id', '=', deviceId)
        .where('origem', '=', 'device')
        .where('inicio_bucket', '>=', fromBucket)
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), inicio_bucket: Number(row.inicio_bucket), fim: row.fim === null ? null : Number(row.fim) }));
    },

    /**
     * Inserts device events; one already there for its (device, start minute), written by
     * another instance, is left alone. Answers the ones this call stored.
     */
    async insertDeviceEvents(rows: readonly NewDosagem[]): Promise<Array<{ id: number; inicio_bucket: number; fim: number | null }>> {
      const created: Array<{ id: number; inicio_bucket: number; fim: number | null }> = [];
      for (let start = 0; start < rows.length; start += INSERT_ROWS) {
        const inserted = await db
          .insertInto('dosagens')
          .values(rows.slice(start, start + INSERT_ROWS))
          .onConflict((conflict) => conflict.columns(['device_id', 'inicio_bucket']).doNothing())
          .returning(['id', 'inicio_bucket', 'fim'])
          .execute();
        created.push(...inserted.map((row) => ({ id: Number(row.id), inicio_bucket: Number(row.inicio_bucket), fim: row.fim === null ? null : Number(row.fim) })));
      }
      return created;
    },

    /** Moves an open device event on; a closed one is final (a slower instance cannot reopen it). */
    async updateOpenEvent(id: number, fim: number | null, volumeDml: number, now: number): Promise<void> {
      await db.updateTable('dosagens').set({ fim, volume_dml: volumeDml, updated_at: now }).where('id', '=', id).where('fim', 'is', null).execute();
    },

    /** Drops open device events the readings no longer show (nobody annotated them). */
    async deleteOpenEvents(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('dosagens').where('id', 'in', [...ids]).where('fim', 'is', null).where('operador', '=', '').where('obs', '=', '').execute();
    },

    /** A fumigator's events that started in [from, to), newest first. */
    async eventsOf(fumigadorId: number, from: number, to: number, limit: number): Promise<DosagemRow[]> {
      return db
        .selectFrom('dosagens')
        .selectAll()
        .where('fumigador_id', '=', fumigadorId)
        .where('inicio', '>=', from)
        .where('inicio', '<', to)
        .orderBy('inicio', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** When the owner's events started in [from, to), per fumigator (alarms: a doser's missed scheduled time). */
    async startsBetween(ownerId: number, from: number, to: number): Promise<Array<{ fumigador_id: number; inicio: number }>> {
      const rows = await db
        .selectFrom('dosagens')
        .select(['fumigador_id', 'inicio'])
        .where('owner_id', '=', ownerId)
        .where('fumigador_id', 'is not', null)
        .where('inicio', '>=', from)
        .where('inicio', '<', to)
        .execute();
      return rows.map((row) => ({ fumigador_id: Number(row.fumigador_id), inicio: Number(row.inicio) }));
    },

    /** Start, end and volume of a fumigator's events that started in [from, to) (the daily report). */
    async eventTotals(fumigadorId: number, from: number, to: number): Promise<Array<{ inicio: number; fim: number | null; volume_dml: number }>> {
      const rows = await db
        .selectFrom('dosagens')
        .select(['inicio', 'fim', 'volume_dml'])
        .where('fumigador_id', '=', fumigadorId)
        .where('inicio', '>=', from)
        .where('inicio', '<', to)
        .execute();
      return rows.map((row) => ({ inicio: Number(row.inicio), fim: row.fim === null ? null : Number(row.fim), volume_dml: Number(row.volume_dml) }));
    },

    async find(ownerId: number, id: number): Promise<DosagemRow | undefined> {
      return db.selectFrom('dosagens').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    },

    async insert(values: NewDosagem): Promise<number> {
      const { id } = await db.insertInto('dosagens').values(values).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(ownerId: number, id: number, changes: DosagemChanges, now: number): Promise<void> {
      await db.updateTable('dosagens').set({ ...changes, updated_at: now }).where('owner_id', '=', ownerId).where('id', '=', id).execute();
    },

    async remove(ownerId: number, id: number): Promise<void> {
      await db.deleteFrom('dosagens').where('owner_id', '=', ownerId).where('id', '=', id).where('origem', '=', 'manual').execute();
    },

    /** Local days (owner's offset, ms) in [from, to) on which the doser sent readings (raw, or summed where purged). */
    async readingDays(deviceId: number, from: number, to: number, offsetMs: number): Promise<Set<number>> {
      const levels = await levelRanges(db, 'dose_leituras', { device_id: deviceId }, from, to);
      const days = new Set<number>();
      for (const level of ['hora', 'min'] as const) {
        const range = levels[level];
        if (range) for (const group of await summaryGroups(db, summaryTable('dose_leituras', level), [deviceId], range, DAY_MS, offsetMs, { n: 'sum(n)' })) days.add(group.step);
      }
      if (!levels.raw) return days;
      // Literals, not parameters: PostgreSQL must see one expression in SELECT and GROUP BY (as fotos.repository).
      const day = sql<number>`(em + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)}`;
      const rows = await db
        .selectFrom('dose_leituras')
        .select(day.as('day'))
        .where('device_id', '=', deviceId)
        .where('em', '>=', levels.raw.from)
        .where('em', '<', levels.raw.to)
        .groupBy(day)
        .execute();
      for (const row of rows) days.add(Math.floor(Number(row.day)));
      return days;
    },

    /**
     * The readings of [from, to) summed per step (counted from local midnight, offset ms): `stepMs`,
     * or a minute (an hour) when some of the period is read from minute (hour) summaries. Answers
     * the step used.
     */
    async readingSteps(deviceId: number, from: number, to: number, stepMs: number, offsetMs: number): Promise<{ stepMs: number; steps: DoseStep[] }> {
      const levels = await levelRanges(db, 'dose_leituras', { device_id: deviceId }, from, to);
      const used = levels.hora ? Math.max(stepMs, HOUR_MS) : levels.min ? Math.max(stepMs, MINUTE_MS) : stepMs;
      const merged = new Map<number, DoseStep>();
      const add = (key: number, sums: Omit<DoseStep, 'step'>) => {
        const current = merged.get(key) ?? { step: key, vazao_sum: 0, volume_max: 0, readings: 0 };
        current.vazao_sum += sums.vazao_sum;
        current.volume_max = Math.max(current.volume_max, sums.volume_max);
        current.readings += sums.readings;
        merged.set(key, current);
      };
      for (const level of ['hora', 'min'] as const) {
        const range = levels[level];
        if (!range) continue;
        const columns = { vazao_sum: 'sum(vazao_soma)', volume_max: 'max(volume_max)', readings: 'sum(n)' };
        for (const group of await summaryGroups(db, summaryTable('dose_leituras', level), [deviceId], range, used, offsetMs, columns)) add(group.step, group);
      }
      if (levels.raw) {
        const step = sql<number>`(em + ${sql.lit(offsetMs)}) / ${sql.lit(used)}`;
        const rows = await db
          .selectFrom('dose_leituras')
          .select([
            step.as('step'),
            (eb) => eb.fn.sum<number>('vazao_dml_min').as('vazao_sum'),
            (eb) => eb.fn.max('volume_dml').as('volume_max'),
            (eb) => eb.fn.countAll<number>().as('readings'),
          ])
          .where('device_id', '=', deviceId)
          .where('em', '>=', levels.raw.from)
          .where('em', '<', levels.raw.to)
          .groupBy(step)
          .execute();
        // Merged again by whole step, so a REAL division could never split one.
        for (const row of rows) add(Math.floor(Number(row.step)), { vazao_sum: Number(row.vazao_sum), volume_max: Number(row.volume_max), readings: Number(row.readings) });
      }
      return { stepMs: used, steps: [...merged.values()].sort((a, b) => a.step - b.step) };
    },

    /** When the device's pictures in [from, to] were stored, oldest first. */
    async fotoTimes(deviceId: number, from: number, to: number): Promise<number[]> {
      const rows = await db
        .selectFrom('device_fotos')
        .select('created_at')
        .where('device_id', '=', deviceId)
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => Number(row.created_at));
    },
  };
}
export type DosagensRepository = ReturnType<typeof dosagensRepository>;
