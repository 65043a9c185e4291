// Accounts: what a signed-in call and a login cost, each next to its own limit measured in this run.
// - getuser (token lookup + user read + serialisation) against a bare Fastify route answering the same
//   JSON on the same machine: the ceiling any authenticated call can reach.
// - login against one scrypt verification alone: the floor a login cannot go under.
// Loopback only, bounded request counts.
import { join } from 'node:path';
import Fastify from 'fastify';
import { hashPassword, verifyPassword } from '../packages/server/dist/modules/accounts/password.js';
import { machineLine, postJson, printTable, startPortal, withPostgresDatabase, withScratchDir } from './lib.mjs';

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

async function bench(label, databaseUrl, dir) {
  const portal = await startPortal(databaseUrl, dir);
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
    await portal.close();
  }
}

const results = await withScratchDir('portal-bench-', async (dir) => {
  const measured = [await bench('SQLite', `sqlite:${join(dir, 'bench.sqlite')}`, dir)];
  const postgres = await withPostgresDatabase((url) => bench('PostgreSQL', url, dir));
  if (postgres) measured.push(postgres);
  return measured;
});

const f = (n, d = 0) => n.toFixed(d);
console.log(machineLine(`${REQUESTS} requests at concurrency ${CONCURRENCY}`));
printTable(
  ['database', 'getuser req/s', 'bare route req/s (limit)', 'ratio', 'getuser p50 / p99 ms', 'login ms', 'scrypt verify ms (limit)', 'ratio', 'RSS MiB'],
  results.map((r) => [
    r.label,
    f(r.getuser.rps),
    f(r.limit.rps),
    f(r.getuser.rps / r.limit.rps, 2),
    `${f(r.getuser.p50, 2)} / ${f(r.getuser.p99, 2)}`,
    f(r.loginMs, 1),
    f(r.scryptMs, 1),
    f(r.loginMs / r.scryptMs, 2),
    f(process.memoryUsage().rss / 2 ** 20),
  ]),
);
