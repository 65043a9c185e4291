// Live channel: device → portal → browser tab. `npm run bench -- live`.
// - Portal: the BUILT server as its own process, one instance (embedded MQTT broker, a fresh SQLite
//   database). N simulated devices (BENCH_LIVE_DEVICES, default 10,000: CS scales, one bare MQTT
//   connection each, bench/mqtt-raw.mjs, in BENCH_LIVE_WORKERS worker threads, default 1) each send
//   a PESO reading a second, spread evenly over the second; M tabs (BENCH_LIVE_SOCKETS, default 200) on /ws each register N/M devices, every device
//   watched by one. The devices are written straight into the database with secrets made by the
//   portal's own credential functions (10,000 registerdevice calls would only time the registration).
//   BENCH_LIVE_QUICK=1: a check in about a minute (500 devices, 50 tabs, 10 s, no saturation run);
//   any BENCH_LIVE_* set alongside still wins. BENCH_LIVE_SERVER_ARGS: node flags for the portal
//   process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
// - Limit, in the same run: the same readings, as the same event JSON, through a bare `ws` relay
//   process (bench/live-relay.mjs) to the same number of tabs: no MQTT, no parsing, no portal.
// - Measured over BENCH_LIVE_SECONDS (default 30) after a 3 s warm-up: readings delivered per second,
//   device → tab latency p50/p99 (send and receive times on the same clock), readings lost (sent in
//   the window and not received within 3 s after it), the server process's RSS (VmRSS sampled
//   every 500 ms) and CPU, that CPU per 1,000 readings/s delivered (the portal's against the relay's)
//   and the machine's load average (other work on it shows there). Targets: p99 ≤ 50 ms, nothing
//   lost, throughput ≥ 0.5 × the limit.
// - At 1 reading/s both paths keep up, so their throughputs match; a second, 10 s run at
//   BENCH_LIVE_SATURATION_RATE readings/s per device (default 2; 0: none) shows how far each can go:
//   there 'delivered/s' is what the tabs received during the window, and 'lost' includes readings
//   still queued 3 s after it. Devices and tabs stay connected from one run to the next.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { deviceKey, LIVE_CHANNEL_VERSION } from '@portal/shared';
import WebSocket from 'ws';
import { freePort, insertBenchDevices, machineLine, portalEnv, postJson, printTable, sampleRss, withScratchDir } from './lib.mjs';

const QUICK = process.env.BENCH_LIVE_QUICK === '1';
const DEVICES = Number(process.env.BENCH_LIVE_DEVICES ?? (QUICK ? 500 : 10_000));
const SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? (QUICK ? 50 : 200));
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? (QUICK ? 10 : 30));
/** The saturation runs: every device sends this many readings a second, for SATURATION_SECONDS. */
const SATURATION_RATE = Number(process.env.BENCH_LIVE_SATURATION_RATE ?? (QUICK ? 0 : 2));
const SATURATION_SECONDS = 10;
/** Load-generator threads the devices are split over (each device still has its own connection). */
const WORKERS = Number(process.env.BENCH_LIVE_WORKERS ?? 1);
const WARMUP_MS = 3000;
const DRAIN_MS = 3000;
/** A reading's weight is PESO_BASE + its number: the tab finds the send time by (device, weight). */
const PESO_BASE = 100;
/** Readings of run r are numbered from r × RUN_NUMBERS (weights stay under the protocol's 99,999.9 g). */
const RUN_NUMBERS = 10_000;
const MAIN = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const RELAY = fileURLToPath(new URL('./live-relay.mjs', import.meta.url));

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process; resolves with the first match of `ready` in its output. */
function startProcess(args, env, ready) {
  const child = spawn(process.execPath, args, { env });
  let output = '';
  const matched = new Promise((resolve, reject) => {
    const collect = (chunk) => {
      output = (output + chunk.toString()).slice(-200_000);
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`${args[0]} exited (${code}):\n${output.slice(-3000)}`)));
  });
  // Awaited only by who needs the match; an exit after use is not an error.
  matched.catch(() => undefined);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, matched, stop, output: () => output };
}

const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** The workers' [device, reading, time] records as one array. */
function joinRecords(parts) {
  const joined = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/**
 * M tabs; each records [device index, reading number, receive time] for every 'leitura'.
 * `open(j)` answers the tab's URL and what it says once open (portal: hello, then registrar on ready).
 */
async function openTabs(devices, urlOf, portal) {
  const indexBySerie = new Map(devices.map((device, index) => [device.serie, index]));
  const received = [];
  let closes = 0;
  const tabs = await Promise.all(
    Array.from({ length: SOCKETS }, (_, tab) => {
      const mine = devices.filter((_, index) => index % SOCKETS === tab);
      return new Promise((resolve, reject) => {
        const socket = new WebSocket(urlOf(tab));
        socket.once('error', reject);
        socket.on('open', () => {
          if (!portal) resolve(socket);
          else socket.send(JSON.stringify({ t: 'hello', v: LIVE_CHANNEL_VERSION, token: portal.token }));
        });
        socket.on('close', () => (closes += 1));
        socket.on('message', (data) => {
          const at = now();
          const text = data.toString();
          // A reading is read by position, not JSON.parse: at 10,000 a second the tabs share the machine with the server measured.
          if (text.includes('"t":"leitura"')) {
            const serie = text.indexOf('"serie":"') + 9;
            const peso = text.indexOf('"peso":') + 7;
            received.push(indexBySerie.get(text.slice(serie, text.indexOf('"', serie))), Number(text.slice(peso, text.indexOf(',', peso))) - PESO_BASE, at);
            return;
          }
          const message = JSON.parse(text);
          if (message.t === 'ready') socket.send(JSON.stringify({ t: 'registrar', dispositivos: mine.map(({ modelo, serie, chip_id }) => ({ modelo, serie, chip_id })) }));
          else if (message.t === 'registrado') {
            if (message.aceitos.length !== mine.length) reject(new Error(`tab ${tab}: ${message.recusados.length} devices refused`));
            else resolve(socket);
          }
        });
      });
    }),
  );
  return { tabs, received, closes: () => closes };
}

/**
 * The tabs and the devices (or the relay's sender) of one path, connected once for its runs: a
 * device connects in milliseconds, but 10,000 of them take a minute.
 */
async function openSession(label, { mode, url, devices, tabUrl, portal }) {
  const { tabs, received, closes } = await openTabs(devices, tabUrl, portal);
  const socketOf = devices.map((_, index) => index % SOCKETS);
  // The devices split over WORKERS threads, each with its contiguous share (numbered from its offset).
  const share = Math.ceil(devices.length / WORKERS);
  const workers = Array.from({ length: Math.min(WORKERS, devices.length) }, (_, w) => {
    const offset = w * share;
    const part = devices.slice(offset, offset + share);
    return new Worker(new URL('./live-devices.mjs', import.meta.url), { workerData: { mode, url, devices: part, socketOf: socketOf.slice(offset, offset + share), pesoBase: PESO_BASE, offset } });
  });
  const post = (message) => workers.forEach((worker) => worker.postMessage(message));
  /** Every worker's answer `t`, merged: failures and disconnects summed, send records joined. */
  const reply = (t) =>
    Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            const listener = (message) => {
              if (message.t !== t) return;
              worker.off('message', listener);
              resolve(message);
            };
            worker.on('message', listener);
          }),
      ),
    ).then((answers) => ({
      t,
      failed: answers.reduce((sum, answer) => sum + (answer.failed ?? 0), 0),
      disconnects: answers.reduce((sum, answer) => sum + (answer.disconnects ?? 0), 0),
      sent: answers[0]?.sent ? joinRecords(answers.map((answer) => answer.sent)) : undefined,
    }));
  const close = async () => {
    post('close');
    await Promise.race([reply('closed'), sleep(10_000)]);
    await Promise.all(workers.map((worker) => worker.terminate()));
    for (const tab of tabs) tab.close();
  };
  try {
    const connectStarted = now();
    post('connect');
    const { failed } = await reply('connected');
    if (failed > 0) throw new Error(`${label}: ${failed} devices could not connect`);
    return { devices, received, closes, post, reply, close, connectSeconds: (now() - connectStarted) / 1000, runs: 0, disconnects: 0 };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One run of the load on a session: every device sends `rate` readings a second; the figures of the window. */
async function measure(label, session, { pid, rate, seconds }) {
  const { received, post, reply } = session;
  // Each run numbers its readings apart from the earlier runs' (a late one is not counted twice).
  const first = session.runs * RUN_NUMBERS;
  session.runs += 1;
  received.length = 0;
  const closesBefore = session.closes();
  post({ t: 'start', rate, first });
  await sleep(WARMUP_MS);
  const windowStart = now();
  const cpuStart = cpuOf(pid);
  const benchCpuStart = process.cpuUsage();
  const loadStart = loadavg()[0];
  const stopRss = sampleRss(pid);
  await sleep(seconds * 1000);
  const windowEnd = now();
  const serverCpu = cpuOf(pid) - cpuStart;
  const benchCpu = process.cpuUsage(benchCpuStart);
  const rss = stopRss();
  const load = [loadStart, loadavg()[0]];
  post('stop');
  const { sent, disconnects } = await reply('sent');
  // The worker counts its devices' disconnects since they connected.
  const devicesDropped = disconnects - session.disconnects;
  session.disconnects = disconnects;
  await sleep(DRAIN_MS);

  const receivedAt = new Map();
  let duplicates = 0;
  for (let at = 0; at < received.length; at += 3) {
    const key = received[at] * 1e6 + received[at + 1];
    if (receivedAt.has(key)) duplicates += 1;
    else receivedAt.set(key, received[at + 2]);
  }
  let receivedInWindow = 0;
  for (let at = 2; at < received.length; at += 3) if (received[at] >= windowStart && received[at] < windowEnd) receivedInWindow += 1;
  const latencies = [];
  let inWindow = 0;
  for (let at = 0; at < sent.length; at += 3) {
    const sentAt = sent[at + 2];
    if (sentAt < windowStart || sentAt >= windowEnd) continue;
    inWindow += 1;
    const got = receivedAt.get(sent[at] * 1e6 + sent[at + 1]);
    if (got !== undefined) latencies.push(got - sentAt);
  }
  latencies.sort((a, b) => a - b);
  const quantile = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  const serverCpuPercent = (100 * serverCpu) / seconds;
  const deliveredPerSecond = receivedInWindow / seconds;
  return {
    label,
    rate,
    sentPerSecond: inWindow / seconds,
    /** Readings tabs received during the window, whenever sent. */
    deliveredPerSecond,
    p50: quantile(0.5),
    p99: quantile(0.99),
    max: latencies.at(-1) ?? NaN,
    lost: inWindow - latencies.length,
    duplicates,
    disconnects: devicesDropped + session.closes() - closesBefore,
    rss,
    serverCpuPercent,
    /** % of one core per 1,000 readings/s delivered. */
    cpuPerThousand: serverCpuPercent / (deliveredPerSecond / 1000),
    benchCpuPercent: (benchCpu.user + benchCpu.system) / 1e4 / seconds,
    load,
  };
}

/** The runs of one path: 1 reading/s per device, then (unless its rate is 0) the saturation run. */
async function runPath(label, load) {
  const session = await openSession(label, load);
  try {
    const live = await measure(label, session, { pid: load.pid, rate: 1, seconds: SECONDS });
    const saturated = SATURATION_RATE > 0 ? await measure(`${label}, ${SATURATION_RATE} readings/s per device`, session, { pid: load.pid, rate: SATURATION_RATE, seconds: SATURATION_SECONDS }) : null;
    return { live, saturated, connectSeconds: session.connectSeconds };
  } finally {
    await session.close();
  }
}

async function portalRun(dir) {
  const databaseUrl = `sqlite:${join(dir, 'live.sqlite')}`;
  const port = await freePort();
  const mqttPort = await freePort();
  const env = { ...process.env, ...portalEnv(databaseUrl, dir), PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: String(mqttPort), SIMULATOR: '0', LOG_LEVEL: 'warn' };
  // One instance on its embedded broker, whatever the shell has set.
  delete env.MQTT_URL;
  delete env.REDIS_URL;
  const serverArgs = process.env.BENCH_LIVE_SERVER_ARGS ? process.env.BENCH_LIVE_SERVER_ARGS.split(' ') : [];
  const server = startProcess([...serverArgs, MAIN], env, /Server listening|portal ready/);
  try {
    const base = `http://127.0.0.1:${port}`;
    // With LOG_LEVEL warn nothing is printed: wait until the API answers.
    for (let attempt = 0; ; attempt += 1) {
      const up = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (attempt > 300) throw new Error(`the portal did not start:\n${server.output()}`);
      await sleep(100);
    }
    const account = { name: 'Bench', email: `bench-live-${Date.now()}@example.test`, password: 'bench-pass-1', company: 'Bench' };
    await postJson(base, 'register', account);
    const { token, user } = await postJson(base, 'login', { email: account.email, password: account.password });
    const farm = await postJson(base, 'registernucleo', { nome: 'Granja Bench', cidade: 'Chapecó', estado: 'SC', pais: 'Brasil', aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4, capacidade: 24000 }] }, token);
    const devices = (await insertBenchDevices(databaseUrl, { ownerId: user.id, nucleoId: farm.id, count: DEVICES, prefix: 'BL' })).map((device) => ({ ...device, chave: deviceKey(device) }));
    const load = { mode: 'mqtt', url: `mqtt://127.0.0.1:${mqttPort}`, devices, pid: server.child.pid, tabUrl: () => `ws://127.0.0.1:${port}/ws`, portal: { token } };
    return await runPath('portal (MQTT → gateway → hub → /ws)', load);
  } finally {
    await server.stop();
  }
}

async function limitRun() {
  const relay = startProcess([RELAY], process.env, /relay listening (\d+)/);
  try {
    const port = Number((await relay.matched)[1]);
    const devices = Array.from({ length: DEVICES }, (_, index) => {
      const device = { id: index + 1, modelo: 'CS', serie: `BL-${index}`, chip_id: 'BENCH01' };
      return { ...device, chave: deviceKey(device) };
    });
    const load = { mode: 'ws', url: `ws://127.0.0.1:${port}`, devices, pid: relay.child.pid, tabUrl: (tab) => `ws://127.0.0.1:${port}/?s=${tab}` };
    return await runPath('limit: bare ws relay', load);
  } finally {
    await relay.stop();
  }
}

const loadBefore = loadavg();
const [limitPath, portalPath] = await withScratchDir('portal-bench-live-', async (dir) => [await limitRun(), await portalRun(dir)]);
const { live: limit, saturated: limitSaturated } = limitPath;
const { live: portal, saturated: portalSaturated } = portalPath;

const saturation = SATURATION_RATE > 0 ? `, ${SATURATION_SECONDS} s at ${SATURATION_RATE}/s` : '';
const loads = (values) => values.map((value) => value.toFixed(2)).join(' ');
console.log(`\n${machineLine(`${DEVICES} devices, ${SOCKETS} tabs; ${SECONDS} s window at 1 reading/s per device${saturation}`, `load average ${loads(loadBefore)} before, ${loads(loadavg())} after`)}\n`);
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const rows = [[limit, limit], [portal, limit]];
if (limitSaturated && portalSaturated) rows.push([limitSaturated, limitSaturated], [portalSaturated, limitSaturated]);
printTable(
  ['path', 'sent/s', 'delivered/s', 'vs limit', 'p50 ms', 'p99 ms', 'max ms', 'lost', 'dup', 'drops', 'server CPU % (1 core = 100)', 'CPU % per 1,000 readings/s', 'vs limit', 'server RSS MiB start → peak → end', 'load generator CPU %', 'load avg (1 min) start → end'],
  rows.map(([run, against]) => [
    run.label,
    fixed(run.sentPerSecond, 0),
    fixed(run.deliveredPerSecond, 0),
    fixed(run.deliveredPerSecond / against.deliveredPerSecond, 2),
    fixed(run.p50, 2),
    fixed(run.p99, 2),
    fixed(run.max, 1),
    String(run.lost),
    String(run.duplicates),
    String(run.disconnects),
    fixed(run.serverCpuPercent, 0),
    fixed(run.cpuPerThousand, 1),
    fixed(run.cpuPerThousand / against.cpuPerThousand, 2),
    `${fixed(run.rss.start, 0)} → ${fixed(run.rss.peak, 0)} → ${fixed(run.rss.end, 0)}`,
    fixed(run.benchCpuPercent, 0),
    `${fixed(run.load[0], 2)} → ${fixed(run.load[1], 2)}`,
  ]),
);
console.log(`\ndevices connected in ${fixed(portalPath.connectSeconds, 1)} s (${fixed(DEVICES / portalPath.connectSeconds, 0)}/s)`);
// On a shared machine a busy process gets about cores / load average of a core: past that share the
// portal falls behind whatever its own cost, which the figures above cannot tell apart from a slow path.
const share = Math.min(100, (100 * cpus().length) / Math.max(portal.load[0], portal.load[1], 1));
console.log(`a process's share of the CPU at the load average of the portal's run: about ${fixed(share, 0)} % of a core; the portal used ${fixed(portal.serverCpuPercent, 0)} % at 1 reading/s`);
console.log(`server CPU per 1,000 readings/s at 1 reading/s per device: portal ${fixed(portal.cpuPerThousand, 1)} % of a core, bare relay ${fixed(limit.cpuPerThousand, 1)} % (${fixed(portal.cpuPerThousand / limit.cpuPerThousand, 2)} ×)`);
const checks = [
  [`p99 ≤ 50 ms`, portal.p99 <= 50],
  ['nothing lost', portal.lost === 0],
  ['throughput ≥ 0.5 × the limit (at 1 reading/s)', portal.deliveredPerSecond >= 0.5 * limit.deliveredPerSecond],
];
if (portalSaturated) checks.push([`throughput ≥ 0.5 × the limit (at ${SATURATION_RATE} readings/s)`, portalSaturated.deliveredPerSecond >= 0.5 * limitSaturated.deliveredPerSecond]);
for (const [what, met] of checks) console.log(`${met ? 'met' : 'MISSED'}: ${what}`);
