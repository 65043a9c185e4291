import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { Kysely, PostgresDialect, sql, SqliteDialect, type ColumnDefinitionBuilder, type Compilable, type Expression, type RawBuilder, type SelectQueryBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { convertToPartitioned } from './partition-conversion.js';
import { postgresNotifyChannel, type NotifyChannel, type NotifyLog } from './notify.js';
import { dropMonthsBefore, ensureMonths, missingMonths, monthsBetween, monthsOfValues, partitionKeyOf, upkeep, type PartitionValue, type Upkeep } from './partitions.js';
import type { Tables } from './tables.js';

/**
 * Everything that differs between SQLite and PostgreSQL lives here; migrations and
 * repositories are written once against these helpers.
 */
export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Tables>;
  dialect: DialectName;
  /**
   * SQLite only: the connection Kysely runs on, for bulk writes through one prepared statement
   * (a million weighings per import); statements on it join Kysely's open transaction.
   */
  sqlite?: SqliteDatabase.Database;
  /** SQLite only: the database file (absent for ':memory:'), for read connections of its own. */
  sqliteFile?: string;
}

export function dialectOf(url: string): DialectName {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

/** The file a SQLite URL names; undefined for a PostgreSQL URL and for an in-memory SQLite (':memory:'). */
export function sqliteFileOf(url: string): string | undefined {
  if (dialectOf(url) !== 'sqlite') return undefined;
  const file = url.slice('sqlite:'.length);
  return file === ':memory:' ? undefined : file;
}

/** True when several portal instances may use the database at once: PostgreSQL; a SQLite file has one. */
export function maySeveralInstancesShare(url: string): boolean {
  return dialectOf(url) === 'postgres';
}

/**
 * Where instances sharing this database tell each other things (realtime/cluster.ts): PostgreSQL's
 * LISTEN/NOTIFY on a connection of its own (db/notify.ts); undefined for SQLite, which one instance uses alone.
 */
export function notifyChannelFor(url: string, channel: string, log: NotifyLog): NotifyChannel | undefined {
  return maySeveralInstancesShare(url) ? postgresNotifyChannel(url, channel, log) : undefined;
}

/**
 * The URL another thread (a report worker) opens this same database with: the PostgreSQL URL it was
 * opened with, or its SQLite file; undefined for an in-memory SQLite, which no other connection sees.
 */
export function urlForAnotherConnection(database: Database, url: string): string | undefined {
  if (database.dialect === 'postgres') return url;
  return database.sqliteFile === undefined ? undefined : `sqlite:${database.sqliteFile}`;
}

/** Where pool-level faults are reported; they are never fatal. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

/** The database could not be opened at start (bad path, unwritable folder, not a database file). */
export class DatabaseOpenError extends Error {}

/** A database URL fit for logs and messages: the password is hidden. */
export function describeDatabaseUrl(url: string): string {
  if (dialectOf(url) === 'sqlite') return url;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/** How long a call waits for a PostgreSQL connection before answering DATABASE_UNAVAILABLE. */
const CONNECT_TIMEOUT_MS = 3_000;
/** Bounds a query on a connection that went silent (a cut network sends no reset). */
const QUERY_TIMEOUT_MS = 15_000;
/** Bounds a streamed query (a report reading millions of weighings) as a whole. */
const STREAM_TIMEOUT_MS = 300_000;

/**
 * The cursor Kysely's `.stream()` reads PostgreSQL with. node-postgres arms query_timeout for a
 * cursor as for any query, but only a callback clears that timer and a cursor never calls one:
 * left alone, the timer would end every stream 15 s after it began and outlive the ones that
 * finished. So a stream gets its own, longer bound, cleared when the portal closes or fails.
 */
export class StreamCursor extends Cursor {
  readonly query_timeout = STREAM_TIMEOUT_MS;
  declare callback?: (error: unknown, result?: unknown) => void;

  handleReadyForQuery(): void {
    (Cursor.prototype as unknown as { handleReadyForQuery(): void }).handleReadyForQuery.call(this);
    this.settle(null);
  }

  handleError(error: unknown): void {
    (Cursor.prototype as unknown as { handleError(error: unknown): void }).handleError.call(this, error);
    this.settle(error);
  }

  private settle(error: unknown): void {
    const callback = this.callback;
    this.callback = undefined;
    callback?.(error);
  }
}

function openSqlite(file: string): Database {
  try {
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return {
      dialect: 'sqlite',
      sqlite,
      ...(file === ':memory:' ? {} : { sqliteFile: resolve(file) }),
      db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseOpenError(
      `Cannot open the SQLite database at ${resolve(file)} (DATABASE_URL=sqlite:${file}): ${reason}. ` +
        'Check that the path names a file in a folder the portal may write to.',
      { cause: error },
    );
  }
}

function openPostgres(url: string, log: DatabaseLog, maxConnections: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // Short reads of many rows (the fleet bench) pass the JIT's cost threshold and spend 0.2–0.3 s
    // compiling for a 20 ms query: the portal's statements never gain from it.
    options: '-c jit=off',
    // Timestamps are epoch milliseconds in BIGINT columns: read them as numbers, like SQLite does.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // A connection PostgreSQL ends (restart, failover, pg_terminate_backend, idle timeout) emits
  // 'error'; unheard, that would end the process. The pool drops the broken client and opens
  // a new one on the next call; a call caught mid-query answers DATABASE_UNAVAILABLE.
  pool.on('error', (error) => log.warn({ err: error }, 'PostgreSQL ended an idle connection; it will be replaced'));
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn({ err: error }, 'PostgreSQL connection lost while in use'));
  });
  return { dialect: 'postgres', db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool, cursor: StreamCursor }) }) };
}

/** Page cache of a streamed read's own SQLite connection (KiB, as SQLite's negative cache_size). */
const STREAM_CACHE_KIB = 65_536;

/**
 * Reads a SELECT in batches of `size` rows, for reports over millions of weighings.
 *
 * SQLite: on a read-only connection of its own, opened for the read and closed after it (WAL lets
 * it read beside the writing connection, so other calls are not queued behind a report), stepping
 * raw rows and yielding to the event loop between batches, so other requests are served meanwhile.
 * Kysely's own stream hands over one row per promise on the shared connection: twice the time.
 * PostgreSQL: Kysely's cursor stream (StreamCursor), gathered into batches.
 */
export async function* streamBatches<Row>(database: Database, query: Compilable<Row> & Streamable<Row>, size: number): AsyncGenerator<Row[]> {
  if (database.dialect === 'postgres') {
    let batch: Row[] = [];
    for await (const row of query.stream(size)) {
      batch.push(row);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    return;
  }
  // ':memory:' has no file to open twice: read on the shared connection, without pausing (another
  // statement may not run on it while this one is open).
  const own = database.sqliteFile === undefined ? undefined : new SqliteDatabase(database.sqliteFile, { readonly: true, fileMustExist: true });
  let rows: IterableIterator<unknown[]> | undefined;
  try {
    const connection = own ?? database.sqlite!;
    if (own) {
      own.pragma('busy_timeout = 5000');
      own.pragma(`cache_size = -${STREAM_CACHE_KIB}`);
    }
    const { sql, parameters } = query.compile();
    const statement = connection.prepare(sql).raw(true);
    const columns = statement.columns().map((column) => column.name);
    let batch: Row[] = [];
    rows = statement.iterate(...(parameters as unknown[])) as IterableIterator<unknown[]>;
    for (const values of rows) {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < columns.length; index += 1) row[columns[index]!] = values[index];
      batch.push(row as Row);
      if (batch.length === size) {
        yield batch;
        batch = [];
        if (own) await eventLoopTurn();
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    // A reader that stopped early (an error, a closed request) ends the statement before its connection.
    rows?.return?.();
    own?.close();
  }
}

interface Streamable<Row> {
  stream(chunkSize?: number): AsyncIterableIterator<Row>;
}

const consoleLog: DatabaseLog = { warn: (details, message) => console.warn(message, details) };

/** PostgreSQL connections the request thread's pool holds at most. */
const POOL_MAX_CONNECTIONS = 10;

/**
 * Opens the database a URL names. `maxConnections` bounds a PostgreSQL pool (a report worker
 * holds a small one of its own); SQLite always has one connection (WAL lets several read beside it).
 */
export function openDatabase(url: string, log: DatabaseLog = consoleLog, options: { maxConnections?: number } = {}): Database {
  return dialectOf(url) === 'sqlite' ? openSqlite(url.slice('sqlite:'.length)) : openPostgres(url, log, options.maxConnections ?? POOL_MAX_CONNECTIONS);
}

// PostgreSQL SQLSTATE classes and codes that mean 'the server is not there for us right now'.
const PG_UNAVAILABLE_CLASSES = ['08']; // connection exception
const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '53200', '53100', '58000', '58030', '3D000', '28P01', '28000']);
const NET_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
// node-postgres reports lost connections and timeouts as plain errors without a code.
const PG_UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|Connection ended/i;
// SQLite: the file cannot be opened, read or written (read-only, disk full, I/O error, locked too long, not a database).
const SQLITE_UNAVAILABLE = /^SQLITE_(CANTOPEN|READONLY|IOERR|FULL|BUSY|LOCKED|NOTADB|CORRUPT|PERM|PROTOCOL)/;

/**
 * True when `error` means the database cannot be reached or written right now, on either
 * database: the call answers 503 DATABASE_UNAVAILABLE instead of 500, and may be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const code = 'code' in current ? String((current as { code: unknown }).code) : '';
    if (PG_UNAVAILABLE_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && PG_UNAVAILABLE_CLASSES.includes(code.slice(0, 2)))) return true;
    if (NET_UNAVAILABLE_CODES.has(code) || SQLITE_UNAVAILABLE.test(code)) return true;
    if (current instanceof Error && PG_UNAVAILABLE_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Auto-incrementing integer primary key. */
export function idColumnType(dialect: DialectName): 'serial' | 'integer' {
  return dialect === 'postgres' ? 'serial' : 'integer';
}

export function idColumn(dialect: DialectName) {
  return (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement();
}

/** A column of raw bytes (pictures). */
export function binaryColumnType(dialect: DialectName) {
  return dialect === 'postgres' ? sql`bytea` : sql`blob`;
}

/** True when `error` is a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String((error as { code: unknown }).code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when PostgreSQL ended a transaction to break a deadlock or a serialization conflict: the
 * transaction may simply run again. SQLite runs one writer at a time and never answers this.
 */
export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String((error as { code: unknown }).code);
  return code === '40P01' || code === '40001';
}

/**
 * The smaller of two values, a NULL counting as absent (the other is answered): PostgreSQL's
 * least(); SQLite's scalar min() answers NULL when either is NULL, hence the coalesce.
 */
export function leastOf(dialect: DialectName, a: Expression<unknown>, b: Expression<unknown>): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`least(${a}, ${b})` : sql`coalesce(min(${a}, ${b}), ${a}, ${b})`;
}

/** The larger of two values, a NULL counting as absent (see leastOf). */
export function greatestOf(dialect: DialectName, a: Expression<unknown>, b: Expression<unknown>): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`greatest(${a}, ${b})` : sql`coalesce(max(${a}, ${b}), ${a}, ${b})`;
}

/**
 * Holds the rows `query` selects until the transaction it runs in ends, so two transactions that
 * change them run one after the other: SELECT … FOR UPDATE on PostgreSQL. SQLite needs no lock:
 * it runs one write transaction at a time, and Kysely's one connection one transaction at a time.
 */
export async function lockRows<DB, TB extends keyof DB, O>(database: Database, query: SelectQueryBuilder<DB, TB, O>): Promise<void> {
  if (database.dialect === 'postgres') await query.forUpdate().execute();
}

/**
 * Makes transactions that pass the same `name` and `id` run one after the other from here to their
 * end, for a rule no unique index can hold (how many live rows an owner has): a transaction-scoped
 * advisory lock on PostgreSQL, released at commit or rollback. SQLite needs none (see lockRows).
 */
export async function serializeOn(database: Database, trx: Transaction<Tables>, name: string, id: number): Promise<void> {
  if (database.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${name}), ${id}::int)`.execute(trx);
}

/**
 * How an import stores a file's rows without holding up other calls (modules/imports/service.ts).
 * SQLite has one writer and Kysely runs every query on its one connection, so a transaction open for
 * the whole file would queue every other call: rows are staged in short transactions of `batchRows`
 * and moved into pesagens `moveRows` at a time, the event loop served between. PostgreSQL (MVCC: neither readers nor
 * other writers wait for an open transaction): the whole import is one transaction on a pooled
 * connection of its own, so a killed server leaves nothing and no restart has work to do.
 */
const IMPORT_WRITES: Record<DialectName, ImportWrites> = {
  // A 1,000-row batch or a 2,500-row move is a transaction of a few ms on a quiet machine; a device
  // weighing needs about five queries, each of which may wait for one.
  sqlite: { staged: true, batchRows: 1_000, moveRows: 2_500 },
  // Only the request thread's work on a batch (building its arrays) holds other calls up.
  postgres: { staged: false, batchRows: 2_000, moveRows: Number.POSITIVE_INFINITY },
};

export interface ImportWrites {
  /** True: rows are staged in importacao_linhas and moved later; false: one transaction writes pesagens. */
  staged: boolean;
  /** Rows per staged transaction, or per batch of the one transaction. */
  batchRows: number;
  /** Staged rows moved into pesagens per transaction. */
  moveRows: number;
}

/** How an import on this database stores its rows (IMPORT_WRITES). */
export function importWrites(database: Database): ImportWrites {
  return IMPORT_WRITES[database.dialect];
}

/**
 * Rows per transaction of a bulk write (the demo's weeks of readings). SQLite has one writer and
 * Kysely one connection: transactions of a few milliseconds, other calls served between two.
 * PostgreSQL (MVCC: nobody waits for an open transaction): fewer, larger ones, each a commit less.
 */
const BULK_TRANSACTION_ROWS: Record<DialectName, number> = { sqlite: 5_000, postgres: 20_000 };

/** A column of a bulk insert: its name and the PostgreSQL type of its array in unnest. */
export interface BulkColumn {
  name: string;
  pgType: 'integer' | 'bigint' | 'varchar';
}

/** Integer columns of a bulk insert, by name. */
export const integerColumns = (...names: string[]): BulkColumn[] => names.map((name) => ({ name, pgType: 'integer' }));
/** Text columns of a bulk insert, by name. */
export const varcharColumns = (...names: string[]): BulkColumn[] => names.map((name) => ({ name, pgType: 'varchar' }));
/** The columns every downsampled device-reading table starts with (migration 0005), in bulk order. */
export const DEVICE_READING_COLUMNS: readonly BulkColumn[] = [...integerColumns('owner_id', 'device_id'), { name: 'em', pgType: 'bigint' }, { name: 'bucket', pgType: 'bigint' }];

/** Rows per SQLite statement in bulkInsert: at most 17 × 100 bound values (pesagens), far under SQLite's limit of 32,766. */
const BULK_SQLITE_ROWS_PER_STATEMENT = 100;
/** Prepared statements per connection, by table, columns and row count (the last one of a batch is shorter). */
const bulkStatements = new WeakMap<SqliteDatabase.Database, Map<string, SqliteDatabase.Statement>>();

function bulkStatement(connection: SqliteDatabase.Database, table: string, columns: readonly BulkColumn[], count: number, onConflict: string): SqliteDatabase.Statement {
  let cache = bulkStatements.get(connection);
  if (!cache) {
    cache = new Map();
    bulkStatements.set(connection, cache);
  }
  const names = columns.map((column) => column.name).join(',');
  const key = `${table}(${names})×${count} ${onConflict}`;
  let prepared = cache.get(key);
  if (!prepared) {
    const row = `(${columns.map(() => '?').join(',')})`;
    prepared = connection.prepare(`insert into ${table} (${names}) values ${Array(count).fill(row).join(',')} ${onConflict}`);
    cache.set(key, prepared);
  }
  return prepared;
}

/**
 * Writes many rows (each the values of `columns`, in order) into `table` inside the transaction
 * `trx`, skipping rows a unique key already holds (on conflict do nothing), or as `onConflict`
 * (a constant ON CONFLICT clause, the same on both databases) says: the demo's weeks of readings,
 * the daily aggregates' bands and scores. SQLite: prepared multi-row INSERTs on Kysely's own
 * connection (they join its open transaction), no query building per row; PostgreSQL: one
 * INSERT … SELECT FROM unnest(arrays), an array per column, whatever the number of rows.
 */
export async function bulkInsert(
  database: Database,
  trx: Transaction<Tables>,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  onConflict = 'on conflict do nothing',
): Promise<void> {
  if (rows.length === 0) return;
  if (database.dialect === 'sqlite') {
    const connection = database.sqlite!;
    const params: unknown[] = [];
    for (let start = 0; start < rows.length; start += BULK_SQLITE_ROWS_PER_STATEMENT) {
      const end = Math.min(rows.length, start + BULK_SQLITE_ROWS_PER_STATEMENT);
      params.length = 0;
      for (let index = start; index < end; index += 1) params.push(...rows[index]!);
      bulkStatement(connection, table, columns, end - start, onConflict).run(params);
    }
    return;
  }
  const arrays = columns.map((column, index) => sql`${rows.map((row) => row[index])}::${sql.raw(column.pgType)}[]`);
  const names = columns.map((_column, index) => sql.raw(`c${index}`));
  await sql`
    insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column.name)))})
    select ${sql.join(names)} from unnest(${sql.join(arrays)}) as t(${sql.join(names)})
    ${sql.raw(onConflict)}
  `.execute(trx);
}

/**
 * Writes rows (objects holding the values of `columns`) into `table` with bulkInsert, in
 * transactions of BULK_TRANSACTION_ROWS, the event loop turning between two so the portal answers
 * meanwhile; a row a unique key already holds is skipped, an absent value is stored as null.
 * One device reading, or the demo's weeks of them.
 */
export async function bulkWrite(database: Database, table: string, columns: readonly BulkColumn[], rows: readonly object[]): Promise<void> {
  const key = partitionKeyOf(table);
  if (key !== undefined) await ensurePartitionsFor(database, table, rows.map((row) => (row as Record<string, PartitionValue>)[key]!));
  const size = BULK_TRANSACTION_ROWS[database.dialect];
  for (let start = 0; start < rows.length; start += size) {
    if (start > 0) await eventLoopTurn();
    const values = rows.slice(start, start + size).map((row) => columns.map((column) => (row as Record<string, unknown>)[column.name] ?? null));
    await database.db.transaction().execute((trx) => bulkInsert(database, trx, table, columns, values));
  }
}

/*
 * PostgreSQL cuts weighings and device readings into monthly partitions (db/partitions.ts,
 * docs/decisions/0007-postgres-partitioning.md); SQLite keeps plain tables and all of this does
 * nothing there. Months are made before rows of them are written, outside the writing
 * transaction (making one waits for open writes to the tables its foreign keys point at).
 */
const cutIntoMonths = (database: Database) => database.dialect === 'postgres';

/** Makes `table`'s months from `from` to `to` (days 'YYYY-MM-DD' or epoch ms) that do not exist yet. */
export async function ensurePartitions(database: Database, table: string, from: PartitionValue, to: PartitionValue): Promise<void> {
  if (cutIntoMonths(database)) await ensureMonths(database.db, table, monthsBetween(from, to));
}

/** Makes the months some values fall in (a file's days, scattered over years); a known month costs no query. */
export async function ensurePartitionsFor(database: Database, table: string, values: Iterable<PartitionValue>): Promise<void> {
  if (cutIntoMonths(database)) await ensureMonths(database.db, table, monthsOfValues(values));
}

/** True when some of `values` fall in a month with no partition yet (never on SQLite). */
export async function partitionsMissingFor(database: Database, table: string, values: Iterable<PartitionValue>): Promise<boolean> {
  return cutIntoMonths(database) && (await missingMonths(database.db, table, monthsOfValues(values))).length > 0;
}

/**
 * Drops `table`'s months that end at or before `boundary` (a day or epoch ms) without holding up
 * its readers and writers (DETACH … CONCURRENTLY, then DROP); answers the partitions dropped,
 * none on SQLite, where the caller deletes the rows.
 */
export async function dropPartitionsBefore(database: Database, table: string, boundary: PartitionValue): Promise<string[]> {
  return cutIntoMonths(database) ? dropMonthsBefore(database.db, table, boundary) : [];
}

/** Migration 0011: cuts `tables` into months (PostgreSQL), keeping rows, ids, keys and indexes. */
export async function partitionTables(dialect: DialectName, db: Kysely<any>, tables: readonly string[], now = Date.now()): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of tables) await convertToPartitioned(db, table, now);
}

/** Keeps the coming months made (at start, then daily); nothing to do on SQLite. */
export function partitionUpkeep(database: Database, clock: () => number, log: DatabaseLog): Upkeep {
  return cutIntoMonths(database) ? upkeep(database.db, clock, log) : { start: () => undefined, stop: async () => undefined };
}

/**
 * The unique key a device's weighing is stored once by (the ON CONFLICT target): PostgreSQL's
 * partitioned pesagens holds its partition key in every unique key, SQLite the bare (device, seq).
 * A record a device re-sends carries the same day, so both find it.
 */
export function deviceWeighingKey(database: Database): readonly ('device_id' | 'seq' | 'data')[] {
  return cutIntoMonths(database) ? ['device_id', 'seq', 'data'] : ['device_id', 'seq'];
}

/** Jobs of this process running now, by name (SQLite: one portal per file, so this is every instance). */
const runningJobs = new WeakMap<Database, Set<string>>();

/**
 * Runs `work` unless another run of the job `name` is going on: answers false without running it
 * then. PostgreSQL, where several instances share the database: a session advisory lock, held on
 * one pooled connection for the run (the work's own queries use the others) and released when it
 * ends, or with the connection if the instance dies. SQLite: one portal per file, so a run of
 * this process is the only one to wait for.
 */
export async function runExclusive(database: Database, name: string, work: () => Promise<void>): Promise<boolean> {
  let running = runningJobs.get(database);
  if (!running) runningJobs.set(database, (running = new Set()));
  if (running.has(name)) return false;
  running.add(name);
  try {
    if (database.dialect !== 'postgres') {
      await work();
      return true;
    }
    return await database.db.connection().execute(async (connection) => {
      const lock = sql`hashtext('portal jobs'), hashtext(${name})`;
      const { rows } = await sql<{ held: boolean }>`select pg_try_advisory_lock(${lock}) as held`.execute(connection);
      if (!rows[0]?.held) return false;
      try {
        await work();
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${lock})`.execute(connection);
      }
    });
  } finally {
    running.delete(name);
  }
}
