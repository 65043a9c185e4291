// Load: light calls and devices beside heavy reports. `npm run bench -- load`.
// - Portal: the BUILT server as its own process (embedded MQTT broker) on a fresh SQLite database,
//   then on a fresh PostgreSQL database when one is reachable, with the demo account and its data
//   (DEMO=1; the simulator writes 40 days of silo, trough, doser and collector history and streams).
// - Clients, all on 127.0.0.1: BENCH_LOAD_REPORT_CLIENTS (default 200) report clients, each calling
//   one heavy report after another (avespesos, v2/resumo, gettotaisselauto, usrstats, getracao,
//   getgraph_calha, getsiloleituras, getgraphdata, reldosagem, gethistoricopontocoleta, in turn) and
//   waiting Retry-After when answered 503 BUSY; BENCH_LOAD_LIGHT_CLIENTS (default 20) light clients
//   (getuser, health, getnucleo, 20 ms apart); BENCH_LOAD_DEVICES (default 200) scales streaming
//   weighing records (PES, QoS 1, one a second each; bench/live-devices.mjs in mode 'pes'), timing
//   each ACK.
// - Limit, in the same run: the same light clients and devices for BENCH_LOAD_BASELINE_SECONDS
//   (default 15) without report clients; then BENCH_LOAD_SECONDS (default 60) with them. Reported:
//   light-call and ACK p50/p99 of both phases and their ratio, reports served and refused BUSY, 5xx
//   other than BUSY, and the server's peak RSS. Targets under load: light p99 ≤ 200 ms, ACK p99 ≤
//   500 ms, 0 × 5xx other than 503 BUSY, RSS bounded.
// - BENCH_LOAD_REPORT_WORKERS sets the portal's REPORT_WORKERS (0: reports on the request thread, as
//   before the worker pool).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { freePort, insertBenchDevices, machineLine, portalEnv, printTable, quantileOf, sampleRss, withPostgresDatabase, withScratchDir } from './lib.mjs';

const REPORT_CLIENTS = Number(process.env.BENCH_LOAD_REPORT_CLIENTS ?? 200);
const LIGHT_CLIENTS = Number(process.env.BENCH_LOAD_LIGHT_CLIENTS ?? 20);
const DEVICES = Number(process.env.BENCH_LOAD_DEVICES ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.BENCH_LOAD_BASELINE_SECONDS ?? 15);
const REPORT_WORKERS = process.env.BENCH_LOAD_REPORT_WORKERS;
const LIGHT_PAUSE_MS = 20;
/** Any one call gives up after this: every loop ends by itself. */
const CALL_TIMEOUT_MS = 120_000;
const DRAIN_MS = 5_000;
/** A portal that has not finished its demo data by then fails the run. */
const START_TIMEOUT_MS = 600_000;
const MAIN = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const day = (offsetDays) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The built portal as a process; resolves once its demo account exists and its simulator streams. */
async function startPortal(databaseUrl, dir) {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const env = { ...process.env, ...portalEnv(databaseUrl, dir), PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: String(mqttPort), DEMO: '1', SIMULATOR: '1', LOG_LEVEL: 'info' };
  if (REPORT_WORKERS !== undefined) env.REPORT_WORKERS = REPORT_WORKERS;
  delete env.MQTT_URL;
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Whatever ends this run (an error included), the portal goes with it.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  let output = '';
  let account;
  let started = false;
  let fiveHundreds = 0;
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal not ready after ${START_TIMEOUT_MS} ms:\n${output.slice(-3000)}`)), START_TIMEOUT_MS);
    const collect = (chunk) => {
      const text = chunk.toString();
      // The request log: 500s the server itself saw (a client timing out would not show them).
      fiveHundreds += (text.match(/"status":50[0-24-9]/g) ?? []).length;
      output = (output + text).slice(-20_000);
      if (started) return;
      account ??= /demo account: ([^\s"]+) password: ([^\s"]+)/.exec(text);
      if (account && /simulator: \d+ devices streaming|simulator: the demo account has no devices/.test(text)) {
        started = true;
        clearTimeout(timer);
        resolve({ email: account[1], password: account[2] });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`portal exited (${code}):\n${output.slice(-3000)}`)));
  });
  ready.catch(() => undefined);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    process.off('exit', killChild);
  };
  return { base: `http://127.0.0.1:${port}`, mqtt: `mqtt://127.0.0.1:${mqttPort}`, pid: child.pid, ready, stop, serverFiveHundreds: () => fiveHundreds };
}

/** One call: status, time, and the answer's code on an error. Never throws (a failure is status 0). */
async function call(base, token, method, path, body) {
  const started = now();
  try {
    const response = await fetch(`${base}/api/${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    const code = response.status >= 400 ? (JSON.parse(text || '{}').code ?? '') : '';
    return { at: started, ms: now() - started, status: response.status, code, retryAfter: Number(response.headers.get('retry-after') ?? 0) };
  } catch (error) {
    return { at: started, ms: now() - started, status: 0, code: error.name };
  }
}

async function getJson(base, token, path) {
  const response = await fetch(`${base}/api/${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/** The heavy calls of the demo account, with ids found through its own lists; a kind it lacks is left out. */
async function reportCalls(base, token) {
  const period = { di: day(-40), df: day(0) };
  const [lotes, silos, devices, calhas, graficos, fumigadores, pontos] = await Promise.all(
    ['getlote', 'getsilo', 'getdevice', 'getcalhas', 'getgrafico', 'getfumigador', 'getpontocoleta'].map((path) => getJson(base, token, path).catch(() => [])),
  );
  const calls = [
    ['POST', 'avespesos', { inicio: day(-120), fim: day(0) }],
    ['GET', `v2/resumo?inicio=${day(-120)}&fim=${day(0)}&tipo=json`],
    ['GET', 'usrstats'],
  ];
  const grader = devices.find((device) => device.modelo === 'SELAUTO');
  if (grader) calls.push(['GET', `gettotaisselauto?id=${grader.id}&ini=${day(-120)}&fim=${day(0)}`]);
  if (lotes[0]) calls.push(['GET', `getracao?id=${lotes[0].id}&di=${period.di}&df=${period.df}`]);
  const monitor = calhas.find((item) => item.calhas.length > 0);
  if (monitor) calls.push(['GET', `getgraph_calha?id=${monitor.id}&idcalha=${monitor.calhas[0]}&di=${period.di}&df=${period.df}`]);
  if (silos[0]) calls.push(['GET', `getsiloleituras?id=${silos[0].id}&di=${period.di}&df=${period.df}`]);
  if (graficos[0]) calls.push(['POST', 'getgraphdata', { id: graficos[0].id }]);
  if (fumigadores[0]) calls.push(['POST', 'reldosagem', { id: fumigadores[0].id, ...period }]);
  if (pontos[0]) calls.push(['GET', `gethistoricopontocoleta?id=${pontos[0].id}&di=${period.di}&df=${period.df}`]);
  return calls;
}

/** Calls `next()` in `count` loops until `running()` is false; every answer goes to `answers`. */
function clients(count, running, next, answers, pauseMs = 0) {
  return Promise.all(
    Array.from({ length: count }, async (_, client) => {
      for (let turn = client; running(); turn += 1) {
        const answer = await next(turn);
        answers.push(answer);
        const wait = answer.code === 'BUSY' ? answer.retryAfter * 1000 : pauseMs;
        if (wait > 0 && running()) await sleep(wait);
      }
    }),
  );
}

const inWindow = (answers, from, to) => answers.filter((answer) => answer.at >= from && answer.at < to);
const sortedMs = (answers) => answers.map((answer) => answer.ms).sort((a, b) => a - b);

/** ACK latencies of the PES sent in [from, to), and how many got none. */
function ackLatencies({ sent, acks }, from, to) {
  const ackAt = new Map();
  for (let at = 0; at < acks.length; at += 3) {
    const key = acks[at] * 1e7 + acks[at + 1];
    if (!ackAt.has(key)) ackAt.set(key, acks[at + 2]);
  }
  const latencies = [];
  let missing = 0;
  for (let at = 0; at < sent.length; at += 3) {
    if (sent[at + 2] < from || sent[at + 2] >= to) continue;
    const got = ackAt.get(sent[at] * 1e7 + sent[at + 1] + 1);
    if (got === undefined) missing += 1;
    else latencies.push(got - sent[at + 2]);
  }
  return { latencies: latencies.sort((a, b) => a - b), missing };
}

function phaseFigures(label, { light, reports, acks }, from, to, extra) {
  const lightInPhase = inWindow(light, from, to);
  const reportsInPhase = inWindow(reports, from, to);
  const lightMs = sortedMs(lightInPhase);
  const served = reportsInPhase.filter((answer) => answer.status === 200);
  const served5xx = [...lightInPhase, ...reportsInPhase].filter((answer) => (answer.status >= 500 && answer.code !== 'BUSY') || answer.status === 0);
  const ack = ackLatencies(acks, from, to);
  return {
    label,
    lightCalls: lightInPhase.length,
    lightP50: quantileOf(lightMs, 0.5),
    lightP99: quantileOf(lightMs, 0.99),
    healthMax: Math.max(0, ...lightInPhase.filter((answer) => answer.path === 'health').map((answer) => answer.ms)),
    reportsServed: served.length,
    reportsBusy: reportsInPhase.filter((answer) => answer.code === 'BUSY').length,
    reportP50: quantileOf(sortedMs(served), 0.5),
    reportP99: quantileOf(sortedMs(served), 0.99),
    acks: ack.latencies.length,
    ackMissing: ack.missing,
    ackP50: quantileOf(ack.latencies, 0.5),
    ackP99: quantileOf(ack.latencies, 0.99),
    other5xx: served5xx.length,
    other5xxCodes: [...new Set(served5xx.map((answer) => `${answer.status} ${answer.code}`))].join(', '),
    ...extra,
  };
}

/** The devices' worker in mode 'pes': connects them, streams until stopped, answers what was sent and acknowledged. */
async function startDevices(url, devices) {
  const worker = new Worker(new URL('./live-devices.mjs', import.meta.url), {
    workerData: { mode: 'pes', url, devices, socketOf: devices.map(() => 0), pesoBase: 1000, rate: 1, connectConcurrency: 8 },
  });
  const reply = (t) => new Promise((resolve) => worker.on('message', (message) => message.t === t && resolve(message)));
  worker.postMessage('connect');
  const { failed } = await reply('connected');
  if (failed > 0) throw new Error(`${failed} devices could not connect`);
  worker.postMessage('start');
  return {
    async stop() {
      worker.postMessage('stop');
      const { sent, acks, disconnects } = await reply('sent');
      worker.postMessage('close');
      await Promise.race([reply('closed'), sleep(10_000)]);
      await worker.terminate();
      return { sent, acks, disconnects };
    },
  };
}

async function runOn(label, databaseUrl, dir) {
  const portal = await startPortal(databaseUrl, dir);
  try {
    const started = now();
    const demo = await portal.ready;
    console.log(`${label}: portal with demo data ready in ${((now() - started) / 1000).toFixed(0)} s`);
    const { token, user } = await (await fetch(`${portal.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demo) })).json();
    const userId = user.id;
    const farms = await getJson(portal.base, token, 'getnucleo');
    const calls = await reportCalls(portal.base, token);
    console.log(`${label}: report calls ${calls.map(([, path]) => path.split('?')[0]).join(', ')}`);
    const devices = await startDevices(portal.mqtt, await insertBenchDevices(databaseUrl, { ownerId: userId, nucleoId: farms[0].id, count: DEVICES, prefix: 'LD' }));
    console.log(`${label}: ${DEVICES} devices streaming; ${BASELINE_SECONDS} s without reports, then ${SECONDS} s with ${REPORT_CLIENTS} report clients`);
    const pesagens = (await getJson(portal.base, token, 'usrstats')).contagens.pesagens;

    const answers = { light: [], reports: [] };
    const lightCalls = [['GET', 'getuser'], ['GET', 'health'], ['GET', 'getnucleo']];
    let lightOn = true;
    let reportsOn = true;
    const light = clients(LIGHT_CLIENTS, () => lightOn, async (turn) => {
      const [method, path] = lightCalls[turn % lightCalls.length];
      return { ...(await call(portal.base, token, method, path)), path };
    }, answers.light, LIGHT_PAUSE_MS);
    const baselineFrom = now();
    await sleep(BASELINE_SECONDS * 1000);
    const loadFrom = now();
    const stopRss = sampleRss(portal.pid);
    const reports = clients(REPORT_CLIENTS, () => reportsOn, async (turn) => {
      const [method, path, body] = calls[turn % calls.length];
      return { ...(await call(portal.base, token, method, path, body)), path };
    }, answers.reports);
    await sleep(SECONDS * 1000);
    const loadTo = now();
    reportsOn = false;
    lightOn = false;
    const rss = stopRss();
    await Promise.all([light, reports]);
    await sleep(DRAIN_MS);
    const acks = await devices.stop();
    const all = { ...answers, acks };
    const common = { database: label, pesagens, reportKinds: calls.length, serverLogged5xx: portal.serverFiveHundreds(), disconnects: acks.disconnects };
    return [phaseFigures('no reports (limit)', all, baselineFrom, loadFrom, { ...common, rss: undefined }), phaseFigures(`${REPORT_CLIENTS} report clients`, all, loadFrom, loadTo, { ...common, rss })];
  } finally {
    await portal.stop();
  }
}

const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function printResults(rows) {
  console.log(`\n${machineLine(`REPORT_WORKERS ${REPORT_WORKERS ?? 'default'}`)}\n`);
  const unloaded = new Map(rows.filter((row) => row.rss === undefined).map((row) => [row.database, row]));
  printTable(
    ['database', 'phase', 'light calls', 'light p50 ms', 'light p99 ms', 'light p99 ratio', 'health max ms', 'reports served', 'BUSY', 'report p50 ms', 'report p99 ms', 'ACKs', 'no ACK', 'ACK p50 ms', 'ACK p99 ms', '5xx not BUSY', 'peak RSS MiB'],
    rows.map((row) => [
      row.database,
      row.label,
      row.lightCalls,
      fixed(row.lightP50),
      fixed(row.lightP99),
      fixed(row.lightP99 / unloaded.get(row.database).lightP99, 1),
      fixed(row.healthMax),
      row.reportsServed,
      row.reportsBusy,
      fixed(row.reportP50),
      fixed(row.reportP99),
      row.acks,
      row.ackMissing,
      fixed(row.ackP50),
      fixed(row.ackP99),
      row.other5xx + (row.other5xxCodes ? ` (${row.other5xxCodes})` : ''),
      row.rss ? fixed(row.rss.peak) : '–',
    ]),
  );
  for (const row of rows.filter((item) => item.rss)) {
    console.log(`${row.database}: ${row.pesagens} weighings, ${row.reportKinds} report kinds, RSS ${fixed(row.rss.start)} → peak ${fixed(row.rss.peak)} → ${fixed(row.rss.end)} MiB, 5xx in the server's log ${row.serverLogged5xx}, device disconnects ${row.disconnects}`);
  }
}

const rows = [];
await withScratchDir('portal-load-sqlite-', async (dir) => rows.push(...(await runOn('SQLite', `sqlite:${join(dir, 'load.sqlite')}`, dir))));
await withScratchDir('portal-load-pg-', (dir) => withPostgresDatabase(async (url) => rows.push(...(await runOn('PostgreSQL', url, dir)))));
printResults(rows);
