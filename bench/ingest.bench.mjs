// Device weighing ingestion with the daily aggregates kept: `npm run bench -- ingest`.
// - Portal: the weighings' ingestion service of the BUILT server (storeFromDevice: the checks, the
//   farm and flock resolution, then the group commit of device-writes.ts: the weighings and their
//   pesagens_dia / faixas / scores rows in one transaction, each record resolved after its commit,
//   which is when the MQTT gateway acknowledges it). No broker: its cost is the live bench's.
// - Limit, in the same run: the bare INSERT of the same rows — one autocommitted
//   `INSERT INTO pesagens … ON CONFLICT (device key) DO NOTHING` per weighing, no aggregates, no checks:
//   what storing a device weighing cost before the aggregates.
// - Load: BENCH_INGEST_DEVICES scales (default 200, written straight into the database), each sending
//   its next weighing as soon as the previous one is stored (a device with a backlog), for
//   BENCH_INGEST_SECONDS (default 20) per path after a 2 s warm-up, on SQLite (a file) and PostgreSQL.
// - Printed: weighings stored per second by each path, the ratio (target ≥ 0.5 ×), store latency
//   p50/p99, and a check that the day rows count exactly the portal's weighings.
// - Shared (PostgreSQL, docs/decisions/0008): one, then two BUILT portal processes on the same
//   database reading the devices' messages through the shared subscription of an external
//   Mosquitto (BENCH_MQTT_URL, default mqtt://127.0.0.1:1883; skipped when it does not answer).
//   The devices are mqtt.js clients in this process, each publishing its next PES (QoS 1) once the
//   previous one's ACK came back (re-sent after 5 s without one): weighings acknowledged per second,
//   against the same run's bare INSERT, and a check that each was stored once and counted once.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { createEventBus } from '../packages/server/dist/events/index.js';
import { deviceWeighingKey, ensurePartitionsFor, openDatabase } from '../packages/server/dist/db/dialect.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { createLogger } from '../packages/server/dist/logger.js';
import { loadConfig } from '../packages/server/dist/config.js';
import { createServices } from '../packages/server/dist/modules/services.js';
import { formatDeviceMessage, parsePortalMessage } from '@portal/shared';
import { connect } from 'mqtt';
import { freePort, insertBenchDevices, machineLine, portalEnv, printTable, quantileOf, withPostgresDatabase, withScratchDir } from './lib.mjs';

const DEVICES = Number(process.env.BENCH_INGEST_DEVICES ?? 200);
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 20);
const WARMUP_MS = 2000;
const DAY = new Date().toISOString().slice(0, 10);
/** The portal's seqs start here, the bare path's at 1: the two never meet. */
const PORTAL_SEQ = 1_000_000_000_000;
/** The shared runs' seqs: one instance from here, two from twice this. */
const SHARED_SEQ = 2_000_000_000_000;
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const MAIN = new URL('../packages/server/dist/main.js', import.meta.url).pathname;
/** A device re-sends a record not acknowledged after this long (a real device's retry). */
const RESEND_MS = 5_000;

/** The record a device sends as its `seq`-th weighing (MsgPes without its type). */
const recordOf = (seq) => ({
  seq, data: DAY, hora: '08:00:00', nucleo: '', lote: '', aviario: '1', lado: '1', box: '1', sexo: 'M',
  peso: 1_000 + ((seq * 7919) % 20_000) / 10, idade_lote: 21, linha: '', score: seq % 3 === 0 ? null : seq % 5, obs: '',
});

/** Runs `storeOne(device, seq)` in a closed loop per device for the warm-up and SECONDS; stored per second and latencies. */
async function closedLoop(devices, firstSeq, storeOne) {
  let measuring = false;
  let stopped = false;
  let stored = 0;
  const latencies = [];
  const loops = devices.map(async (device, index) => {
    for (let n = 0; !stopped; n += 1) {
      const started = performance.now();
      await storeOne(device, firstSeq + index * 1_000_000 + n);
      // better-sqlite3 answers synchronously: without a turn of the event loop the timers below never fire.
      await eventLoopTurn();
      if (measuring && !stopped) {
        stored += 1;
        latencies.push(performance.now() - started);
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
  measuring = true;
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const elapsed = (performance.now() - began) / 1000;
  stopped = true;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return { perSecond: stored / elapsed, p50: quantileOf(latencies, 0.5), p99: quantileOf(latencies, 0.99) };
}

/** Both in-process paths on one database; with `shared`, then the broker set-ups on it (PostgreSQL). */
async function measure(label, databaseUrl, dir, shared = false) {
  const config = loadConfig({ ...portalEnv(databaseUrl, dir), MQTT_PORT: '0' });
  const log = createLogger(config);
  const database = openDatabase(databaseUrl, log);
  try {
    await migrateToLatest(database);
    const now = Date.now();
    const user = await database.db
      .insertInto('users')
      .values({ email: 'ingest@bench.test', name: 'Bench', company: '', password_hash: 'x', separador_csv: ';', separador_decimal: null, timezone: -3, language: 'pt', reports_language: 'pt', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const farm = await database.db
      .insertInto('nucleos')
      .values({ owner_id: user.id, nome: 'Granja Bench', tipo: 'granja', codigo: '', endereco: '', cidade: '', estado: '', pais: '', latitude: null, longitude: null, obs: '', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const logins = await insertBenchDevices(databaseUrl, { ownerId: user.id, nucleoId: farm.id, count: DEVICES, prefix: 'ING' });
    const devices = logins.map((device) => ({ id: device.id, owner_id: user.id, nucleo_id: farm.id, modelo: device.modelo, serie: device.serie }));
    await ensurePartitionsFor(database, 'pesagens', [DAY]);

    const key = deviceWeighingKey(database);
    const bare = await closedLoop(devices, 1, async (device, seq) => {
      const { peso, nucleo: _n, lote: _l, ...fields } = recordOf(seq);
      await database.db
        .insertInto('pesagens')
        .values({ ...fields, owner_id: device.owner_id, nucleo_id: device.nucleo_id, lote_id: null, device_id: device.id, peso_dg: Math.round(peso * 10), serie_balanca: device.serie, importacao_id: null, created_at: Date.now() })
        .onConflict((oc) => oc.columns(key).doNothing())
        .execute();
    });

    const services = createServices({ config, database, clock: Date.now, log, events: createEventBus(log) });
    const portal = await closedLoop(devices, PORTAL_SEQ, async (device, seq) => {
      const outcome = await services.ingestion.storeFromDevice(device, recordOf(seq), Date.now());
      if (!outcome.stored) throw new Error(`refused: ${outcome.fault.motivo}`);
    });

    const ms = (value) => value.toFixed(1);
    const inProcess = [label, String(DEVICES), bare.perSecond.toFixed(0), portal.perSecond.toFixed(0), `${(portal.perSecond / bare.perSecond).toFixed(2)} ×`,
      `${ms(bare.p50)} / ${ms(bare.p99)}`, `${ms(portal.p50)} / ${ms(portal.p99)}`, await aggregatesExact(database)];
    const brokerRows = [];
    if (shared && (await brokerAnswers())) {
      for (const instances of [1, 2]) {
        const run = await viaBroker(databaseUrl, dir, logins, instances, SHARED_SEQ * instances);
        brokerRows.push([`${label}, ${instances} instance${instances > 1 ? 's' : ''}`, String(DEVICES), bare.perSecond.toFixed(0), run.perSecond.toFixed(0),
          `${(run.perSecond / bare.perSecond).toFixed(2)} ×`, `${ms(run.p50)} / ${ms(run.p99)}`, await storedOnce(database, run, SHARED_SEQ * instances), await aggregatesExact(database)]);
      }
    }
    return { inProcess, brokerRows };
  } finally {
    await database.db.destroy();
  }
}

/** Whether the day rows count exactly the weighings the portal stored (the bare path's are counted nowhere). */
async function aggregatesExact(database) {
  const counted = await database.db.selectFrom('pesagens_dia').select((eb) => eb.fn.sum('aves').as('aves')).executeTakeFirstOrThrow();
  const raw = await database.db.selectFrom('pesagens').select((eb) => eb.fn.countAll().as('n')).where('seq', '>=', PORTAL_SEQ).executeTakeFirstOrThrow();
  return Number(counted.aves) === Number(raw.n) ? 'yes' : `NO (${counted.aves} counted, ${raw.n} stored)`;
}

/** Whether a broker run stored each weighing it had acknowledged, once (rows of its seqs = distinct seqs acknowledged). */
async function storedOnce(database, run, firstSeq) {
  const rows = await database.db.selectFrom('pesagens').select((eb) => eb.fn.countAll().as('n')).where('seq', '>=', firstSeq).where('seq', '<', firstSeq + SHARED_SEQ).executeTakeFirstOrThrow();
  return Number(rows.n) === run.acknowledged ? `yes (${run.acknowledged})` : `NO (${rows.n} rows, ${run.acknowledged} acknowledged)`;
}

/** Whether the external broker takes a connection (else the shared runs are skipped, and said so). */
async function brokerAnswers() {
  const client = connect(MQTT_URL, { reconnectPeriod: 0, connectTimeout: 3_000 });
  const up = await new Promise((resolve) => {
    client.once('connect', () => resolve(true));
    client.once('error', () => resolve(false));
    client.once('close', () => resolve(false));
  });
  await client.endAsync(true);
  if (!up) console.log(`${MQTT_URL} does not answer: the shared-subscription runs are skipped`);
  return up;
}

/** A built portal process reading device messages from MQTT_URL in share group `group`; resolves once it listens. */
async function startInstance(databaseUrl, dir, group, secret) {
  const env = {
    ...process.env, ...portalEnv(databaseUrl, dir), SECRET_KEY: secret, PORT: String(await freePort()), HOST: '127.0.0.1', MQTT_PORT: String(await freePort()),
    MQTT_URL, MQTT_SHARE_GROUP: group, REPORT_WORKERS: '0', LOG_LEVEL: 'info',
  };
  // Live events between the instances go over PostgreSQL's LISTEN/NOTIFY, as without Redis.
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal not listening after 60 s:\n${output.slice(-2000)}`)), 60_000);
    const collect = (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (/Server listening/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`portal exited (${code}):\n${output.slice(-2000)}`)));
  });
  return {
    async stop() {
      process.off('exit', killChild);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * `instances` portal processes sharing the broker's subscription; the devices (mqtt.js clients)
 * each publish their next PES once the previous one is acknowledged. Acknowledged per second.
 */
async function viaBroker(databaseUrl, dir, logins, instances, firstSeq) {
  const group = `ingest${Date.now()}`;
  const secret = portalEnv(databaseUrl, dir).SECRET_KEY;
  const portals = [];
  const clients = [];
  let acknowledged = 0;
  try {
    for (let n = 0; n < instances; n += 1) portals.push(await startInstance(databaseUrl, dir, group, secret));
    const devices = await Promise.all(
      logins.map(async (login) => {
        const client = connect(MQTT_URL, { clientId: `ingest-${login.serie}`, reconnectPeriod: 1_000, keepalive: 60 });
        clients.push(client);
        await new Promise((resolve, reject) => {
          client.once('connect', resolve);
          client.once('error', reject);
        });
        const waiting = new Map();
        client.on('message', (_topic, payload) => {
          const parsed = parsePortalMessage(payload.toString());
          if (parsed.ok && (parsed.message.tipo === 'ACK' || parsed.message.tipo === 'NAK')) waiting.get(parsed.message.seq)?.(parsed.message.tipo);
        });
        await client.subscribeAsync(login.topic.replace(/dados$/, 'cmd'), { qos: 1 });
        return { login, client, waiting };
      }),
    );
    const run = await closedLoop(devices, firstSeq, async ({ login, client, waiting }, seq) => {
      const answer = new Promise((resolve) => waiting.set(seq, resolve));
      let outcome;
      // A record not acknowledged in RESEND_MS is sent again, as a device does: stored once whatever the copies.
      for (let sent = 0; outcome === undefined; sent += 1) {
        if (sent > 0 && sent % 12 === 0) console.log(`device ${login.serie}: seq ${seq} not acknowledged after ${(sent * RESEND_MS) / 1000} s`);
        client.publish(login.topic, formatDeviceMessage({ tipo: 'PES', ...recordOf(seq) }), { qos: 1 });
        outcome = await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, RESEND_MS, undefined))]);
      }
      waiting.delete(seq);
      if (outcome !== 'ACK') throw new Error(`device ${login.serie}: seq ${seq} refused (${outcome})`);
      acknowledged += 1;
    });
    return { ...run, acknowledged };
  } finally {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    for (const portal of portals) await portal.stop();
  }
}

console.log(machineLine(`${DEVICES} devices, ${SECONDS} s per path`, `load average at the start ${loadavg().map((value) => value.toFixed(2)).join(" ")}`));
const rows = [];
const brokerRows = [];
await withScratchDir('portal-bench-ingest-', async (dir) => {
  rows.push((await measure('SQLite', `sqlite:${join(dir, 'portal.sqlite')}`, dir)).inProcess);
  // Several instances share PostgreSQL only (a SQLite file has one portal).
  const postgres = await withPostgresDatabase((url) => measure('PostgreSQL', url, dir, true));
  if (postgres) {
    rows.push(postgres.inProcess);
    brokerRows.push(...postgres.brokerRows);
  }
});
printTable(['database', 'devices', 'bare INSERT/s', 'portal/s (aggregates)', 'ratio', 'bare p50 / p99 ms', 'portal p50 / p99 ms', 'aggregates exact'], rows);
if (brokerRows.length > 0) {
  console.log(`\nThrough ${MQTT_URL}, portal processes sharing $share/<group>/portal/+/+/dados (ACK after commit):`);
  printTable(['set-up', 'devices', 'bare INSERT/s (same run)', 'acknowledged/s', 'ratio', 'ACK p50 / p99 ms', 'stored once', 'aggregates exact'], brokerRows);
}
console.log(`load average at the end: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
