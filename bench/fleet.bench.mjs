// Fleet: a large integrator's daily calls against the limit of reading its raw weighings.
// `npm run bench -- fleet`. FLEET_SCALE (default 1) scales the weighings: 1 is 50,000,000 on
// PostgreSQL and 10,000,000 on SQLite (0.01 checks the bench in about a minute a database).
// - Data (fleet-catalog.mjs, fleet-data.mjs): 50 farms × 4 houses × 2 automatic scales, a flock every
//   56 days per farm (42 days of weighings) against one of two standards, a year of weighings made
//   by INSERT … SELECT in the database with their daily aggregates (pesagens_dia, bands, scores,
//   pesagens.dia_id), and a year of readings of 200 × FLEET_SCALE silo scales (at least 2) as the
//   default retention leaves them (minutes, hours, the last 90 days raw). The records come through
//   the portal's calls. Kept in /tmp (FLEET_DIR, default /tmp/fleet-bench, and the PostgreSQL
//   database fleet_bench_s<scale>) and reused by the next run while this generator is the same (a
//   migration added since is run on them); FLEET_REBUILD=1 makes them again. FLEET_DIALECTS=sqlite,postgres; FLEET_MEASURE=0 only makes the data.
// - Measured over HTTP on the portal started in this process, signed in as the integrator: avesheader,
//   usrstats (the dashboard), getgraphdata of a 42-day flock chart (weight, uniformity, CV, standard)
//   and a 30-day v2/resumo of every flock; one warm-up, then FLEET_ROUNDS (5) each: median and worst.
//   Target: each ≤ 300 ms.
// - Limit, in the same run: the same calls through the services on the raw weighings (weighingsService
//   fromRaw, the reference the aggregates equal) against the services on the aggregates, on one
//   connection without the portal's 15 s statement bound; the ratio raw / aggregates, and whether
//   both answered the same.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { getGraphDataBody, resumoQuery } from '@portal/shared';
import { openDatabase } from '../packages/server/dist/db/dialect.js';
import { migrateToLatest, pendingMigrations } from '../packages/server/dist/db/migrate.js';
import { createEventBus } from '../packages/server/dist/events/index.js';
import { createLogger } from '../packages/server/dist/logger.js';
import { loadConfig } from '../packages/server/dist/config.js';
import { createServices } from '../packages/server/dist/modules/services.js';
import { weighingsService } from '../packages/server/dist/modules/weighings/service.js';
import { pesagensRepository } from '../packages/server/dist/modules/weighings/pesagens.repository.js';
import { dailyQueries } from '../packages/server/dist/modules/weighings/daily.queries.js';
import { graphDataService } from '../packages/server/dist/modules/charts/graphdata.service.js';
import { graficosRepository } from '../packages/server/dist/modules/charts/graficos.repository.js';
import { graphDataRepository } from '../packages/server/dist/modules/charts/graphdata.repository.js';
import { createIntegrator, dayOffset, FARMS, HOUSES_PER_FARM, PASSWORD, READING_DEVICES, weighingPlan } from './fleet-catalog.mjs';
import { generateReadings, generateWeighings, openBulk, storageOf, unboundedDatabase } from './fleet-data.mjs';
import { machineLine, portalEnv, POSTGRES_ADMIN_URL, postJson, printTable, startPortal, withScratchDir } from './lib.mjs';

const SCALE = Number(process.env.FLEET_SCALE ?? 1);
const DIALECTS = (process.env.FLEET_DIALECTS ?? 'sqlite,postgres').split(',');
const DATA_DIR = process.env.FLEET_DIR ?? '/tmp/fleet-bench';
const REBUILD = process.env.FLEET_REBUILD === '1';
const ROUNDS = Number(process.env.FLEET_ROUNDS ?? 5);
const RAW_ROUNDS = Number(process.env.FLEET_RAW_ROUNDS ?? 2);
const TARGET_MS = 300;
const WEIGHINGS = { postgres: 50_000_000, sqlite: 10_000_000 };
/** Raised whenever the data this file makes changes: older kept data is made again. */
const GENERATOR_VERSION = 2;
const TABLES = ['pesagens', 'pesagens_dia', 'pesagens_dia_faixas', 'pesagens_dia_scores', 'silo_leituras', 'silo_leituras_min', 'silo_leituras_hora'];

const tag = String(SCALE).replace('.', '_');
const readingDevices = Math.max(2, Math.round(READING_DEVICES * SCALE));
const log = (line) => console.log(line);
const seconds = (since) => (performance.now() - since) / 1000;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

function urlOf(dialect) {
  if (dialect === 'sqlite') return `sqlite:${join(DATA_DIR, `fleet-s${tag}.sqlite`)}`;
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/fleet_bench_s${tag}`;
  return url.toString();
}

async function withAdmin(use) {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/** The kept data's description, when it can be reused as it is; else undefined. */
async function keptData(dialect, url) {
  if (REBUILD) return undefined;
  if (dialect === 'sqlite' && !existsSync(url.slice('sqlite:'.length))) return undefined;
  if (dialect === 'postgres' && !(await withAdmin(async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [new URL(url).pathname.slice(1)])).rowCount > 0))) return undefined;
  const database = openDatabase(url, { warn: () => {} });
  try {
    const row = await database.db.selectFrom('fleet_bench_meta').select('valor').where('chave', '=', 'info').executeTakeFirst();
    const meta = row && JSON.parse(row.valor);
    if (!meta || meta.version !== GENERATOR_VERSION || meta.scale !== SCALE) return undefined;
    // An UNLOGGED month emptied by a server crash: made again.
    const first = await database.db.selectFrom('pesagens').select('id').limit(1).executeTakeFirst();
    if (!first) return undefined;
    // A migration added since: run on the kept data as on any portal's upgrade, without the 15 s bound.
    const pending = await pendingMigrations(database);
    if (pending.length > 0) {
      log(`${dialect}: migrating the kept data (${pending.join(', ')})`);
      const unbounded = unboundedDatabase(dialect, dialect === 'sqlite' ? database : { url });
      try {
        await migrateToLatest(unbounded);
      } finally {
        if (unbounded !== database) await unbounded.db.destroy();
      }
    }
    return meta;
  } catch {
    return undefined;
  } finally {
    await database.db.destroy();
  }
}

async function freshDatabase(dialect, url) {
  if (dialect === 'sqlite') {
    mkdirSync(DATA_DIR, { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${url.slice('sqlite:'.length)}${suffix}`, { force: true });
    return;
  }
  const name = new URL(url).pathname.slice(1);
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
}

async function generate(dialect, url) {
  const started = performance.now();
  log(`${dialect}: generating (FLEET_SCALE ${SCALE}), load average ${load()}`);
  await freshDatabase(dialect, url);
  const email = `integradora-${randomBytes(4).toString('hex')}@fleet.example`;
  const integrator = await withScratchDir('fleet-catalog-', async (dir) => {
    const portal = await startPortal(url, dir, { MQTT_PORT: '0' });
    try {
      return await createIntegrator(portal.base, { email, readingDevices });
    } finally {
      await portal.close();
    }
  });
  const catalogSeconds = seconds(started);
  const plan = weighingPlan(integrator, Math.round(WEIGHINGS[dialect] * SCALE));
  log(`${dialect}: ${integrator.flocks.length} flocks, ${plan.length} day rows, catalog in ${catalogSeconds.toFixed(0)} s`);
  const database = { ...openDatabase(url, { warn: () => {} }), url };
  const bulk = await openBulk(dialect, url);
  try {
    const weighingTimes = await generateWeighings(bulk, database, integrator, plan, log);
    log(`${dialect}: weighings ${JSON.stringify(weighingTimes)}`);
    const readingTimes = await generateReadings(bulk, database, integrator, integrator.silos, log);
    log(`${dialect}: readings ${JSON.stringify(readingTimes)}`);
    const storage = await storageOf(bulk, TABLES);
    const chartedLote = integrator.flocks.filter((flock) => flock.closed !== null).at(-1);
    const meta = {
      version: GENERATOR_VERSION,
      scale: SCALE,
      email,
      generatedAt: new Date().toISOString(),
      loadAverage: load(),
      today: integrator.today,
      ownerId: integrator.ownerId,
      graficoId: integrator.graficoId,
      chart: { lote: chartedLote.id, di: chartedLote.placed, df: chartedLote.closed },
      houses: FARMS * HOUSES_PER_FARM,
      flocks: integrator.flocks.length,
      readingDevices: integrator.silos.length,
      times: { catalog: catalogSeconds, ...weighingTimes, ...Object.fromEntries(Object.entries(readingTimes).map(([key, value]) => [`readings_${key}`, value])), total: seconds(started) },
      storage,
    };
    await bulk.run('CREATE TABLE fleet_bench_meta (chave varchar(40) PRIMARY KEY, valor text NOT NULL)');
    await bulk.run(`INSERT INTO fleet_bench_meta (chave, valor) VALUES ('info', ${dialect === 'sqlite' ? '?' : '$1'})`, [JSON.stringify(meta)]);
    return meta;
  } finally {
    await bulk.close();
    await database.db.destroy();
  }
}

/** The four calls on the aggregates and on the raw rows, through the services. */
function serviceCalls(dialect, url, meta) {
  // Without the portal's statement bound: the raw reference reads tens of millions of rows.
  const database = unboundedDatabase(dialect, dialect === 'sqlite' ? openDatabase(url, { warn: () => {} }) : { url });
  const config = loadConfig(portalEnv(url, DATA_DIR));
  const quiet = createLogger({ ...config, LOG_LEVEL: 'silent' });
  const services = createServices({ config, database, clock: Date.now, log: quiet, events: createEventBus(quiet) });
  const deps = { pesagens: pesagensRepository(database), daily: dailyQueries(database), farms: services.farms, flocks: services.flocks, standards: services.standards, devices: services.devices, accounts: services.accounts, clock: Date.now };
  const raw = weighingsService({ ...deps, fromRaw: true });
  const chartsOn = (weighings) =>
    graphDataService({ graficos: graficosRepository(database.db), data: graphDataRepository(database.db), flocks: services.flocks, standards: services.standards, weighings, siloReadings: services.siloReadings, devices: services.devices, accounts: services.accounts, clock: Date.now });
  const rawCharts = chartsOn(raw);
  const resumo = (() => {
    const { prop: _prop, tipo: _tipo, ...filters } = resumoQuery.parse({ inicio: dayOffset(meta.today, -29), fim: meta.today, tipo: 'json' });
    return filters;
  })();
  const chart = getGraphDataBody.parse({ id: meta.graficoId });
  const scope = () => services.scopes.resolve(meta.ownerId, undefined, 'read');
  return {
    calls: {
      avesheader: { aggregates: async () => services.weighings.header(await scope(), false), raw: async () => raw.header(await scope(), false) },
      usrstats: { aggregates: async () => services.weighings.dashboard(await scope()), raw: async () => raw.dashboard(await scope()) },
      getgraphdata: { aggregates: async () => services.graphData.graphData(await scope(), chart), raw: async () => rawCharts.graphData(await scope(), chart) },
      'v2/resumo': { aggregates: async () => services.weighings.summary(await scope(), resumo), raw: async () => raw.summary(await scope(), resumo) },
    },
    close: () => database.db.destroy(),
  };
}

async function timedRuns(work, rounds) {
  let answer;
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    answer = await work();
    times.push(performance.now() - started);
  }
  return { answer, times };
}

/**
 * CPU milliseconds spent so far by this process (client and portal) and, on PostgreSQL, by the
 * database's server processes: a call's cost whatever else the shared machine runs (the wall time
 * waits for a core when the load average passes the 2 cores). Parallel query workers come and go
 * uncounted; the aggregates' statements use none.
 */
function cpuClock(dialect, url) {
  const own = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  if (dialect === 'sqlite') return { read: async () => own(), close: async () => {} };
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  const connected = admin.connect();
  const ticks = (pid) => {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  return {
    async read() {
      await connected;
      const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [new URL(url).pathname.slice(1)]);
      return own() + rows.reduce((sum, row) => sum + ticks(row.pid), 0);
    },
    close: async () => admin.end(),
  };
}

async function measure(dialect, url, meta) {
  const rows = [];
  await withScratchDir('fleet-measure-', async (dir) => {
    const portal = await startPortal(url, dir, { MQTT_PORT: '0' });
    try {
      const { token } = await postJson(portal.base, 'login', { email: meta.email, password: PASSWORD });
      const http = {
        avesheader: () => ['POST', 'avesheader', {}],
        usrstats: () => ['GET', 'usrstats'],
        getgraphdata: () => ['POST', 'getgraphdata', { id: meta.graficoId }],
        'v2/resumo': () => ['GET', `v2/resumo?inicio=${dayOffset(meta.today, -29)}&fim=${meta.today}&tipo=json`],
      };
      for (const [name, request] of Object.entries(http)) {
        const [method, path, body] = request();
        const send = async () => {
          const response = await fetch(`${portal.base}/api/${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });
          const text = await response.text();
          if (response.status !== 200) throw new Error(`${name} answered ${response.status}: ${text.slice(0, 300)}`);
          return text.length;
        };
        await send();
        const cpu = cpuClock(dialect, url);
        try {
          const before = await cpu.read();
          const { answer, times } = await timedRuns(send, ROUNDS);
          const cpuMs = ((await cpu.read()) - before) / ROUNDS;
          rows.push({ name, httpMedian: median(times), httpWorst: Math.max(...times), cpuMs, bytes: answer });
        } finally {
          await cpu.close();
        }
      }
    } finally {
      await portal.close();
    }
  });
  const services = serviceCalls(dialect, url, meta);
  try {
    for (const row of rows) {
      const call = services.calls[row.name];
      const aggregates = await timedRuns(call.aggregates, 1 + 3);
      const raw = await timedRuns(call.raw, RAW_ROUNDS);
      row.serviceMedian = median(aggregates.times.slice(1));
      row.rawBest = Math.min(...raw.times);
      row.same = isDeepStrictEqual(aggregates.answer, raw.answer);
      log(`${dialect}: ${row.name} over HTTP ${row.httpMedian.toFixed(0)} ms, service ${row.serviceMedian.toFixed(0)} ms, raw ${row.rawBest.toFixed(0)} ms, same answer ${row.same}`);
    }
  } finally {
    await services.close();
  }
  return rows;
}

const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const mib = (bytes) => (bytes / 2 ** 20).toFixed(0);
const thousands = (value) => value.toLocaleString('en-US');

const results = [];
for (const dialect of DIALECTS) {
  const url = urlOf(dialect);
  let meta = await keptData(dialect, url);
  if (meta) log(`${dialect}: reusing the data made ${meta.generatedAt} (${url})`);
  else meta = await generate(dialect, url);
  // FLEET_MEASURE=0: only make the data (two databases made at once, measured together after).
  if (process.env.FLEET_MEASURE !== '0') results.push({ dialect, meta, rows: await measure(dialect, url, meta) });
}
if (results.length === 0) process.exit(0);

console.log(`\n${machineLine(`FLEET_SCALE ${SCALE}, ${ROUNDS} rounds over HTTP, load average now ${load()}`)}\n`);
printTable(
  ['database', 'weighings', 'day rows', 'band rows', 'houses', 'flocks', 'silo scales', 'generated in s', 'load avg at generation', 'weighings MiB', 'aggregates MiB'],
  results.map(({ dialect, meta }) => [
    dialect,
    thousands(meta.storage.pesagens.rows),
    thousands(meta.storage.pesagens_dia.rows),
    thousands(meta.storage.pesagens_dia_faixas.rows),
    meta.houses,
    meta.flocks,
    meta.readingDevices,
    `${fixed(meta.times.total)} (${Object.entries(meta.times).filter(([key]) => key !== 'total').map(([key, value]) => `${key} ${fixed(value)}`).join(', ')})`,
    meta.loadAverage,
    mib(meta.storage.pesagens.bytes),
    mib(meta.storage.pesagens_dia.bytes + meta.storage.pesagens_dia_faixas.bytes + meta.storage.pesagens_dia_scores.bytes),
  ]),
);
console.log('');
printTable(
  ['database', 'call', 'HTTP median ms', 'HTTP worst ms', `≤ ${TARGET_MS} ms`, 'CPU ms a call (portal + database)', 'answer KiB', 'service, aggregates ms', 'service, raw rows ms (limit)', 'raw / aggregates', 'same answer'],
  results.flatMap(({ dialect, rows }) =>
    rows.map((row) => [dialect, row.name, fixed(row.httpMedian), fixed(row.httpWorst), row.httpWorst <= TARGET_MS ? 'yes' : '**no**', fixed(row.cpuMs), fixed(row.bytes / 1024, 1), fixed(row.serviceMedian), fixed(row.rawBest), `**${fixed(row.rawBest / row.serviceMedian, 1)}**`, row.same ? 'yes' : '**no**']),
  ),
);
console.log('');
printTable(
  ['database', 'silo scales', 'raw rows (last 90 days)', 'minute rows', 'hour rows', 'raw MiB', 'minutes MiB', 'hours MiB', 'KiB per scale-year: raw (90 d) + minutes + hours'],
  results.map(({ dialect, meta }) => {
    const [raw, minutes, hours] = ['silo_leituras', 'silo_leituras_min', 'silo_leituras_hora'].map((table) => meta.storage[table]);
    return [dialect, meta.readingDevices, thousands(raw.rows), thousands(minutes.rows), thousands(hours.rows), mib(raw.bytes), mib(minutes.bytes), mib(hours.bytes), `${fixed((raw.bytes + minutes.bytes + hours.bytes) / meta.readingDevices / 1024)} (${[raw, minutes, hours].map((level) => fixed(level.bytes / meta.readingDevices / 1024)).join(' + ')})`];
  }),
);
