import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's monthly partitions (docs/decisions/0007-postgres-partitioning.md): weighings by the
 * month of their day, device readings by the month of their time, so a period's query reads only
 * its months and a month past retention is dropped whole. Only db/dialect.ts calls these, and only
 * on PostgreSQL: SQLite keeps plain tables.
 *
 * There is no default partition (PostgreSQL refuses DETACH … CONCURRENTLY on a table that has one):
 * every write path makes its months first (ensureMonths, cached, so a month that exists costs no
 * query), the portal keeps the coming months made ahead, and a row of a month without partition is
 * refused loudly rather than hidden.
 */

/** How one table is cut into months. */
export interface PartitionSpec {
  /** The column the months are cut on. */
  key: string;
  /** 'day': text 'YYYY-MM-DD' (a weighing's local day); 'ms': epoch milliseconds, cut at UTC months. */
  keyKind: 'day' | 'ms';
  /**
   * Unique keys each month's partition holds on its own. A key of the whole table must hold the
   * partition key, which would let (device, bucket) repeat with another time; per partition it
   * stays unique across the table, because all rows of one bucket fall in one month (every reading
   * period divides a day, so a bucket never straddles a month's start).
   */
  localUniques: readonly { suffix: string; columns: readonly string[] }[];
}

const readingTable = (...columns: string[]): PartitionSpec => ({ key: 'em', keyKind: 'ms', localUniques: [{ suffix: 'bucket', columns }] });

/** A per-minute summary (migration 0010): its key (series, inicio) holds the month's column already. */
const minuteTable: PartitionSpec = { key: 'inicio', keyKind: 'ms', localUniques: [] };

/**
 * The tables cut into months, and how (a table added here needs a migration converting it). The
 * per-hour summaries stay plain: a row per device and hour is 1/60 of the minutes' size.
 */
export const PARTITIONED_TABLES: Readonly<Record<string, PartitionSpec>> = {
  pesagens: { key: 'data', keyKind: 'day', localUniques: [] },
  silo_leituras: readingTable('device_id', 'bucket'),
  calha_leituras: readingTable('device_id', 'idcalha', 'bucket'),
  dose_leituras: readingTable('device_id', 'bucket'),
  coletas: readingTable('device_id', 'bucket'),
  silo_leituras_min: minuteTable,
  calha_leituras_min: minuteTable,
  dose_leituras_min: minuteTable,
  coletas_min: minuteTable,
};

/**
 * Months before and after the current one kept made (at start and each day): the next two are
 * there weeks before their first row. An older month (a file of 2019) is made by its write.
 */
export const MONTHS_BEHIND = 0;
export const MONTHS_AHEAD = 2;

/** A month as year × 12 + month index (0–11): consecutive months are consecutive numbers. */
export type Month = number;
/** Any key value: a 'YYYY-MM-DD' day (or its 'YYYY-MM' prefix) or epoch milliseconds. */
export type PartitionValue = string | number;

const DAY_PATTERN = /^(\d{4})-(\d{2})/;

export function specOf(table: string): PartitionSpec {
  const spec = PARTITIONED_TABLES[table];
  if (!spec) throw new Error(`${table} is not a table cut into months (db/partitions.ts PARTITIONED_TABLES)`);
  return spec;
}

/** The month a key value falls in: a day's own month, a time's UTC month. */
export function monthOf(value: PartitionValue): Month {
  if (typeof value === 'number') {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new Error(`not a time: ${value}`);
    return date.getUTCFullYear() * 12 + date.getUTCMonth();
  }
  const match = DAY_PATTERN.exec(value);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw new Error(`not a day (YYYY-MM-DD): ${JSON.stringify(value)}`);
  return Number(match[1]) * 12 + month - 1;
}

const yearOf = (month: Month) => Math.floor(month / 12);
const monthText = (month: Month) => `${String(yearOf(month)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;

/** The month's first instant as the key's SQL literal: '2024-03-01' or its UTC epoch milliseconds. */
export function lowerBound(spec: PartitionSpec, month: Month): string {
  if (spec.keyKind === 'day') return `'${monthText(month)}-01'`;
  const start = new Date(0);
  start.setUTCFullYear(yearOf(month), month % 12, 1);
  return String(start.getTime());
}

export const partitionName = (table: string, month: Month) => `${table}_p${monthText(month).replace('-', '')}`;

function monthOfPartition(table: string, name: string): Month | undefined {
  const match = new RegExp(`^${table}_p(\\d{4})(\\d{2})$`).exec(name);
  return match ? Number(match[1]) * 12 + Number(match[2]) - 1 : undefined;
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const run = (db: Kysely<any>, statement: string) => sql.raw(statement).execute(db);

/** The distinct months of some key values, oldest first. */
export function monthsOfValues(values: Iterable<PartitionValue>): Month[] {
  const months = new Set<Month>();
  for (const value of values) months.add(monthOf(value));
  return [...months].sort((a, b) => a - b);
}

/** Every month from `from`'s to `to`'s (bounded: a range of centuries is a mistake, not a request). */
export function monthsBetween(from: PartitionValue, to: PartitionValue): Month[] {
  const first = monthOf(from);
  const last = monthOf(to);
  if (last - first > 1_200) throw new Error(`refusing to make ${last - first + 1} monthly partitions (${monthText(first)} to ${monthText(last)})`);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_unused, index) => first + index);
}

/** The window kept made around `now` (epoch ms): MONTHS_BEHIND before its month to MONTHS_AHEAD after. */
export function aheadWindow(now: number): Month[] {
  const current = monthOf(now);
  return Array.from({ length: MONTHS_BEHIND + MONTHS_AHEAD + 1 }, (_unused, index) => current - MONTHS_BEHIND + index);
}

// ---------------------------------------------------------------------------------------------
// What exists: read from the catalog once per table and process, then kept (a month another
// instance made is found by the catalog read the next miss makes).

interface TableState {
  /** False when the table is a plain one (not converted): nothing to make. */
  partitioned: boolean;
  months: Set<Month>;
}
const states = new WeakMap<Kysely<any>, Map<string, TableState>>();
/** One creation per table and process at a time; other instances wait on the advisory lock. */
const queues = new WeakMap<Kysely<any>, Map<string, Promise<unknown>>>();

async function readState(db: Kysely<any>, table: string): Promise<TableState> {
  const kind = await sql<{ relkind: string }>`select relkind from pg_class where oid = to_regclass(${table})`.execute(db);
  const partitioned = kind.rows[0]?.relkind === 'p';
  const months = new Set<Month>();
  if (partitioned) {
    const children = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = to_regclass(${table}) and not i.inhdetachpending`.execute(db);
    for (const { name } of children.rows) {
      const month = monthOfPartition(table, name);
      if (month !== undefined) months.add(month);
    }
  }
  const state = { partitioned, months };
  let byTable = states.get(db);
  if (!byTable) states.set(db, (byTable = new Map()));
  byTable.set(table, state);
  return state;
}

const knownState = (db: Kysely<any>, table: string) => states.get(db)?.get(table);

function serialised<T>(db: Kysely<any>, table: string, work: () => Promise<T>): Promise<T> {
  let byTable = queues.get(db);
  if (!byTable) queues.set(db, (byTable = new Map()));
  const next = (byTable.get(table) ?? Promise.resolve()).catch(() => undefined).then(work);
  byTable.set(table, next);
  return next;
}

/** Of `months`, those without a partition (none on a plain table). */
export async function missingMonths(db: Kysely<any>, table: string, months: readonly Month[]): Promise<Month[]> {
  specOf(table);
  const known = knownState(db, table);
  if (known && (!known.partitioned || months.every((month) => known.months.has(month)))) return [];
  const state = await readState(db, table);
  return state.partitioned ? months.filter((month) => !state.months.has(month)) : [];
}

// ---------------------------------------------------------------------------------------------
// Making a month. CREATE TABLE … PARTITION OF would take an ACCESS EXCLUSIVE lock on the whole
// table (waiting behind a long report, and every call then waiting behind it): the month is made
// as a table of its own and attached, which takes SHARE UPDATE EXCLUSIVE, a lock readers and
// writers never wait for. Attaching does lock the tables its foreign keys point at (users,
// devices, farms…) against writes while their triggers are made: a short lock_timeout bounds
// what a writer there may wait, and a refused attempt is retried.

/** What a writer of a referenced table may wait behind one attempt. */
const DDL_LOCK_TIMEOUT = '300ms';
/** SQLSTATEs worth another attempt: lock_not_available (lock_timeout), deadlock_detected. */
const RETRYABLE = new Set(['55P03', '40P01']);

async function retried<T>(attempts: number, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
      if (!RETRYABLE.has(code) || attempt >= attempts) throw error;
      await sleep(Math.min(2_000, 50 * 2 ** attempt));
    }
  }
}

async function createMonth(db: Kysely<any>, table: string, spec: PartitionSpec, month: Month): Promise<void> {
  const name = partitionName(table, month);
  await db.transaction().execute(async (trx) => {
    await run(trx, `set local lock_timeout = '${DDL_LOCK_TIMEOUT}'`);
    // Two instances making the same month: the second finds it made.
    await sql`select pg_advisory_xact_lock(hashtext('portal partitions'), hashtext(${table}))`.execute(trx);
    const found = await sql<{ attached: boolean }>`
      select exists(select 1 from pg_inherits i where i.inhrelid = c.oid and i.inhparent = to_regclass(${table}) and not i.inhdetachpending) as attached
      from pg_class c where c.oid = to_regclass(${name})`.execute(trx);
    if (found.rows[0]?.attached) return;
    if (found.rows.length > 0) throw new Error(`${name} exists but is no partition of ${table}: a drop of that month was cut short (the next purge finishes it)`);
    await run(trx, `create table ${quoted(name)} (like ${quoted(table)} including defaults including constraints)`);
    for (const unique of spec.localUniques) {
      await run(trx, `create unique index ${quoted(`${name}_${unique.suffix}`)} on ${quoted(name)} (${unique.columns.map(quoted).join(', ')})`);
    }
    await run(trx, `alter table ${quoted(table)} attach partition ${quoted(name)} for values from (${lowerBound(spec, month)}) to (${lowerBound(spec, month + 1)})`);
  });
}

/**
 * Makes the partitions of `months` that do not exist yet. Call it outside any transaction that
 * writes a table these point at (attaching waits for that transaction's end). A month already
 * known costs nothing; a plain table (not converted) is left as it is.
 */
export async function ensureMonths(db: Kysely<any>, table: string, months: readonly Month[], attempts = 12): Promise<void> {
  const spec = specOf(table);
  if ((await missingMonths(db, table, months)).length === 0) return;
  await serialised(db, table, async () => {
    const state = await readState(db, table);
    for (const month of months) {
      if (!state.partitioned || state.months.has(month)) continue;
      await retried(attempts, () => createMonth(db, table, spec, month));
      state.months.add(month);
    }
  });
}

/** Makes the window around `now` for every table cut into months. */
export async function ensureWindow(db: Kysely<any>, now: number): Promise<void> {
  for (const table of Object.keys(PARTITIONED_TABLES)) await ensureMonths(db, table, aheadWindow(now));
}

// ---------------------------------------------------------------------------------------------
// Dropping the months before a boundary (the readings' retention). DETACH … CONCURRENTLY lets
// readers and writers of the table go on meanwhile (it only waits for the queries already
// running on it); the table it leaves is then dropped. Neither may run in a transaction block.
// Both touch the tables the month's foreign keys point at: detaching makes the standalone
// table's triggers there (no writer of that table may be inside a transaction), dropping a key
// removes them (nobody may be reading that table). So each step waits until the tables it needs
// are quiet, then runs under a short lock_timeout, one referenced table at a time, and is retried:
// a writer or reader there waits a moment at most, never behind the purge's own wait.

/** Steps of a drop: each waits this long at most for a lock. */
const DROP_LOCK_TIMEOUT = '1s';
/** A transaction holding a referenced table longer than this is waited for, not queued behind. */
const QUIET_AFTER = '300 milliseconds';
/** Attempts of one step: with the back-off, some minutes (a long report finishes first). */
const DROP_ATTEMPTS = 200;

class Busy extends Error {
  readonly code = '55P03';
}

/**
 * Refuses (Busy, retried) while another transaction that began over QUIET_AFTER ago holds
 * `relations` in a lock `writesOnly` cares about: writes only, or any (reads too). Relation ids
 * are per database: the locks of other databases on the same server are not ours to wait for.
 */
async function waitQuiet(db: Kysely<any>, relations: readonly number[], writesOnly: boolean): Promise<void> {
  if (relations.length === 0) return;
  const held = await sql<{ relation: number }>`
    select l.relation from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.database = (select oid from pg_database where datname = current_database())
      and l.relation = any(${relations}::oid[]) and l.granted and l.pid <> pg_backend_pid()
      and (not ${writesOnly}::boolean or l.mode not in ('AccessShareLock', 'RowShareLock'))
      and a.xact_start < clock_timestamp() - interval '${sql.raw(QUIET_AFTER)}'
    limit 1`.execute(db);
  if (held.rows.length > 0) throw new Busy(`table ${held.rows[0]!.relation} is held by a long transaction`);
}

/** Runs `work` outside any transaction, on one connection, each statement under DROP_LOCK_TIMEOUT. */
async function underLockTimeout(db: Kysely<any>, work: (connection: Kysely<any>) => Promise<void>): Promise<void> {
  await db.connection().execute(async (connection) => {
    await run(connection, `set lock_timeout = '${DROP_LOCK_TIMEOUT}'`);
    try {
      await work(connection);
    } finally {
      await run(connection, 'reset lock_timeout');
    }
  });
}

async function foreignKeys(db: Kysely<any>, relation: string): Promise<{ name: string; references: number }[]> {
  const keys = await sql<{ name: string; references: number }>`
    select conname as name, confrelid::int as references from pg_constraint where conrelid = to_regclass(${relation}) and contype = 'f'`.execute(db);
  return keys.rows;
}

const detach = (db: Kysely<any>, table: string, name: string) =>
  underLockTimeout(db, async (connection) => {
    const link = await sql<{ pending: boolean }>`
      select inhdetachpending as pending from pg_inherits where inhrelid = to_regclass(${name}) and inhparent = to_regclass(${table})`.execute(connection);
    if (link.rows.length === 0) return;
    await waitQuiet(connection, (await foreignKeys(connection, table)).map((key) => key.references), true);
    // A detach stopped half-way (lock_timeout, a restart) leaves the month pending: finish it.
    await run(connection, `alter table ${quoted(table)} detach partition ${quoted(name)} ${link.rows[0]!.pending ? 'finalize' : 'concurrently'}`);
  });

/** The detached month's foreign keys one at a time (each locks one referenced table a moment), then the table. */
const dropDetached = (db: Kysely<any>, name: string) =>
  underLockTimeout(db, async (connection) => {
    for (const key of await foreignKeys(connection, name)) {
      await waitQuiet(connection, [key.references], false);
      await run(connection, `alter table ${quoted(name)} drop constraint if exists ${quoted(key.name)}`);
    }
    await run(connection, `drop table if exists ${quoted(name)}`);
  });

/**
 * Drops the months of `table` that end at or before `boundary` (a day or epoch ms: a month is
 * dropped whole, never cut), oldest first. Answers the partitions dropped.
 */
export async function dropMonthsBefore(db: Kysely<any>, table: string, boundary: PartitionValue): Promise<string[]> {
  specOf(table);
  const limit = monthOf(boundary);
  const children = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(${table})`.execute(db);
  const old = children.rows
    .map(({ name }) => ({ name, month: monthOfPartition(table, name) }))
    .filter((child): child is { name: string; month: Month } => child.month !== undefined && child.month < limit)
    .sort((a, b) => a.month - b.month);
  const dropped: string[] = [];
  for (const { name, month } of old) {
    // Forgotten first: a write for that month now makes it again rather than trusting the cache.
    knownState(db, table)?.months.delete(month);
    await retried(DROP_ATTEMPTS, () => detach(db, table, name));
    await retried(DROP_ATTEMPTS, () => dropDetached(db, name));
    dropped.push(name);
  }
  return dropped;
}

// ---------------------------------------------------------------------------------------------
// Kept ahead by the portal itself: the window made at start and each day after, by every
// instance (the advisory lock makes one of them do it, the others find it made).

const UPKEEP_EVERY_MS = 86_400_000;
const UPKEEP_RETRY_MS = 3_600_000;

export interface Upkeep {
  start(): void;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

export function upkeep(db: Kysely<any>, clock: () => number, log: { warn(details: object, message: string): void }): Upkeep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => (running = once()), ms);
    timer.unref();
  };
  async function once(): Promise<void> {
    try {
      await ensureWindow(db, clock());
      schedule(UPKEEP_EVERY_MS);
    } catch (error) {
      log.warn({ err: error }, 'the coming months\' partitions could not be made; retried in an hour (writes make their month themselves)');
      schedule(UPKEEP_RETRY_MS);
    }
  }
  return {
    start: () => {
      running = once();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The column a table is cut on, or undefined for a table not cut into months. */
export const partitionKeyOf = (table: string): string | undefined => PARTITIONED_TABLES[table]?.key;
