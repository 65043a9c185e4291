// Live channel: device → portal → browser tab. `npm run bench -- live`.
// - Portal: the BUILT server as its own process (embedded MQTT broker, a fresh SQLite database).
//   N simulated devices (BENCH_LIVE_DEVICES, default 2000: CS scales, one mqtt.js client each, in a
//   worker thread) each send a PESO reading a second, spread evenly over the second; M tabs
//   (BENCH_LIVE_SOCKETS, default 200) on /ws each register N/M devices, every device watched by one.
//   The devices are written straight into the database with secrets made by the portal's own
//   credential functions (2000 registerdevice calls would only time the registration).
// - Limit, in the same run: the same readings, as the same event JSON, through a bare `ws` relay
//   process (bench/live-relay.mjs) to the same number of tabs: no MQTT, no parsing, no portal.
// - Measured over BENCH_LIVE_SECONDS (default 30) after a 3 s warm-up: readings delivered per second,
//   device → tab latency p50/p99 (send and receive times on the same clock), readings lost (sent in
//   the window and not received within 3 s after it), and the server process's RSS (VmRSS sampled
//   every 500 ms) and CPU. Targets: p99 ≤ 50 ms, nothing lost, throughput ≥ 0.5 × the limit.
// - At 1 reading/s both paths keep up, so their throughputs match; a second, 10 s run at
//   BENCH_LIVE_SATURATION_RATE readings/s per device (default 4) shows how far each can go: there
//   'delivered/s' is what the tabs received during the window, and 'lost' includes readings still
//   queued 3 s after it.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { deviceKey, LIVE_CHANNEL_VERSION } from '@portal/shared';
import WebSocket from 'ws';
import { freePort, insertBenchDevices, machineLine, portalEnv, postJson, printTable, sampleRss, withScratchDir } from './lib.mjs';

const DEVICES = Number(process.env.BENCH_LIVE_DEVICES ?? 2000);
const SOCKETS = Number(process.env.BENCH_LIVE_SOCKETS ?? 200);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);
/** The saturation runs: every device sends this many readings a second, for SATURATION_SECONDS. */
const SATURATION_RATE = Number(process.env.BENCH_LIVE_SATURATION_RATE ?? 4);
const SATURATION_SECONDS = 10;
const WARMUP_MS = 3000;
const DRAIN_MS = 3000;
/** A reading's weight is PESO_BASE + its number: the tab finds the send time by (device, weight). */
const PESO_BASE = 100;
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
          const message = JSON.parse(data.toString());
          if (message.t === 'leitura') received.push(indexBySerie.get(message.serie), message.leitura.peso - PESO_BASE, at);
          else if (message.t === 'ready') socket.send(JSON.stringify({ t: 'registrar', dispositivos: mine.map(({ modelo, serie, chip_id }) => ({ modelo, serie, chip_id })) }));
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

/** One run of the load: devices (or the relay's sender) send, tabs receive; the figures of the window. */
async function measure(label, { mode, url, devices, pid, tabUrl, portal, rate, seconds }) {
  const { tabs, received, closes } = await openTabs(devices, tabUrl, portal);
  const socketOf = devices.map((_, index) => index % SOCKETS);
  const worker = new Worker(new URL('./live-devices.mjs', import.meta.url), { workerData: { mode, url, devices, socketOf, pesoBase: PESO_BASE, rate } });
  const reply = (t) => new Promise((resolve) => worker.on('message', (message) => message.t === t && resolve(message)));
  try {
    const connectStarted = now();
    worker.postMessage('connect');
    const { failed } = await reply('connected');
    if (failed > 0) throw new Error(`${label}: ${failed} devices could not connect`);
    const connectSeconds = (now() - connectStarted) / 1000;
    worker.postMessage('start');
    await sleep(WARMUP_MS);
    const windowStart = now();
    const cpuStart = cpuOf(pid);
    const benchCpuStart = process.cpuUsage();
    const stopRss = sampleRss(pid);
    await sleep(seconds * 1000);
    const windowEnd = now();
    const serverCpu = cpuOf(pid) - cpuStart;
    const benchCpu = process.cpuUsage(benchCpuStart);
    const rss = stopRss();
    worker.postMessage('stop');
    const { sent, disconnects } = await reply('sent');
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
    return {
      label,
      connectSeconds,
      rate,
      sentPerSecond: inWindow / seconds,
      /** Readings tabs received during the window, whenever sent. */
      deliveredPerSecond: receivedInWindow / seconds,
      p50: quantile(0.5),
      p99: quantile(0.99),
      max: latencies.at(-1) ?? NaN,
      lost: inWindow - latencies.length,
      duplicates,
      disconnects: disconnects + closes(),
      rss,
      serverCpuPercent: (100 * serverCpu) / seconds,
      benchCpuPercent: (benchCpu.user + benchCpu.system) / 1e4 / seconds,
    };
  } finally {
    worker.postMessage('close');
    await Promise.race([reply('closed'), sleep(10_000)]);
    await worker.terminate();
    for (const tab of tabs) tab.close();
  }
}

async function portalRun(dir) {
  const databaseUrl = `sqlite:${join(dir, 'live.sqlite')}`;
  const port = await freePort();
  const mqttPort = await freePort();
  const env = { ...process.env, ...portalEnv(databaseUrl, dir), PORT: String(port), HOST: '127.0.0.1', MQTT_PORT: String(mqttPort), SIMULATOR: '0', LOG_LEVEL: 'warn' };
  delete env.MQTT_URL;
  const server = startProcess([MAIN], env, /Server listening|portal ready/);
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
    const live = await measure('portal (MQTT → gateway → hub → /ws)', { ...load, rate: 1, seconds: SECONDS });
    const saturated = await measure(`portal, ${SATURATION_RATE} readings/s per device`, { ...load, rate: SATURATION_RATE, seconds: SATURATION_SECONDS });
    return [live, saturated];
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
    const live = await measure('limit: bare ws relay', { ...load, rate: 1, seconds: SECONDS });
    const saturated = await measure(`limit, ${SATURATION_RATE} readings/s per device`, { ...load, rate: SATURATION_RATE, seconds: SATURATION_SECONDS });
    return [live, saturated];
  } finally {
    await relay.stop();
  }
}

const [[limit, limitSaturated], [portal, portalSaturated]] = await withScratchDir('portal-bench-live-', async (dir) => [await limitRun(), await portalRun(dir)]);

console.log(`\n${machineLine(`${DEVICES} devices, ${SOCKETS} tabs; ${SECONDS} s window at 1 reading/s per device, ${SATURATION_SECONDS} s at ${SATURATION_RATE}/s`)}\n`);
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
printTable(
  ['path', 'sent/s', 'delivered/s', 'vs limit', 'p50 ms', 'p99 ms', 'max ms', 'lost', 'dup', 'drops', 'server CPU % (1 core = 100)', 'server RSS MiB start → peak → end', 'load generator CPU %'],
  [
    [limit, limit],
    [portal, limit],
    [limitSaturated, limitSaturated],
    [portalSaturated, limitSaturated],
  ].map(([run, against]) => [
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
    `${fixed(run.rss.start, 0)} → ${fixed(run.rss.peak, 0)} → ${fixed(run.rss.end, 0)}`,
    fixed(run.benchCpuPercent, 0),
  ]),
);
console.log(`\ndevices connected in ${fixed(portal.connectSeconds, 1)} s (${fixed(DEVICES / portal.connectSeconds, 0)}/s)`);
const checks = [
  [`p99 ≤ 50 ms`, portal.p99 <= 50],
  ['nothing lost', portal.lost === 0],
  ['throughput ≥ 0.5 × the limit (at 1 reading/s)', portal.deliveredPerSecond >= 0.5 * limit.deliveredPerSecond],
  [`throughput ≥ 0.5 × the limit (at ${SATURATION_RATE} readings/s)`, portalSaturated.deliveredPerSecond >= 0.5 * limitSaturated.deliveredPerSecond],
];
for (const [what, met] of checks) console.log(`${met ? 'met' : 'MISSED'}: ${what}`);
