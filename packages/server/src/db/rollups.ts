import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { dropPartitionsBefore, ensurePartitions, type Database } from './dialect.js';
import type { Tables } from './tables.js';

/**
 * Per-minute and per-hour summaries of device readings (migration 0010, docs/data-model.md,
 * "Retention and rollups"): how each raw table is summed, and the statements that sum and purge.
 * Written the same for both databases. Each raw table's module (silos, troughs, dosing,
 * collectionHistory) calls these on its own tables only: the summaries are owned with the raw rows.
 *
 * Sums are recomputed from the level below for whole minutes (hours) and upserted by (series,
 * start): running twice, or on two instances at once, writes the same rows.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

export type RawReadingTable = 'silo_leituras' | 'calha_leituras' | 'dose_leituras' | 'coletas';
export type SummaryLevel = 'min' | 'hora';
export type SummaryTable = `${RawReadingTable}_${SummaryLevel}`;

/** A summed value: its aggregate over raw rows, and over the minutes of an hour. */
interface Measure {
  name: string;
  raw: string;
  hour: string;
}

/**
 * A reading kept whole in the summary: the value of `column` at the first or last reading, or at
 * the first reading of the second half (`middle`). Over an hour it is the value the minute holding
 * that reading kept (`fromMinute`).
 */
interface Edge {
  name: string;
  column: string;
  pick: 'first' | 'last' | 'middle';
  fromMinute: string;
}

export interface ReadingRollup {
  raw: RawReadingTable;
  /** The columns naming one series: a device, or a device's trough. */
  series: readonly ('device_id' | 'idcalha')[];
  /** Keeps meio_em (the first reading of the second half). */
  middle: boolean;
  measures: readonly Measure[];
  edges: readonly Edge[];
}

const sum = (raw: string, name: string): Measure => ({ name, raw: `sum(${raw})`, hour: `sum(${name})` });

/** How each raw table is summed. The columns are migration 0010's. */
export const READING_ROLLUPS: Readonly<Record<RawReadingTable, ReadingRollup>> = {
  silo_leituras: {
    raw: 'silo_leituras',
    series: ['device_id'],
    // An hour's first, middle and last readings are at most 30 minutes apart: the silo's series
    // read from hours stays one piece for the median filter and the delivery detector (feed/silo.ts).
    middle: true,
    measures: [sum('peso_hg', 'peso_soma'), { name: 'peso_min', raw: 'min(peso_hg)', hour: 'min(peso_min)' }, { name: 'peso_max', raw: 'max(peso_hg)', hour: 'max(peso_max)' }],
    edges: [
      { name: 'peso_primeiro', column: 'peso_hg', pick: 'first', fromMinute: 'peso_primeiro' },
      { name: 'peso_meio', column: 'peso_hg', pick: 'middle', fromMinute: 'peso_primeiro' },
      { name: 'peso_ultimo', column: 'peso_hg', pick: 'last', fromMinute: 'peso_ultimo' },
    ],
  },
  calha_leituras: {
    raw: 'calha_leituras',
    series: ['device_id', 'idcalha'],
    middle: false,
    measures: [
      sum('ligada', 'ligada_n'),
      sum('rpm_dec', 'rpm_soma'),
      sum('case when ligada = 1 then rpm_dec else 0 end', 'rpm_soma_ligada'),
      { name: 'rpm_max_ligada', raw: 'max(case when ligada = 1 then rpm_dec end)', hour: 'max(rpm_max_ligada)' },
      { name: 'voltas_max', raw: 'max(voltas)', hour: 'max(voltas_max)' },
      { name: 'presenca_n', raw: 'count(presenca)', hour: 'sum(presenca_n)' },
      { name: 'presenca_soma', raw: 'coalesce(sum(presenca), 0)', hour: 'sum(presenca_soma)' },
    ],
    edges: [{ name: 'voltas_ultimo', column: 'voltas', pick: 'last', fromMinute: 'voltas_ultimo' }],
  },
  dose_leituras: {
    raw: 'dose_leituras',
    series: ['device_id'],
    middle: false,
    measures: [sum('volume_dml', 'volume_soma'), { name: 'volume_max', raw: 'max(volume_dml)', hour: 'max(volume_max)' }, sum('vazao_dml_min', 'vazao_soma'), sum('ligada', 'ligada_n')],
    edges: [
      { name: 'volume_ultimo', column: 'volume_dml', pick: 'last', fromMinute: 'volume_ultimo' },
      { name: 'vazao_ultimo', column: 'vazao_dml_min', pick: 'last', fromMinute: 'vazao_ultimo' },
      { name: 'ligada_ultimo', column: 'ligada', pick: 'last', fromMinute: 'ligada_ultimo' },
    ],
  },
  coletas: {
    raw: 'coletas',
    series: ['device_id'],
    middle: false,
    measures: [sum('machos', 'machos'), sum('femeas', 'femeas'), sum('peso_total_dg', 'peso_total_dg')],
    edges: [],
  },
};

export const summaryTable = (raw: RawReadingTable, level: SummaryLevel): SummaryTable => `${raw}_${level}`;

/** Times go into the statements as literals (GROUP BY expressions must match on PostgreSQL): only whole numbers. */
function literal(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole epoch time: ${value}`);
  return String(value);
}

const EDGE_TIME = { first: 'primeiro_em', last: 'ultimo_em', middle: 'meio_em' } as const;
const ALIAS = { first: 'f', last: 'l', middle: 'm' } as const;

/**
 * INSERT … SELECT of one level's rows over [from, to) from the level below (`source`, whose time
 * column is `time`), upserted by (series, inicio). `bucket` is the width of a row of the level
 * written; the rows kept whole are read back from the source by their series and time.
 */
function summaryStatement(spec: ReadingRollup, level: SummaryLevel, from: number, to: number): string {
  const raw = level === 'min';
  const source = raw ? spec.raw : summaryTable(spec.raw, 'min');
  const time = raw ? 'em' : 'inicio';
  const width = raw ? MINUTE_MS : HOUR_MS;
  const range = (alias: string) => `${alias}${time} >= ${literal(from)} and ${alias}${time} < ${literal(to)}`;
  // The inner query reads the source alone: its columns need no alias.
  const bucket = `(${time} / ${width}) * ${width}`;
  const keys = spec.series.join(', ');
  const first = raw ? 'em' : 'primeiro_em';
  const grouped = [
    `select ${keys}, min(owner_id) as owner_id, ${bucket} as inicio, ${raw ? 'count(*)' : 'sum(n)'} as n`,
    `min(${first}) as primeiro_em, max(${raw ? 'em' : 'ultimo_em'}) as ultimo_em`,
    ...(spec.middle ? [`min(case when ${time} >= ${bucket} + ${width / 2} then ${first} end) as meio_em`] : []),
    ...spec.measures.map((measure) => `${raw ? measure.raw : measure.hour} as ${measure.name}`),
  ].join(', ');
  const picks = [...new Set(spec.edges.map((edge) => edge.pick))];
  // A minute's first, middle or last reading is the raw row at that time; an hour's, the minute holding it.
  const joins = picks.map((pick) => {
    const alias = ALIAS[pick];
    const at = raw ? `${alias}.em = g.${EDGE_TIME[pick]}` : `${alias}.inicio = (g.${EDGE_TIME[pick]} / ${MINUTE_MS}) * ${MINUTE_MS}`;
    const on = [...spec.series.map((column) => `${alias}.${column} = g.${column}`), at, range(`${alias}.`)].join(' and ');
    return `${pick === 'middle' ? 'left join' : 'join'} ${source} ${alias} on ${on}`;
  });
  const columns = [...spec.series, 'owner_id', 'inicio', 'n', 'primeiro_em', 'ultimo_em', ...(spec.middle ? ['meio_em'] : []), ...spec.measures.map((measure) => measure.name)];
  const values = [...columns.map((column) => `g.${column}`), ...spec.edges.map((edge) => `${ALIAS[edge.pick]}.${raw ? edge.column : edge.fromMinute}`)];
  const all = [...columns, ...spec.edges.map((edge) => edge.name)];
  const updates = all.filter((column) => !spec.series.includes(column as 'device_id') && column !== 'inicio').map((column) => `${column} = excluded.${column}`);
  // "where true": SQLite reads ON after a bare FROM … JOIN as the join's, not the upsert's.
  return [
    `insert into ${summaryTable(spec.raw, level)} (${all.join(', ')})`,
    `select ${values.join(', ')} from (`,
    `  ${grouped} from ${source} where ${range('')} group by ${keys}, ${bucket}`,
    // In key order: two runs upserting at once lock the rows in the same order (no deadlock).
    `) g ${joins.join(' ')} where true order by ${[...spec.series, 'inicio'].map((column) => `g.${column}`).join(', ')}`,
    `on conflict (${[...spec.series, 'inicio'].join(', ')}) do update set ${updates.join(', ')}`,
  ].join('\n');
}

/** Sums the rows of [from, to) (whole minutes) into minutes, or the minutes of [from, to) (whole hours) into hours. */
export async function summarise(db: Kysely<Tables>, raw: RawReadingTable, level: SummaryLevel, from: number, to: number): Promise<void> {
  if (to <= from) return;
  await sql.raw(summaryStatement(READING_ROLLUPS[raw], level, from, to)).execute(db);
}

/** One series of a table: a device (and its trough), with the owner whose retention applies. */
export interface SeriesKey {
  device_id: number;
  idcalha?: number;
  owner_id: number;
}

const seriesWhere = (series: { device_id: number; idcalha?: number }) =>
  series.idcalha === undefined ? sql`device_id = ${series.device_id}` : sql`device_id = ${series.device_id} and idcalha = ${series.idcalha}`;

/**
 * Every series of a raw or summary table: a skip scan over its index on device_id (and idcalha),
 * one index seek per step, so a table of years answers at once on both databases.
 */
export async function seriesOf(db: Kysely<Tables>, table: RawReadingTable | SummaryTable): Promise<SeriesKey[]> {
  const name = sql.table(table);
  const devices = await sql<{ id: number | string }>`
    with recursive seen(id) as (
      select min(device_id) from ${name}
      union all
      select (select min(device_id) from ${name} where device_id > seen.id) from seen where seen.id is not null
    )
    select id from seen where id is not null`.execute(db);
  const found: SeriesKey[] = [];
  for (const row of devices.rows) {
    const deviceId = Number(row.id);
    const owner = await sql<{ owner_id: number }>`select owner_id from ${name} where device_id = ${deviceId} limit 1`.execute(db);
    const ownerId = owner.rows[0]?.owner_id;
    if (ownerId === undefined) continue;
    if (!table.startsWith('calha_leituras')) {
      found.push({ device_id: deviceId, owner_id: Number(ownerId) });
      continue;
    }
    for (const idcalha of await troughsOf(db, table, deviceId)) found.push({ device_id: deviceId, idcalha, owner_id: Number(ownerId) });
  }
  return found;
}

/** The trough numbers a monitor has rows of in `table` (a skip scan on (device_id, idcalha)). */
export async function troughsOf(db: Kysely<Tables>, table: string, deviceId: number, ownerId?: number): Promise<number[]> {
  const name = sql.table(table);
  const owner = ownerId === undefined ? sql`` : sql` and owner_id = ${ownerId}`;
  const { rows } = await sql<{ idcalha: number | string }>`
    with recursive seen(idcalha) as (
      select min(idcalha) from ${name} where device_id = ${deviceId}${owner}
      union all
      select (select min(idcalha) from ${name} where device_id = ${deviceId}${owner} and idcalha > seen.idcalha)
      from seen where seen.idcalha is not null
    )
    select idcalha from seen where idcalha is not null`.execute(db);
  return rows.map((row) => Number(row.idcalha));
}

/** Rows a purge statement deletes at most, and the pause after each (other writers go first meanwhile). */
export const PURGE_BATCH_ROWS = 5_000;
export const PURGE_PAUSE_MS = 20;

/**
 * Deletes one series' rows of `table` older than `before`, oldest first, at most `batch` rows a
 * statement (found by the series' index on time), pausing `pauseMs` between statements, and
 * calling `onBatch` after each. Answers how many rows went.
 */
export async function purgeSeries(
  db: Kysely<Tables>,
  table: RawReadingTable | SummaryTable,
  series: { device_id: number; idcalha?: number },
  before: number,
  options: { batch?: number; pauseMs?: number; onBatch?: (deleted: number) => void | Promise<void>; stopped?: () => boolean } = {},
): Promise<number> {
  const { batch = PURGE_BATCH_ROWS, pauseMs = PURGE_PAUSE_MS } = options;
  const name = sql.table(table);
  const time = sql.ref(table === 'silo_leituras' || table === 'calha_leituras' || table === 'dose_leituras' || table === 'coletas' ? 'em' : 'inicio');
  let total = 0;
  for (;;) {
    if (options.stopped?.()) return total;
    const edge = await sql<{ at: number | string }>`
      select ${time} as at from ${name} where ${seriesWhere(series)} and ${time} < ${before} order by ${time} limit 1 offset ${batch - 1}`.execute(db);
    const upTo = edge.rows[0] === undefined ? before - 1 : Number(edge.rows[0].at);
    const result = await sql`delete from ${name} where ${seriesWhere(series)} and ${time} <= ${upTo} and ${time} < ${before}`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    await options.onBatch?.(deleted);
    if (edge.rows[0] === undefined || deleted === 0) return total;
    await sleep(pauseMs);
  }
}

/** What the periodic job (modules/readings) asks of one raw table's owner: built on its own tables only. */
export interface ReadingMaintenance {
  readonly table: RawReadingTable;
  /** Sums [from, to) into minutes (from raw rows) or hours (from minutes): whole minutes or hours. */
  summarise(level: SummaryLevel, from: number, to: number): Promise<void>;
  /** The time of the oldest raw row (at or after `from`), if any. */
  oldestRaw(from?: number): Promise<number | null>;
  /** The series with raw rows, or with minute summaries. */
  series(level: 'raw' | 'min'): Promise<SeriesKey[]>;
  /** Deletes a series' raw rows (or minutes) before `before`, in batches (purgeSeries). */
  purge(level: 'raw' | 'min', series: SeriesKey, before: number, options?: Parameters<typeof purgeSeries>[4]): Promise<number>;
  /** PostgreSQL: drops the raw table's (or its minutes') months that end at or before `boundary`; none on SQLite. */
  dropMonthsBefore(boundary: number, level?: 'raw' | 'min'): Promise<string[]>;
}

/** The maintenance of `raw` and its summaries, for its owning repository to hand the job. */
export function readingMaintenance(database: Database, raw: RawReadingTable): ReadingMaintenance {
  const { db } = database;
  return {
    table: raw,
    async summarise(level, from, to) {
      // PostgreSQL cuts the minutes into months (migration 0011): those of [from, to) made first, outside any transaction.
      if (level === 'min' && to > from) await ensurePartitions(database, summaryTable(raw, 'min'), from, to - 1);
      await summarise(db, raw, level, from, to);
    },
    async oldestRaw(from = Number.MIN_SAFE_INTEGER) {
      const { rows } = await sql<{ at: number | string | null }>`select min(em) as at from ${sql.table(raw)} where em >= ${from}`.execute(db);
      const at = rows[0]?.at;
      return at === null || at === undefined ? null : Number(at);
    },
    series: (level) => seriesOf(db, level === 'raw' ? raw : summaryTable(raw, 'min')),
    purge: (level, series, before, options) => purgeSeries(db, level === 'raw' ? raw : summaryTable(raw, 'min'), series, before, options),
    dropMonthsBefore: (boundary, level = 'raw') => dropPartitionsBefore(database, level === 'raw' ? raw : summaryTable(raw, 'min'), boundary),
  };
}
