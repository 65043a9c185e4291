// Accounts: what a signed-in call and a login cost, each next to its own limit measured in this run.
// - getuser (session and user in one query, or none while the instance's session cache holds it,
//   + serialisation) against a bare Fastify route answering the same JSON on the same machine: the
//   ceiling any authenticated call can reach. Measured with the session cache on (the default
//   SESSION_CACHE_SECONDS) and off (0: the one query on every call), on two portals over one database.
// - Rounds alternate bare, cached, uncached (ROUNDS of REQUESTS each, BENCH_ACCOUNTS_ROUNDS to
//   change): each ratio is taken within its round and the median is shown, so a machine whose load
//   moves during the run (others' tests) moves both sides of a ratio alike.
// - login against one scrypt verification alone: the floor a login cannot go under.
// Loopback only, bounded request counts.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { hashPassword, verifyPassword } from '../packages/server/dist/modules/accounts/password.js';
import { machineLine, postJson, printTable, startPortal, withPostgresDatabase, withScratchDir } from './lib.mjs';

const REQUESTS = 4000;
const CONCURRENCY = 16;
const LOGINS = 40;
const ROUNDS = Number(process.env.BENCH_ACCOUNTS_ROUNDS ?? 5);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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

async function bench(label, databaseUrl, dir) {
  // MQTT_PORT 0: the two portals' embedded brokers take free ports.
  const portal = await startPortal(databaseUrl, dir, { MQTT_PORT: '0' });
  // The same database through a second portal that reads the session on every call.
  const uncached = await startPortal(databaseUrl, dir, { MQTT_PORT: '0', SESSION_CACHE_SECONDS: '0' });
  const { base } = portal;
  const bare = Fastify();
  try {
    const account = { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'bench-pass-1', company: 'Bench' };
    await postJson(base, 'register', account);
    const login = async () => {
      const response = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
      if (response.status !== 200) throw new Error(`login answered ${response.status}`);
      return (await response.json()).token;
    };
    const token = await login();
    const user = await (await fetch(`${base}/api/getuser`, { headers: { authorization: `Bearer ${token}` } })).json();

    bare.get('/same', async () => user);
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    const auth = { authorization: `Bearer ${token}` };
    await load(`${bareBase}/same`); // warm-up
    await load(`${base}/api/getuser`, auth);
    await load(`${uncached.base}/api/getuser`, auth);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const limit = await load(`${bareBase}/same`);
      const getuser = await load(`${base}/api/getuser`, auth);
      const oneQuery = await load(`${uncached.base}/api/getuser`, auth);
      rounds.push({ limit, getuser, oneQuery, ratio: getuser.rps / limit.rps, oneQueryRatio: oneQuery.rps / limit.rps });
    }
    const pick = (key) => rounds.find((round) => round.ratio === median(rounds.map((r) => r.ratio)))[key];
    const limit = pick('limit');
    const getuser = pick('getuser');
    const ratios = { cached: rounds.map((r) => r.ratio), oneQuery: rounds.map((r) => r.oneQueryRatio) };
    const oneQuery = rounds.find((round) => round.oneQueryRatio === median(ratios.oneQuery)).oneQuery;

    const hash = await hashPassword(account.password);
    let t0 = performance.now();
    for (let i = 0; i < LOGINS; i += 1) await verifyPassword(account.password, hash);
    const scryptMs = (performance.now() - t0) / LOGINS;
    t0 = performance.now();
    for (let i = 0; i < LOGINS; i += 1) await login();
    const loginMs = (performance.now() - t0) / LOGINS;
    return { label, limit, getuser, oneQuery, ratios, scryptMs, loginMs };
  } finally {
    // Close every connection before the database is dropped, so nothing is cut under the pool.
    await bare.close();
    await portal.close();
    await uncached.close();
  }
}

const results = await withScratchDir('portal-bench-', async (dir) => {
  const measured = [await bench('SQLite', `sqlite:${join(dir, 'bench.sqlite')}`, dir)];
  const postgres = await withPostgresDatabase((url) => bench('PostgreSQL', url, dir));
  if (postgres) measured.push(postgres);
  return measured;
});

const f = (n, d = 0) => n.toFixed(d);
const range = (values) => `${f(Math.min(...values), 2)}–${f(Math.max(...values), 2)}`;
console.log(machineLine(`${REQUESTS} requests at concurrency ${CONCURRENCY}, ${ROUNDS} rounds (median round shown), load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}`));
printTable(
  ['database', 'getuser req/s', 'bare route req/s (limit)', 'ratio (rounds)', 'getuser p50 / p99 ms', 'one query, no cache: req/s', 'ratio (rounds)', 'login ms', 'scrypt verify ms (limit)', 'ratio', 'RSS MiB'],
  results.map((r) => [
    r.label,
    f(r.getuser.rps),
    f(r.limit.rps),
    `**${f(median(r.ratios.cached), 2)}** (${range(r.ratios.cached)})`,
    `${f(r.getuser.p50, 2)} / ${f(r.getuser.p99, 2)}`,
    f(r.oneQuery.rps),
    `${f(median(r.ratios.oneQuery), 2)} (${range(r.ratios.oneQuery)})`,
    f(r.loginMs, 1),
    f(r.scryptMs, 1),
    f(r.loginMs / r.scryptMs, 2),
    f(process.memoryUsage().rss / 2 ** 20),
  ]),
);
