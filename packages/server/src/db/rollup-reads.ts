import { sql, type Kysely } from 'kysely';
import { HOUR_MS, MINUTE_MS, summaryTable, troughsOf, type RawReadingTable, type SummaryTable } from './rollups.js';
import type { Tables } from './tables.js';

/**
 * Reading device readings at the finest level kept (docs/data-model.md, "Retention and rollups"):
 * raw rows where they are kept, else per-minute summaries, else per-hour ones. The levels are
 * told apart by the data: raw rows are purged oldest first and whole hours at a time, so a series'
 * raw rows are complete from its oldest one on, its minutes from their oldest hour on, and its
 * hours from their oldest one on (before it the series has no data at all).
 */

export interface TimeRange {
  from: number;
  to: number;
}

/** The parts of a period each level answers for; a level with nothing to answer is null. */
export interface LevelRanges {
  hora: TimeRange | null;
  min: TimeRange | null;
  raw: TimeRange | null;
}

/** A series to read: a device, or one trough of a monitor (no idcalha: all its troughs). */
export interface SeriesFilter {
  device_id: number;
  idcalha?: number;
}

const seriesWhere = (series: SeriesFilter) =>
  series.idcalha === undefined ? sql`device_id = ${series.device_id}` : sql`device_id = ${series.device_id} and idcalha = ${series.idcalha}`;

/**
 * The oldest time of a series in a table. A monitor's troughs are looked at one by one: its
 * index is (device_id, idcalha, time), so the oldest of each is one seek.
 */
async function oldest(db: Kysely<Tables>, table: RawReadingTable | SummaryTable, series: SeriesFilter): Promise<number | null> {
  const time = sql.ref(table.endsWith('_min') || table.endsWith('_hora') ? 'inicio' : 'em');
  if (table.startsWith('calha_leituras') && series.idcalha === undefined) {
    let found: number | null = null;
    for (const idcalha of await troughsOf(db, table, series.device_id)) {
      const at = await oldest(db, table, { device_id: series.device_id, idcalha });
      if (at !== null && (found === null || at < found)) found = at;
    }
    return found;
  }
  const { rows } = await sql<{ at: number | string | null }>`select min(${time}) as at from ${sql.table(table)} where ${seriesWhere(series)}`.execute(db);
  const at = rows[0]?.at;
  return at === null || at === undefined ? null : Number(at);
}

/** Splits [from, to) into the parts the hour, minute and raw levels answer for, for one series. */
export async function levelRanges(db: Kysely<Tables>, raw: RawReadingTable, series: SeriesFilter, from: number, to: number): Promise<LevelRanges> {
  const rawFrom = await oldest(db, raw, series);
  const rawStart = rawFrom === null ? Number.POSITIVE_INFINITY : Math.floor(rawFrom / MINUTE_MS) * MINUTE_MS;
  // Minutes are only looked for where raw rows are gone.
  const minuteFrom = from < rawStart ? await oldest(db, summaryTable(raw, 'min'), series) : null;
  const minuteStart = Math.min(minuteFrom === null ? rawStart : Math.floor(minuteFrom / HOUR_MS) * HOUR_MS, rawStart);
  // Hours answer only from their oldest row on: a period starting before a device's first reading
  // is no reason to read (and step) by hours.
  const hourFrom = from < minuteStart ? await oldest(db, summaryTable(raw, 'hora'), series) : null;
  const hourStart = hourFrom === null ? minuteStart : Math.min(hourFrom, minuteStart);
  const clip = (start: number, end: number): TimeRange | null => {
    const range = { from: Math.max(from, start), to: Math.min(to, end) };
    return range.from < range.to ? range : null;
  };
  return { hora: clip(hourStart, minuteStart), min: clip(minuteStart, rawStart), raw: clip(rawStart, Number.POSITIVE_INFINITY) };
}

/** A group of summary rows: its step number and the named sums. */
export type SummaryGroup<Name extends string> = { step: number } & Record<Name, number>;

/**
 * The summary rows of some devices over [from, to), grouped per device and step of `stepMs`
 * counted from local midnight (`offsetMs`: the owner's offset) and aggregated by `columns`
 * (aggregate SQL over the table's columns, written by the caller: constants, never input; a null
 * aggregate, as the highest of no value, reads 0).
 * Rows are placed by their start: a row never straddles a step when the step is a whole number
 * of its width and the offset a whole number of them (an hour row and a timezone of quarter hours
 * do not: the hour counts in the step it starts in).
 */
export async function summaryGroups<Name extends string>(
  db: Kysely<Tables>,
  table: SummaryTable,
  deviceIds: readonly number[],
  range: TimeRange,
  stepMs: number,
  offsetMs: number,
  columns: Readonly<Record<Name, string>>,
): Promise<Array<SummaryGroup<Name> & { device_id: number }>> {
  if (deviceIds.length === 0) return [];
  // Literals, not parameters: PostgreSQL must see one expression in SELECT and GROUP BY.
  const step = sql<number>`(inicio + ${sql.lit(offsetMs)}) / ${sql.lit(stepMs)}`;
  const names = Object.keys(columns) as Name[];
  const { rows } = await sql<Record<string, number | string>>`
    select device_id, ${step} as step, ${sql.join(names.map((name) => sql`${sql.raw(columns[name])} as ${sql.ref(name)}`))}
    from ${sql.table(table)}
    where device_id in (${sql.join(deviceIds)}) and inicio >= ${range.from} and inicio < ${range.to}
    group by device_id, ${step}`.execute(db);
  // PostgreSQL answers sums of bigint as numeric text; SQLite may divide into a REAL: whole steps again.
  return rows.map((row) => {
    const group = { device_id: Number(row.device_id), step: Math.floor(Number(row.step)) } as SummaryGroup<Name> & { device_id: number };
    for (const name of names) (group as Record<string, number>)[name] = Number(row[name] ?? 0);
    return group;
  });
}
