// Accounts: what a signed-in call and a login cost, each next to its own limit measured in this run.
// - getuser (token lookup + user read + serialisation) against a bare Fastify route answering the same
//   JSON on the same machine: the ceiling any authenticated call can reach.
// - login against one scrypt verification alone: the floor a login cannot go under.
// Loopback only, bounded request counts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config.js';
import { openDatabase } from '../packages/server/dist/db/dialect.js';
import { createLogger } from '../packages/server/dist/logger.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { hashPassword, verifyPassword } from '../packages/server/dist/modules/accounts/password.js';

const REQUESTS = 4000;
const CONCURRENCY = 16;
const LOGINS = 40;

async function load(url, headers) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: REQUESTS / seconds, p50: latencies[Math.floor(latencies.length * 0.5)], p99: latencies[Math.floor(latencies.length * 0.99)] };
}

async function portalOn(databaseUrl, dir) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DEMO: '0', SECRET_KEY: randomBytes(32).toString('hex'), OUTBOX_DIR: join(dir, 'outbox'), WEB_DIST_DIR: join(dir, 'none') });
  const logger = createLogger(config);
  const database = openDatabase(config.DATABASE_URL, logger);
  await migrateToLatest(database);
  const app = await buildApp({ config, database, logger });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, database };
}

async function bench(label, databaseUrl, dir) {
  const { app, base, database } = await portalOn(databaseUrl, dir);
  const bare = Fastify();
  try {
    const account = { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'bench-pass-1', company: 'Bench' };
    await fetch(`${base}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    const login = async () => {
      const response = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
      if (response.status !== 200) throw new Error(`login answered ${response.status}`);
      return (await response.json()).token;
    };
    const token = await login();
    const user = await (await fetch(`${base}/api/getuser`, { headers: { authorization: `Bearer ${token}` } })).json();

    bare.get('/same', async () => user);
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    await load(`${bareBase}/same`); // warm-up
    await load(`${base}/api/getuser`, { authorization: `Bearer ${token}` });
    const limit = await load(`${bareBase}/same`);
    const getuser = await load(`${base}/api/getuser`, { authorization: `Bearer ${token}` });

    const hash = await hashPassword(account.password);
    let t0 = performance.now();
    for (let i = 0; i < LOGINS; i += 1) await verifyPassword(account.password, hash);
    const scryptMs = (performance.now() - t0) / LOGINS;
    t0 = performance.now();
    for (let i = 0; i < LOGINS; i += 1) await login();
    const loginMs = (performance.now() - t0) / LOGINS;
    return { label, limit, getuser, scryptMs, loginMs };
  } finally {
    // Close every connection before the database is dropped, so nothing is cut under the pool.
    await bare.close();
    await app.close();
    await database.db.destroy();
  }
}

/** A fresh PostgreSQL database for the run, dropped afterwards (from the `postgres` maintenance database). */
async function withPostgresDatabase(adminUrl, use) {
  const pg = (await import('pg')).default;
  const name = `portal_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      return await use(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name}`);
    }
  } finally {
    await admin.end();
  }
}

async function reachable(adminUrl) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    console.log(`PostgreSQL not measured: ${adminUrl} is unreachable (${error.message})`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const results = [];
try {
  results.push(await bench('SQLite', `sqlite:${join(dir, 'bench.sqlite')}`, dir));
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await reachable(adminUrl)) results.push(await withPostgresDatabase(adminUrl, (url) => bench('PostgreSQL', url, dir)));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const f = (n, d = 0) => n.toFixed(d);
console.log(`date ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, ${f(totalmem() / 2 ** 30)} GiB, ${REQUESTS} requests at concurrency ${CONCURRENCY}`);
console.log('| database | getuser req/s | bare route req/s (limit) | ratio | getuser p50 / p99 ms | login ms | scrypt verify ms (limit) | ratio | RSS MiB |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.label} | ${f(r.getuser.rps)} | ${f(r.limit.rps)} | ${f(r.getuser.rps / r.limit.rps, 2)} | ${f(r.getuser.p50, 2)} / ${f(r.getuser.p99, 2)} | ${f(r.loginMs, 1)} | ${f(r.scryptMs, 1)} | ${f(r.loginMs / r.scryptMs, 2)} | ${f(process.memoryUsage().rss / 2 ** 20)} |`,
  );
}
