// What every benchmark shares: the machine line, a scratch folder, the portal's environment, an
// in-process portal, a PostgreSQL database of its own and the Markdown table of the results.
// Not a benchmark itself (run.mjs runs *.bench.mjs only).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config.js';
import { openDatabase } from '../packages/server/dist/db/dialect.js';
import { credentialUserFor, hashDeviceSecret, newDeviceSecret } from '../packages/server/dist/modules/devices/credentials.js';
import { dataTopic } from '../packages/server/dist/modules/devices/protocol.js';
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

/** The built portal in this process on a migrated `databaseUrl`, listening on a loopback port; `env` overrides portalEnv's; `expose` gets its services (app.ts). */
export async function startPortal(databaseUrl, dir, env = {}, { expose } = {}) {
  const config = loadConfig({ ...portalEnv(databaseUrl, dir), ...env });
  const logger = createLogger(config);
  const database = openDatabase(config.DATABASE_URL, logger);
  await migrateToLatest(database);
  const app = await buildApp({ config, database, logger, expose });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base,
    config,
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

/** A free TCP port on the loopback address (for a portal started as its own process). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS of a process, in MiB. */
export const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** VmRSS of `pid` every 500 ms until the returned function is called: first, peak, last (MiB). */
export function sampleRss(pid) {
  const samples = [rssMiB(pid)];
  const timer = setInterval(() => samples.push(rssMiB(pid)), 500);
  return () => {
    clearInterval(timer);
    samples.push(rssMiB(pid));
    return { start: samples[0], peak: Math.max(...samples), end: samples.at(-1) };
  };
}

/** The q-quantile (0..1) of numbers sorted ascending; NaN when there are none. */
export const quantileOf = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;

/**
 * `count` CS scales of `ownerId` on farm `nucleoId`, written straight into the portal's database with
 * secrets made by the portal's own credential functions (thousands of registerdevice calls would
 * only time the registration). Answers each with its id, broker login, secret and data topic.
 */
export async function insertBenchDevices(databaseUrl, { ownerId, nucleoId, count, prefix }) {
  const database = openDatabase(databaseUrl);
  try {
    const stamp = Date.now();
    const devices = Array.from({ length: count }, (_, index) => ({ modelo: 'CS', serie: `${prefix}-${stamp}-${index}`, chip_id: 'BENCH01', senha: newDeviceSecret() }));
    const rows = devices.map((device) => ({
      owner_id: ownerId,
      modelo: device.modelo,
      serie: device.serie,
      chip_id: device.chip_id,
      versao: '1.0',
      nome: '',
      nucleo_id: nucleoId,
      aviario_id: null,
      obs: '',
      credential_user: credentialUserFor(device.modelo, device.serie),
      credential_hash: hashDeviceSecret(device.senha),
      last_contact_at: null,
      created_at: stamp,
      updated_at: stamp,
    }));
    for (let at = 0; at < rows.length; at += 100) await database.db.insertInto('devices').values(rows.slice(at, at + 100)).execute();
    const ids = new Map((await database.db.selectFrom('devices').select(['id', 'serie']).where('owner_id', '=', ownerId).execute()).map((row) => [row.serie, row.id]));
    return devices.map((device) => ({ ...device, id: ids.get(device.serie), usuario: credentialUserFor(device.modelo, device.serie), topic: dataTopic(device.modelo, device.serie) }));
  } finally {
    await database.db.destroy();
  }
}

/**
 * Runs `bench(label, databaseUrl, dir)` on SQLite then PostgreSQL, in a scratch folder, and answers
 * their result rows together; `only` ('sqlite' | 'postgres', from the bench's *_ONLY variable) runs one.
 */
export async function onEachDatabase(name, only, bench) {
  return withScratchDir(`portal-bench-${name}-`, async (dir) => {
    const measured = [];
    if (only !== 'postgres') measured.push(...(await bench('SQLite', `sqlite:${join(dir, 'bench.sqlite')}`, dir)));
    if (only !== 'sqlite') measured.push(...(await withPostgresDatabase((url) => bench('PostgreSQL', url, dir))));
    return measured;
  });
}

/**
 * A new account on the portal at `base`, signed in, with a standard made from the first published
 * preset: its token, `post(path, body)` and `get(path)` as that account (each throws on a non-2xx).
 */
export async function benchAccountWithStandard(base, email) {
  const account = { name: 'Bench', email, password: 'bench-pass-1', company: 'Bench' };
  await postJson(base, 'register', account);
  const { token } = await postJson(base, 'login', { email: account.email, password: account.password });
  const post = (path, body) => postJson(base, path, body, token);
  const get = async (path) => {
    const response = await fetch(`${base}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const [preset] = await get('getpadrao_presets');
  const { chave: _chave, ...presetBody } = preset;
  return { token, post, get, padrao: await post('registerpadrao', presetBody) };
}
