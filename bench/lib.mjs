// What every benchmark shares: the machine line, a scratch folder, the portal's environment, an
// in-process portal, a PostgreSQL database of its own and the Markdown table of the results.
// Not a benchmark itself (run.mjs runs *.bench.mjs only).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config.js';
import { openDatabase } from '../packages/server/dist/db/dialect.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { createLogger } from '../packages/server/dist/logger.js';

/** The maintenance database fresh bench databases are created from (BENCH_POSTGRES_URL to change it). */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Date, Node, CPUs and memory (then `extra`): the line above every result table, so runs compare. */
export function machineLine(...extra) {
  const cpu = cpus();
  return [`date ${new Date().toISOString().slice(0, 10)}`, `node ${process.version}`, `${cpu.length} × ${cpu[0]?.model}`, `${(totalmem() / 2 ** 30).toFixed(0)} GiB`, ...extra].join(', ');
}

/** Prints a Markdown table (as docs/benchmarks.md holds them). */
export function printTable(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${headers.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** A scratch folder for the run, removed afterwards whatever happens. */
export async function withScratchDir(prefix, use) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The environment of a bench portal on `databaseUrl`: no demo data, a fresh key, mail and web out of the way. */
export const portalEnv = (databaseUrl, dir) => ({
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  DEMO: '0',
  SECRET_KEY: randomBytes(32).toString('hex'),
  OUTBOX_DIR: join(dir, 'outbox'),
  WEB_DIST_DIR: join(dir, 'none'),
});

/** The built portal in this process on a migrated `databaseUrl`, listening on a loopback port. */
export async function startPortal(databaseUrl, dir) {
  const config = loadConfig(portalEnv(databaseUrl, dir));
  const logger = createLogger(config);
  const database = openDatabase(config.DATABASE_URL, logger);
  await migrateToLatest(database);
  const app = await buildApp({ config, database, logger });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base,
    database,
    /** Every connection closed before the database goes, so nothing is cut under the pool. */
    async close() {
      await app.close();
      await database.db.destroy();
    },
  };
}

/** POST of JSON to the portal's `/api/<path>`, the answer's body (throws on any status but 2xx). */
export async function postJson(base, path, body, token) {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * A fresh PostgreSQL database for `use` (its URL), dropped afterwards; when the server cannot be
 * reached, says so and answers undefined, so the SQLite figures still come out.
 */
export async function withPostgresDatabase(use, adminUrl = POSTGRES_ADMIN_URL) {
  const pg = (await import('pg')).default;
  const name = `portal_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not measured: ${adminUrl} is unreachable (${error.message})`);
    await admin.end().catch(() => undefined);
    return undefined;
  }
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      return await use(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}
