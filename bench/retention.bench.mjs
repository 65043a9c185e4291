// Retention and rollups of device readings (issue 23 part 2, docs/data-model.md "Retention and
// rollups"), on SQLite and PostgreSQL. One device of each kind (a silo scale, a two-trough monitor,
// a doser, a collector) with a simulated year of raw readings at the portal's own rates, summed
// into minutes and hours as the periodic job does, then:
//   1. storage per device per year: raw rows for the retention (90 days), per-minute and per-hour
//      summaries, measured on the database's own pages (SQLite dbstat, PostgreSQL
//      pg_total_relation_size, indexes included);
//   2. no writer or reader waits on the purge: a live writer (a doser's readings, 200/s) and two
//      report readers (a week from raw rows, a week from minutes) run on a fixed schedule before,
//      during and after the job's purge; the latency counts from when each was due, so a writer
//      held up behind a statement shows. The limit measured in the same run is the same loops
//      with no purge (before), and the naive purge as contrast: one DELETE of the doser's rows past
//      retention (then written back for the job's purge).
//   BENCH_RETENTION_DAYS  days simulated (default 365)
//   BENCH_RETENTION_ONLY  'postgres' to skip SQLite
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { ensurePartitions, openDatabase } from '../packages/server/dist/db/dialect.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { readingMaintenance } from '../packages/server/dist/db/rollups.js';
import { dosagensRepository } from '../packages/server/dist/modules/dosing/dosagens.repository.js';
import { readingsMaintenance } from '../packages/server/dist/modules/readings/maintenance.js';
import { retentionRepository } from '../packages/server/dist/modules/readings/retention.repository.js';
import { machineLine, printTable, quantileOf, withPostgresDatabase, withScratchDir } from './lib.mjs';

const DAYS = Number(process.env.BENCH_RETENTION_DAYS ?? 365);
const RETENTION_DAYS = 90;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The portal's periods (modules/*): a silo scale keeps a reading per 5 min, a trough per minute, a doser per 30 s. */
const KINDS = [
  { table: 'silo_leituras', modelo: 'BSILO', label: 'silo scale (5 min)', perDay: 288 },
  { table: 'calha_leituras', modelo: 'MCALHA', label: 'trough monitor, 2 troughs (1 min)', perDay: 2 * 1_440 },
  { table: 'dose_leituras', modelo: 'DOSADOR', label: 'doser (30 s)', perDay: 2_880 },
  // A collector's batches: one each 2 minutes over 10 hours of collection a day.
  { table: 'coletas', modelo: 'COLETOR', label: 'collector (300 batches a day)', perDay: 300 },
];
/** A live writer at 100 readings/s and report readers twice a second: together well under one core on a quiet machine. */
const WRITE_EVERY_MS = 10;
const READ_EVERY_MS = 500;
const SETTLE_MS = 3_000;
const log = { info: () => undefined, warn: (details, message) => console.warn(message, details), error: (details, message) => console.error(message, details) };

/** The SELECT of a kind's row number i (0 … count-1) from `start`: the columns, in the portal's units. */
function rowsOf(kind, owner, device, start) {
  const integers = 'i';
  switch (kind.table) {
    case 'silo_leituras':
      return { columns: 'owner_id, device_id, em, bucket, peso_hg', select: `${owner}, ${device}, ${start} + ${integers} * 300000 + 1000, (${start} + ${integers} * 300000 + 1000) / 300000, 50000 + (${integers} * 37) % 900` };
    case 'calha_leituras':
      return {
        columns: 'owner_id, device_id, idcalha, em, bucket, rpm_dec, voltas, ligada, presenca',
        select: `${owner}, ${device}, 1 + i % 2, ${start} + (i / 2) * 60000 + 500, (${start} + (i / 2) * 60000 + 500) / 60000, (i * 13) % 300, (i * 7) % 5000,
          case when i % 5 < 3 then 1 else 0 end, case when i % 2 = 0 then (case when i % 4 = 0 then 0 else 1 end) end`,
      };
    case 'dose_leituras':
      return { columns: 'owner_id, device_id, em, bucket, volume_dml, vazao_dml_min, ligada', select: `${owner}, ${device}, ${start} + i * 30000 + 700, (${start} + i * 30000 + 700) / 30000, i % 9000, (i * 11) % 1500, i % 2` };
    default:
      return {
        columns: 'owner_id, device_id, em, bucket, machos, femeas, peso_total_dg',
        select: `${owner}, ${device}, ${start} + (i / 300) * ${DAY} + ${6 * HOUR} + (i % 300) * 120000, (${start} + (i / 300) * ${DAY} + ${6 * HOUR} + (i % 300) * 120000) / 1000, i % 21, 20 - i % 21, 20 * (350 + (i * 97) % 40000)`,
      };
  }
}

/** Inserts rows [first, first + count) of a kind, generated in the database (no rows through Node). */
async function fill(bench, kind, owner, device, start, first, count) {
  const { columns, select } = rowsOf(kind, owner, device, start);
  const numbers =
    bench.dialect === 'postgres'
      ? `select g::bigint as i from generate_series(${first}, ${first + count - 1}) g`
      : `with recursive n(i) as (select ${first} union all select i + 1 from n where i < ${first + count - 1}) select i from n`;
  await bench.raw(`insert into ${kind.table} (${columns}) select ${select} from (${numbers}) s`);
}

/** Bytes a table takes with its indexes (and, on PostgreSQL, all its monthly partitions). */
async function bytesOf(bench, table) {
  const query =
    bench.dialect === 'postgres'
      ? // A month's partition counts its own indexes; a plain table (the hours) has no tree: its own size.
        `select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree('${table}'::regclass) where isleaf), pg_total_relation_size('${table}'::regclass)) as n`
      : `select coalesce(sum(d.pgsize), 0) as n from dbstat d join sqlite_master m on m.name = d.name where m.tbl_name = '${table}'`;
  return Number((await bench.raw(query)).rows[0].n);
}

const countOf = async (bench, table) => Number((await bench.raw(`select count(*) as n from ${table}`)).rows[0].n);

/**
 * Runs `task` on a fixed schedule every `everyMs` until stopped; each sample is when it was due
 * and how long after that it ended (a task held up behind another statement, or behind a blocked
 * event loop, shows).
 */
function scheduled(name, everyMs, task) {
  const samples = [];
  let stopped = false;
  const done = (async () => {
    let due = performance.now();
    while (!stopped) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      await task();
      samples.push({ due, ms: performance.now() - due });
      // A task late by more than a period is not run twice to catch up: its lateness is counted once.
      due = Math.max(due + everyMs, performance.now());
    }
  })();
  return { name, samples, stop: async () => ((stopped = true), await done) };
}

/** Latencies of the samples that were waiting or running within [from, to). */
const latency = (samples, from, to) => {
  const sorted = samples.filter((sample) => sample.due < to && sample.due + sample.ms > from).map((sample) => sample.ms).sort((a, b) => a - b);
  return { count: sorted.length, p50: quantileOf(sorted, 0.5), p99: quantileOf(sorted, 0.99), max: sorted.at(-1) ?? NaN };
};

/**
 * `purge` while the writer and readers run, SETTLE_MS before and after it; answers its duration,
 * its answer, the longest gap between two of its statements' ends (`onBatch`), and the loops'
 * latencies by when they were due: before, during or after it.
 */
async function underLoad(loops, purge) {
  const running = loops.map((loop) => scheduled(loop.name, loop.everyMs, loop.task));
  await sleep(SETTLE_MS);
  const started = performance.now();
  let last = started;
  let longestBatch = 0;
  const answer = await purge(() => {
    longestBatch = Math.max(longestBatch, performance.now() - last);
    last = performance.now();
  });
  const ended = performance.now();
  await sleep(SETTLE_MS);
  for (const loop of running) await loop.stop();
  // A task late because of the purge (SQLite: behind one of its statements on the one thread) counts as during it.
  const phases = (samples) => ({ before: latency(samples, 0, started), during: latency(samples, started, ended), after: latency(samples, ended, Infinity) });
  return { ms: ended - started, answer, longestBatch, loops: Object.fromEntries(running.map((loop) => [loop.name, phases(loop.samples)])) };
}

async function measure(dialect, database, bulkRaw) {
  const bench = { dialect, raw: bulkRaw };
  await migrateToLatest(database);
  const { db } = database;
  const owner = (await sql`insert into users (email, name, company, password_hash, separador_csv, timezone, language, reports_language, created_at, updated_at)
    values ('retention@example.com', 'Bench', 'Bench', 'x', ';', -3, 'pt', 'pt', 0, 0) returning id`.execute(db)).rows[0].id;
  const device = async (modelo, serie) =>
    (await sql`insert into devices (owner_id, modelo, serie, chip_id, versao, nome, obs, credential_user, credential_hash, created_at, updated_at)
      values (${owner}, ${modelo}, ${serie}, '', '1', '', '', ${`u-${serie}`}, 'h', 0, 0) returning id`.execute(db)).rows[0].id;
  const now = Math.floor(Date.now() / HOUR) * HOUR;
  const start = now - DAYS * DAY;
  const ids = {};
  for (const kind of KINDS) ids[kind.table] = await device(kind.modelo, `ret-${kind.modelo}`);
  const liveDoser = await device('DOSADOR', 'ret-live');
  for (const kind of KINDS) {
    // The live writer runs ahead of now (a reading each 30 s of its own clock): its months made too.
    await ensurePartitions(database, kind.table, start, now + 60 * DAY);
    await ensurePartitions(database, `${kind.table}_min`, start, now + DAY);
  }

  // 1. A year of raw rows, a month per statement.
  let started = performance.now();
  const counts = {};
  for (const kind of KINDS) {
    counts[kind.table] = kind.perDay * DAYS;
    for (let first = 0; first < counts[kind.table]; first += kind.perDay * 30) await fill(bench, kind, owner, ids[kind.table], start, first, Math.min(kind.perDay * 30, counts[kind.table] - first));
  }
  if (dialect === 'postgres') await bulkRaw('vacuum analyze');
  const fillSeconds = (performance.now() - started) / 1000;

  // 2. Summed as the periodic job does (a day per statement here: the job's catch-up goes an hour at a time).
  const tables = KINDS.map((kind) => readingMaintenance(database, kind.table));
  const retention = retentionRepository(db);
  started = performance.now();
  for (const table of tables) {
    for (let at = start; at < now; at += DAY) {
      await table.summarise('min', at, Math.min(now, at + DAY));
      await table.summarise('hora', at, Math.min(now, at + DAY));
    }
    await retention.saveProgress(table.table, { minutos_ate: now, horas_ate: now }, now);
  }
  const sumSeconds = (performance.now() - started) / 1000;
  if (dialect === 'postgres') await bulkRaw('vacuum analyze');
  const storage = [];
  for (const kind of KINDS) {
    const levels = {};
    for (const level of ['', '_min', '_hora']) levels[level] = { bytes: await bytesOf(bench, `${kind.table}${level}`), rows: await countOf(bench, `${kind.table}${level}`) };
    storage.push({ kind, levels });
  }

  // 3. The purge under a live writer and two report readers.
  const dosing = dosagensRepository(database);
  let written = 0;
  const loops = [
    {
      name: "writer: a live doser's reading",
      everyMs: WRITE_EVERY_MS,
      task: async () => {
        const em = now + (written += 1) * 30_000;
        await dosing.insertReadings([{ owner_id: owner, device_id: liveDoser, em, bucket: Math.floor(em / 30_000), volume_dml: written % 9000, vazao_dml_min: 100, ligada: 1 }]);
      },
    },
    { name: 'reader: last week per hour (raw rows)', everyMs: READ_EVERY_MS, task: () => dosing.readingSteps(ids.dose_leituras, now - 7 * DAY, now, HOUR, -3 * HOUR) },
    { name: 'reader: a week 200 days ago (minutes)', everyMs: READ_EVERY_MS, task: () => dosing.readingSteps(ids.dose_leituras, now - 200 * DAY, now - 193 * DAY, HOUR, -3 * HOUR) },
  ];
  const cutoff = now - RETENTION_DAYS * DAY;
  const oldDose = { first: 0, count: Math.floor((cutoff - start) / 30_000) };
  // The contrast: the doser's rows past retention in one statement.
  const naive = await underLoad(loops, async () => Number((await bulkRaw(`delete from dose_leituras where device_id = ${ids.dose_leituras} and em < ${cutoff}`)).numAffectedRows ?? 0));
  await fill(bench, KINDS[2], owner, ids.dose_leituras, start, oldDose.first, oldDose.count);
  const jobs = readingsMaintenance({ database, tables, retention, clock: () => now, log });
  const batched = await underLoad(loops, (onBatch) => jobs.purge(now, onBatch));
  const left = {};
  for (const kind of KINDS) left[kind.table] = await countOf(bench, kind.table);
  return { fillSeconds, sumSeconds, counts, storage, naive, batched, left };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

function report(dialect, result) {
  console.log(`\n### ${dialect}: ${DAYS} days of readings, ${machineLine(`load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`)}\n`);
  console.log(`filled in ${result.fillSeconds.toFixed(1)} s; summed into minutes and hours in ${result.sumSeconds.toFixed(1)} s\n`);
  const perYear = (bytes) => (bytes * 365) / DAYS;
  printTable(
    ['device', 'raw rows a year', 'raw, a year kept', `raw, ${RETENTION_DAYS} days kept`, 'minutes, a year', 'hours, a year', `stored a year (${RETENTION_DAYS} d raw + minutes + hours)`, 'vs raw a year'],
    result.storage.map(({ kind, levels }) => {
      const raw = perYear(levels[''].bytes);
      const kept = (raw * RETENTION_DAYS) / 365 + perYear(levels._min.bytes) + perYear(levels._hora.bytes);
      return [kind.label, Math.round(perYear(levels[''].rows)).toLocaleString('en'), mib(raw), mib((raw * RETENTION_DAYS) / 365), mib(perYear(levels._min.bytes)), kib(perYear(levels._hora.bytes)), mib(kept), (kept / raw).toFixed(2)];
    }),
  );
  const rows = (run) => (typeof run.answer === 'number' ? run.answer : run.answer.reduce((sum, table) => sum + table.rawRows + table.minuteRows, 0));
  const dropped = result.batched.answer.flatMap((table) => table.droppedPartitions);
  console.log(
    `\nPurge: one DELETE of the doser's ${rows(result.naive).toLocaleString('en')} rows past ${RETENTION_DAYS} days ${(result.naive.ms / 1000).toFixed(1)} s; ` +
      `the job's purge of every kind ${(result.batched.ms / 1000).toFixed(1)} s (${rows(result.batched).toLocaleString('en')} rows deleted in batches` +
      `${dropped.length > 0 ? `, ${dropped.length} monthly partitions dropped` : ''}; longest between two statements' ends ${result.batched.longestBatch.toFixed(0)} ms); raw rows left: ${Object.entries(result.left).map(([table, n]) => `${table} ${n.toLocaleString('en')}`).join(', ')}\n`,
  );
  printTable(
    ['loop (due every)', 'without purge p99 / max (limit)', "job's purge p99 / max", 'p99 during / without', 'one DELETE p99 / max (contrast)'],
    Object.keys(result.batched.loops).map((name) => {
      const [before, during, naive] = [result.batched.loops[name].before, result.batched.loops[name].during, result.naive.loops[name].during];
      const every = name.startsWith('writer') ? WRITE_EVERY_MS : READ_EVERY_MS;
      return [`${name} (${every} ms)`, `${before.p99.toFixed(1)} / ${before.max.toFixed(1)} ms`, `${during.p99.toFixed(1)} / ${during.max.toFixed(1)} ms (${during.count})`, (during.p99 / before.p99).toFixed(2), `${naive.p99.toFixed(1)} / ${naive.max.toFixed(1)} ms (${naive.count})`];
    }),
  );
}

if (process.env.BENCH_RETENTION_ONLY !== 'postgres') await withScratchDir('retention-bench-', async (dir) => {
  const database = openDatabase(`sqlite:${join(dir, 'retention.db')}`, log);
  try {
    report('SQLite', await measure('sqlite', database, (text) => sql.raw(text).execute(database.db)));
  } finally {
    await database.db.destroy();
  }
});

await withPostgresDatabase(async (url) => {
  const database = openDatabase(url, log);
  // Filling and the contrast's one DELETE on a connection of their own: the portal's pool stops statements past its query timeout.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const bulkRaw = async (text) => {
      const result = await client.query(text);
      return { rows: result.rows, numAffectedRows: result.rowCount };
    };
    report('PostgreSQL', await measure('postgres', database, bulkRaw));
  } finally {
    await client.end();
    await database.db.destroy();
  }
});
