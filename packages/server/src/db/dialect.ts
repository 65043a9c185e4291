import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type ColumnDefinitionBuilder } from 'kysely';
import pg from 'pg';
import type { Tables } from './tables.js';

/**
 * Everything that differs between SQLite and PostgreSQL lives here; migrations and
 * repositories are written once against these helpers.
 */
export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Tables>;
  dialect: DialectName;
}

export function dialectOf(url: string): DialectName {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export function openDatabase(url: string): Database {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return { dialect, db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }) };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Timestamps are epoch milliseconds in BIGINT columns: read them as numbers, like SQLite does.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  return { dialect, db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }) };
}

/** Auto-incrementing integer primary key. */
export function idColumnType(dialect: DialectName): 'serial' | 'integer' {
  return dialect === 'postgres' ? 'serial' : 'integer';
}

export function idColumn(dialect: DialectName) {
  return (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement();
}

/** True when `error` is a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String((error as { code: unknown }).code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
