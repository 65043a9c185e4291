// PostgreSQL's monthly partitions (issue 23 part 3, docs/decisions/0007-postgres-partitioning.md):
// a month of ≥ 1,000,000 weighings, and one of as many silo readings, purged by dropping their
// partition (dropPartitionsBefore: DETACH … CONCURRENTLY, then DROP) while sessions of their own
// keep writing weighings and readings and reading the current month and the users table; the
// limit measured in the same run is the purge without partitions: deleting an equal month in
// batches of 10,000 rows. Before that, a month's queries on the partitioned tables against plain
// copies of the same rows (same indexes): what pruning gives a period's read. SQLite keeps plain
// tables (nothing to measure here).
//   BENCH_PARTITION_ROWS  rows per month (default 1,000,000)
import { loadavg } from 'node:os';
import pg from 'pg';
import { dropPartitionsBefore, ensurePartitions, openDatabase } from '../packages/server/dist/db/dialect.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { machineLine, printTable, withPostgresDatabase } from './lib.mjs';
import { purgeUnderLoad } from './partitions-drop.mjs';

const ROWS = Number(process.env.BENCH_PARTITION_ROWS ?? 1_000_000);
const SILO_PERIOD_MS = 300_000;
const DELETE_BATCH = 10_000;
/** Weighings fill four months (the first two are purged, the third is the month queried); readings the first two. */
const WEIGHING_MONTHS = [['2020-01-01', '2020-02-01'], ['2020-02-01', '2020-03-01'], ['2020-03-01', '2020-04-01'], ['2020-04-01', '2020-05-01']];
const QUERY_RUNS = 15;
const quiet = { warn: (details, message) => console.warn(message, details) };

/** The first day of the month `offset` months from the current one, 'YYYY-MM-DD', and its epoch ms. */
function monthStart(offset) {
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1);
  return { day: new Date(start).toISOString().slice(0, 10), ms: start };
}

/** A connection of the bench's own for filling and copying: the portal's pool stops statements past its query timeout. */
async function bulkClient(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { one: (text) => client.query(text), end: () => client.end() };
}

async function fill(one, ids) {
  // Enough silo scales that one month of 5-minute buckets each holds ROWS readings.
  const devices = Math.ceil(ROWS / ((28 * 86_400_000) / SILO_PERIOD_MS));
  await one(`insert into devices (owner_id, modelo, serie, chip_id, versao, nome, obs, credential_user, credential_hash, created_at, updated_at)
    select ${ids.owner}, 'BSILO', 'bench-' || g, '', '1', '', '', 'bench-u-' || g, 'h', 0, 0 from generate_series(1, ${devices}) g`);
  for (const [first, next] of WEIGHING_MONTHS) {
    await one(`insert into pesagens (owner_id, nucleo_id, data, hora, aviario, lado, box, sexo, peso_dg, linha, serie_balanca, obs, created_at)
      select ${ids.owner}, ${ids.nucleo}, to_char(date '${first}' + (g % (date '${next}' - date '${first}')), 'YYYY-MM-DD'), '08:00:00',
        'A' || (g % 20), '1', '1', 'Misto', 15000 + g % 5000, '', 'BAL', '', 0
      from generate_series(1, ${ROWS}) g`);
    if (first >= '2020-03-01') continue;
    const from = Date.parse(first) / SILO_PERIOD_MS;
    await one(`insert into silo_leituras (owner_id, device_id, em, bucket, peso_hg)
      select ${ids.owner}, d.id, b * ${SILO_PERIOD_MS}::bigint + 1000, b, 5000 + b % 100
      from (select id from devices where owner_id = ${ids.owner} and modelo = 'BSILO') d,
        generate_series(${from}::bigint, ${from}::bigint + ${Math.ceil(ROWS / devices)} - 1) b
      limit ${ROWS}`);
  }
  await one('vacuum analyze pesagens, silo_leituras');
  return devices;
}

/**
 * A month's reads on the partitioned tables and on plain copies of the same rows with the same
 * indexes (made here, dropped after), alternated so both see the same machine: median and worst.
 */
async function compareMonthQueries(one, ids) {
  await one('create table pesagens_plain as select * from pesagens');
  await one('create index on pesagens_plain (owner_id, data)');
  await one('create index on pesagens_plain (lote_id, data)');
  await one('create table silo_leituras_plain as select * from silo_leituras');
  await one('create index on silo_leituras_plain (device_id, em)');
  await one('vacuum analyze pesagens_plain, silo_leituras_plain');
  const march = "data >= '2020-03-01' and data < '2020-04-01'";
  const week = "data >= '2020-03-09' and data < '2020-03-16'";
  const february = `em >= ${Date.UTC(2020, 1, 1)} and em < ${Date.UTC(2020, 2, 1)}`;
  const queries = [
    { name: 'weighings: a month per day (count, mean)', text: (t) => `select data, count(*), avg(peso_dg) from ${t} where owner_id = ${ids.owner} and ${march} group by data` },
    { name: 'weighings: a week per house', text: (t) => `select aviario, count(*), avg(peso_dg) from ${t} where owner_id = ${ids.owner} and ${week} group by aviario` },
    { name: "readings: one scale's month", text: (t) => `select count(*), avg(peso_hg), max(em) from ${t} where device_id = ${ids.device} and ${february}` },
  ];
  const tableOf = (query, plain) => (query.name.startsWith('readings') ? 'silo_leituras' : 'pesagens') + (plain ? '_plain' : '');
  const rows = [];
  for (const query of queries) {
    const times = { partitioned: [], plain: [] };
    for (let run = 0; run < QUERY_RUNS; run += 1) {
      for (const plain of [false, true]) {
        const started = performance.now();
        await one(query.text(tableOf(query, plain)));
        times[plain ? 'plain' : 'partitioned'].push(performance.now() - started);
      }
    }
    const plan = (await one(`explain (costs off) ${query.text(tableOf(query, false))}`)).rows.map((row) => row['QUERY PLAN']).join('\n');
    const read = [...new Set([...plan.matchAll(/ on (\w+_p\d{6})/g)].map((match) => match[1]))];
    const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const [partitioned, plain] = [median(times.partitioned), median(times.plain)];
    rows.push([query.name, read.join(', '), `${partitioned.toFixed(1)} ms`, `${plain.toFixed(1)} ms`, (partitioned / plain).toFixed(2)]);
  }
  await one('drop table pesagens_plain, silo_leituras_plain');
  return rows;
}

/** Deletes rows of `where` from `table` DELETE_BATCH at a time (the purge a plain table gets). */
async function deleteInBatches(db, table, where) {
  const { sql } = await import('kysely');
  let deleted = 0;
  for (;;) {
    const result = await sql.raw(`delete from ${table} where id in (select id from ${table} where ${where} limit ${DELETE_BATCH})`).execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count === 0) return deleted;
  }
}

const count = async (one, table, where) => Number((await one(`select count(*) as n from ${table} where ${where}`)).rows[0].n);

await withPostgresDatabase(async (url) => {
  const database = openDatabase(url, quiet);
  try {
    await migrateToLatest(database);
    const { sql } = await import('kysely');
    const owner = (await sql`insert into users (email, name, company, password_hash, separador_csv, timezone, language, reports_language, created_at, updated_at)
      values ('bench@example.com', 'Bench', 'Bench', 'x', ';', -3, 'pt', 'pt', 0, 0) returning id`.execute(database.db)).rows[0].id;
    const nucleo = (await sql`insert into nucleos (owner_id, nome, tipo, codigo, endereco, cidade, estado, pais, obs, created_at, updated_at)
      values (${owner}, 'Bench', 'granja', '', '', '', '', '', '', 0, 0) returning id`.execute(database.db)).rows[0].id;
    const ids = { owner, nucleo };
    await ensurePartitions(database, 'pesagens', '2020-01-01', '2020-04-30');
    await ensurePartitions(database, 'silo_leituras', Date.UTC(2020, 0, 1), Date.UTC(2020, 1, 29));
    const filling = performance.now();
    const bulk = await bulkClient(url);
    const devices = await fill(bulk.one, ids);
    console.log(`filled ${WEIGHING_MONTHS.length} months × ${ROWS.toLocaleString('en')} weighings and 2 × as many silo readings (${devices} scales) in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const firstScale = (await sql`select min(id) as id from devices where owner_id = ${owner}`.execute(database.db)).rows[0].id;
    const monthQueries = await compareMonthQueries(bulk.one, { ...ids, device: firstScale });

    const current = monthStart(0);
    const nextMonth = monthStart(1);
    let seq = 0;
    let bucket = Math.floor(current.ms / SILO_PERIOD_MS) * 10_000;
    const sessions = [
      {
        name: 'writer: a device weighing',
        sql: `insert into pesagens (owner_id, nucleo_id, data, hora, aviario, lado, box, sexo, peso_dg, linha, serie_balanca, obs, created_at, device_id, seq)
              values ($1, $2, $3, '08:00:00', 'A', '1', '1', 'Misto', 15000, '', 'BAL', '', 0, $4, $5) on conflict do nothing`,
        params: () => [owner, nucleo, current.day, firstScale, (seq += 1)],
      },
      {
        // One row per 5-minute bucket of the current month, spread over the scales (bucket here only needs to be unique).
        name: 'writer: a silo reading',
        sql: 'insert into silo_leituras (owner_id, device_id, em, bucket, peso_hg) values ($1, $2, $3, $4, 5000) on conflict do nothing',
        params: () => [owner, firstScale, current.ms + ((bucket += 1) % 1_000_000), bucket],
      },
      {
        name: "reader: the current month's weighings",
        sql: `select count(*), avg(peso_dg) from pesagens where owner_id = $1 and data >= $2 and data < $3`,
        params: [owner, current.day, nextMonth.day],
      },
      { name: 'reader: the latest silo readings', sql: 'select em, peso_hg from silo_leituras where device_id = $1 and em >= $2 order by em desc limit 50', params: [firstScale, current.ms] },
      { name: 'reader: a user (every call)', sql: 'select id, email from users where id = $1', params: [owner] },
    ];

    const results = [];
    for (const { table, key, first, second, boundary } of [
      { table: 'pesagens', key: 'data', first: "data < '2020-02-01'", second: "data >= '2020-02-01' and data < '2020-03-01'", boundary: '2020-02-01' },
      { table: 'silo_leituras', key: 'em', first: `em < ${Date.UTC(2020, 1, 1)}`, second: `em >= ${Date.UTC(2020, 1, 1)} and em < ${Date.UTC(2020, 2, 1)}`, boundary: Date.UTC(2020, 1, 1) },
    ]) {
      const inMonth = await count(bulk.one, table, first);
      const drop = await purgeUnderLoad(url, sessions, () => dropPartitionsBefore(database, table, boundary));
      const left = await count(bulk.one, table, first);
      const secondBefore = await count(bulk.one, table, second);
      const remove = await purgeUnderLoad(url, sessions, () => deleteInBatches(database.db, table, second));
      results.push({ table, key, inMonth, left, drop, remove, secondBefore });
    }

    console.log(`\n${machineLine(`PostgreSQL, ${ROWS.toLocaleString('en')} rows per month`, `load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`)}\n`);
    printTable(
      ['table', 'rows in the month', 'dropped', 'drop', 'DELETE in batches of 10,000 (limit)', 'drop / DELETE'],
      results.map((r) => [r.table, r.inMonth.toLocaleString('en'), `${r.drop.answer.join(', ')} (${r.left} rows of it left)`, `${r.drop.ms.toFixed(0)} ms`, `${(r.remove.ms / 1000).toFixed(1)} s (${r.remove.answer.toLocaleString('en')} rows)`, (r.drop.ms / r.remove.ms).toFixed(3)]),
    );
    console.log(`\nA month's queries, partitioned vs plain copies of the same rows (median of ${QUERY_RUNS}, alternated):\n`);
    printTable(['query', 'partitions read (PostgreSQL plan)', 'partitioned', 'plain table (limit)', 'partitioned / plain'], monthQueries);
    console.log('\nConcurrent sessions, worst wait (ms) before / during / after the purge (p99 during in brackets):\n');
    printTable(
      ['session', ...results.flatMap((r) => [`${r.table}: drop`, `${r.table}: DELETE`])],
      sessions.map((session) => [
        session.name,
        ...results.flatMap((r) =>
          [r.drop, r.remove].map((run) => {
            const l = run.latencies[session.name];
            return `${l.before.max.toFixed(1)} / ${l.during.max.toFixed(1)} (${l.during.p99.toFixed(1)}) / ${l.after.max.toFixed(1)}`;
          }),
        ),
      ]),
    );
    await bulk.end();
  } finally {
    await database.db.destroy();
  }
});
