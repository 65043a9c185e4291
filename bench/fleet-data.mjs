// The fleet bench's bulk data, made IN the database (bench/fleet.bench.mjs): a year of weighings of
// the integrator's scales, their daily aggregates (pesagens_dia, its 10 g bands and scores, and
// pesagens.dia_id) as the ingestion keeps them, and a year of silo-scale readings as the default
// retention leaves them: per-minute rows, hours summed and the raw rows purged with the portal's own
// statements (db/rollups.js, db/dialect.js). INSERT … SELECT over generate_series on PostgreSQL (two
// connections, a month each, partitions UNLOGGED), over a series table on SQLite; the weighings'
// secondary indexes are dropped during the load and made again after.
// Not a benchmark itself (run.mjs runs *.bench.mjs only).
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { dropPartitionsBefore, ensurePartitions, StreamCursor } from '../packages/server/dist/db/dialect.js';
import { summarise } from '../packages/server/dist/db/rollups.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The silo scales' reading period (silos/readings.service.ts SILO_READING_PERIOD_MS). */
const SILO_PERIOD_MS = 5 * MINUTE_MS;
/** The default retention of raw readings (LEITURAS_RETENCAO_PADRAO_DIAS). */
const RAW_DAYS = 90;
const PLAN_BATCH = 10_000;

/**
 * The database for statements longer than the portal's 15 s bound (openDatabase's): on PostgreSQL a
 * pool of two without it, reading BIGINT as numbers as the portal does; SQLite has no bound.
 */
export function unboundedDatabase(dialect, database) {
  if (dialect === 'sqlite') return database;
  const types = { getTypeParser: (oid, format) => (oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text')) };
  // As the portal's own pool (db/dialect.ts openPostgres): without JIT.
  const pool = new pg.Pool({ connectionString: database.url, max: 4, types, options: '-c jit=off' });
  return { dialect, url: database.url, db: new Kysely({ dialect: new PostgresDialect({ pool, cursor: StreamCursor }) }) };
}

/** The bulk connection(s) of one database: statements without the portal's 15 s bound. */
export async function openBulk(dialect, url) {
  if (dialect === 'sqlite') {
    const db = new SqliteDatabase(url.slice('sqlite:'.length));
    // Loading only: nothing here must survive a crash of the bench (it regenerates).
    for (const pragma of ['foreign_keys = OFF', 'synchronous = OFF', 'cache_size = -1000000', 'temp_store = MEMORY']) db.pragma(pragma);
    return {
      dialect,
      /** Rows (objects) into `columns` of `table`: one prepared statement in one transaction. */
      insert: async (table, columns, rows) => {
        const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        db.transaction(() => {
          for (const row of rows) statement.run(...columns.map((column) => row[column]));
        })();
      },
      run: async (text, params = []) => db.prepare(text).run(...params),
      all: async (text, params = []) => db.prepare(text).all(...params),
      /** SQLite has one writer: the tasks run one after the other. */
      each: async (tasks, work) => {
        for (const task of tasks) await work(task, { run: (text, params = []) => db.prepare(text).run(...params) });
      },
      close: async () => db.close(),
    };
  }
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // The rows point at records made through the portal's calls: no foreign-key trigger per row.
    for (const setting of ["session_replication_role = replica", "work_mem = '256MB'", "maintenance_work_mem = '1GB'", 'synchronous_commit = off']) await client.query(`SET ${setting}`);
    return client;
  };
  const clients = [await connect(), await connect()];
  const [main] = clients;
  return {
    dialect,
    /** Rows (objects) into `columns` of `table`, PLAN_BATCH a statement, each batch one JSON text PostgreSQL reads. */
    insert: async (table, columns, rows) => {
      for (let at = 0; at < rows.length; at += PLAN_BATCH) {
        await main.query(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM json_populate_recordset(NULL::${table}, $1::json)`, [JSON.stringify(rows.slice(at, at + PLAN_BATCH))]);
      }
    },
    run: (text, params = []) => main.query(text, params),
    all: async (text, params = []) => (await main.query(text, params)).rows,
    /** Two connections take the tasks in turn (a 2-core machine). */
    each: async (tasks, work) => {
      const queue = [...tasks];
      await Promise.all(clients.map(async (client) => {
        for (let task = queue.shift(); task !== undefined; task = queue.shift()) await work(task, { run: (text, params = []) => client.query(text, params) });
      }));
    },
    close: async () => Promise.all(clients.map((client) => client.end())),
  };
}


/** Drops the weighings' secondary indexes (not the keys), answering the statements that make them again. */
async function dropWeighingIndexes(bulk) {
  const found =
    bulk.dialect === 'sqlite'
      ? await bulk.all("SELECT name, sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = 'pesagens' AND sql IS NOT NULL")
      : await bulk.all(`SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename = 'pesagens'
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'pesagens'::regclass)`);
  for (const index of found) await bulk.run(`DROP INDEX ${index.name}`);
  // A partitioned table's own index is listed "ON ONLY": made again on the whole table, it reaches every month.
  return found.map((index) => index.definition.replace(' ON ONLY ', ' ON '));
}

const hora = (dialect, seconds) =>
  dialect === 'sqlite'
    ? `printf('%02d:%02d:%02d', ${seconds} / 3600, (${seconds} / 60) % 60, ${seconds} % 60)`
    : `lpad((${seconds} / 3600)::text, 2, '0') || ':' || lpad(((${seconds} / 60) % 60)::text, 2, '0') || ':' || lpad((${seconds} % 60)::text, 2, '0')`;

/**
 * One month's weighings (plan ids first..last): `birds` per day row, over 12 hours from 06:00, a
 * triangular spread of ±20 % around the day's mean (two integer hashes of the bird and the row), a
 * score on every tenth bird. The same integer formulas on both databases.
 */
function weighingsStatement(dialect) {
  const big = dialect === 'sqlite' ? '' : '::bigint';
  const series = dialect === 'sqlite' ? 'JOIN fleet_series s ON s.g <= p.birds' : 'CROSS JOIN LATERAL generate_series(1, p.birds) AS s(g)';
  const u1 = `((s.g${big} * 7919 + p.id${big} * 104729) % 2001)`;
  const u2 = `((s.g${big} * 48271 + p.id${big} * 16807 + 11) % 2001)`;
  const peso = `p.mean_dg + (p.mean_dg * (${u1} + ${u2} - 2000)) / 10000`;
  const seconds = '(21600 + (s.g * 43200) / p.birds)';
  const param = (n) => (dialect === 'sqlite' ? '?' : `$${n}`);
  return `INSERT INTO pesagens (owner_id, nucleo_id, lote_id, data, hora, aviario, lado, box, sexo, peso_dg, idade_lote, linha, score,
      serie_balanca, obs, importacao_id, device_id, seq, created_at, dia_id)
    SELECT d.owner_id, d.nucleo_id, d.lote_id, d.data, ${hora(dialect, seconds)}, d.aviario, d.lado, d.box, d.sexo,
      CAST(${peso} AS integer), p.idade, 'Cobb 500', CASE WHEN s.g % 10 = 0 THEN 1 + (s.g / 10) % 5 END,
      d.serie_balanca, '', NULL, p.device_id, p.seq0 + s.g, p.day_ms + ${seconds} * 1000, d.id
    FROM fleet_plan p JOIN pesagens_dia d ON d.id = p.id ${series}
    WHERE p.id BETWEEN ${param(1)} AND ${param(2)}`;
}

/** The day rows' figures from their weighings: the same sums the migration's backfill and the ingestion keep. */
function aggregateStatements(dialect, monthly) {
  const where = (extra = '') => (monthly ? `WHERE data >= ${dialect === 'sqlite' ? '?' : '$1'} AND data <= ${dialect === 'sqlite' ? '?' : '$2'}${extra}` : extra ? `WHERE ${extra.slice(5)}` : '');
  return [
    `UPDATE pesagens_dia SET aves = a.n, soma_dg = a.s, quadrados_dg = a.q, menor_dg = a.mn, maior_dg = a.mx
      FROM (SELECT dia_id, count(*) AS n, sum(peso_dg) AS s, sum(CAST(peso_dg AS bigint) * peso_dg) AS q, min(peso_dg) AS mn, max(peso_dg) AS mx
            FROM pesagens ${where()} GROUP BY dia_id) AS a
      WHERE pesagens_dia.id = a.dia_id`,
    `INSERT INTO pesagens_dia_faixas (dia_id, faixa, aves) SELECT dia_id, peso_dg / 100, count(*) FROM pesagens ${where()} GROUP BY dia_id, peso_dg / 100`,
    `INSERT INTO pesagens_dia_scores (dia_id, score, aves) SELECT dia_id, score, count(*) FROM pesagens ${where(' AND score IS NOT NULL')} GROUP BY dia_id, score`,
  ];
}

const timed = async (times, name, work) => {
  const started = performance.now();
  await work();
  times[name] = (performance.now() - started) / 1000;
};

/** Months (first..last plan id, first..last day) of a plan sorted by day. */
function monthsOf(plan) {
  const months = [];
  for (const row of plan) {
    const month = row.data.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) Object.assign(last, { lastId: row.id, lastDay: row.data });
    else months.push({ month, firstId: row.id, lastId: row.id, firstDay: row.data, lastDay: row.data });
  }
  return months;
}

/** The weighings of `plan` (fleet-catalog.mjs weighingPlan) and their aggregates; answers the stages' seconds. */
export async function generateWeighings(bulk, database, integrator, plan, log) {
  const { dialect } = bulk;
  const times = {};
  const now = Date.now();
  const months = monthsOf(plan);
  await timed(times, 'plan', async () => {
    await bulk.run('CREATE TABLE fleet_plan (id integer PRIMARY KEY, device_id integer NOT NULL, idade integer NOT NULL, birds integer NOT NULL, mean_dg integer NOT NULL, seq0 bigint NOT NULL, day_ms bigint NOT NULL)');
    await bulk.insert('fleet_plan', ['id', 'device_id', 'idade', 'birds', 'mean_dg', 'seq0', 'day_ms'], plan);
    // Day rows first, their figures once their weighings exist; idade_min is the day's age, the one every weighing carries.
    const columns = ['id', 'owner_id', 'nucleo_id', 'lote_id', 'lote_chave', 'data', 'aviario', 'lado', 'box', 'sexo', 'serie_balanca', 'aves', 'soma_dg', 'quadrados_dg', 'menor_dg', 'maior_dg', 'idade_min', 'updated_at'];
    const days = plan.map((row) => ({ ...row, owner_id: integrator.ownerId, lote_chave: row.lote_id, box: '1', sexo: 'Misto', serie_balanca: row.serie, aves: 0, soma_dg: 0, quadrados_dg: 0, menor_dg: 0, maior_dg: 0, idade_min: row.idade, updated_at: now }));
    const started = performance.now();
    await bulk.insert('pesagens_dia', columns, days);
    log(`  ${days.length} day rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (dialect === 'postgres') await bulk.run("SELECT setval(pg_get_serial_sequence('pesagens_dia', 'id'), (SELECT max(id) FROM pesagens_dia))");
    if (dialect === 'sqlite') {
      const longest = Math.max(...plan.map((row) => row.birds));
      await bulk.run('CREATE TABLE fleet_series (g integer PRIMARY KEY)');
      await bulk.run(`WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < ${longest}) INSERT INTO fleet_series SELECT g FROM n`);
    }
  });
  const indexes = await dropWeighingIndexes(bulk);
  if (dialect === 'postgres') {
    await ensurePartitions(database, 'pesagens', integrator.firstDay, integrator.today);
    const parts = await bulk.all("SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'pesagens'::regclass");
    // A bench database regenerated after a crash: WAL would double the load's writes for nothing.
    for (const part of parts) await bulk.run(`ALTER TABLE ${part.name} SET UNLOGGED`);
  }
  await timed(times, 'weighings', () =>
    bulk.each(months, async (month, connection) => {
      const started = performance.now();
      await connection.run(weighingsStatement(dialect), [month.firstId, month.lastId]);
      log(`  ${month.month}: ${plan.filter((row) => row.id >= month.firstId && row.id <= month.lastId).reduce((sum, row) => sum + row.birds, 0)} weighings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
  const makeIndexes = () => bulk.each(indexes, (definition, connection) => connection.run(definition));
  if (dialect === 'sqlite') {
    // The day rows' sums then read the (dia_id, peso_dg) index alone, in its order.
    await timed(times, 'indexes', makeIndexes);
    await timed(times, 'aggregates', async () => {
      for (const statement of aggregateStatements(dialect, false)) await bulk.run(statement);
    });
  } else {
    await timed(times, 'aggregates', () =>
      bulk.each(months, async (month, connection) => {
        for (const statement of aggregateStatements(dialect, true)) await connection.run(statement, [month.firstDay, month.lastDay]);
      }),
    );
    await timed(times, 'indexes', makeIndexes);
    // What autovacuum would have done over the year: the visibility map the index-only reads need, and statistics.
    await timed(times, 'vacuum', () => bulk.each(['pesagens', 'pesagens_dia', 'pesagens_dia_faixas', 'pesagens_dia_scores'], (table, connection) => connection.run(`VACUUM (ANALYZE) ${table}`)));
  }
  await bulk.run('DROP TABLE fleet_plan');
  if (dialect === 'sqlite') await bulk.run('DROP TABLE fleet_series');
  return times;
}

/**
 * The readings of `devices` over buckets first..last as a SELECT (owner_id, device_id, em, bucket,
 * peso_hg): one each SILO_PERIOD_MS in its first 4 minutes, a silo emptied over five days, then
 * filled (PostgreSQL $1, $2; SQLite ?, ?, ? = first, last, first: the driver binds a number as
 * REAL, cast so that em stays an integer and its minute a whole one).
 */
function readingsSelect(dialect, ownerId, devices) {
  const values = (id) => `${ownerId} AS owner_id, ${id} AS device_id, b * ${SILO_PERIOD_MS} + (b * 7919 + ${id} * 104729) % 240000 AS em, b AS bucket, 180000 - ((b + ${id} * 97) % 1440) * 100 + (b * 31 + ${id}) % 101 - 50 AS peso_hg`;
  return dialect === 'sqlite'
    ? `SELECT ${values('dev.value')} FROM json_each('${JSON.stringify(devices)}') AS dev, (SELECT CAST(? AS integer) + g - 1 AS b FROM main.fleet_series WHERE g <= ? - ? + 1)`
    : `SELECT ${values('dev.id')} FROM unnest('{${devices.join(',')}}'::int[]) AS dev(id), generate_series($1::bigint, $2::bigint) AS b`;
}

const readingsInsert = (dialect, ownerId, devices) => `INSERT INTO silo_leituras (owner_id, device_id, em, bucket, peso_hg) SELECT * FROM (${readingsSelect(dialect, ownerId, devices)}) AS r`;

/**
 * The same readings' per-minute rows, written directly: a reading every SILO_PERIOD_MS is alone
 * in its minute, so the minute is that reading (n 1; its middle only when it falls in the second
 * half), which is what the portal's summing statement (db/rollups.js summarise) makes of it —
 * checked equal row for row on a month (docs/benchmarks.md). Its self-joins on the raw rows took
 * 100 s per 2,000,000 readings on this machine: too long for a year of 200 scales.
 */
const minutesInsert = (dialect, ownerId, devices) => {
  const middle = (value) => `CASE WHEN r.em % ${MINUTE_MS} >= ${MINUTE_MS / 2} THEN ${value} END`;
  return `INSERT INTO silo_leituras_min (device_id, owner_id, inicio, n, primeiro_em, ultimo_em, meio_em, peso_soma, peso_min, peso_max, peso_primeiro, peso_meio, peso_ultimo)
    SELECT r.device_id, r.owner_id, (r.em / ${MINUTE_MS}) * ${MINUTE_MS}, 1, r.em, r.em, ${middle('r.em')}, r.peso_hg, r.peso_hg, r.peso_hg, r.peso_hg, ${middle('r.peso_hg')}, r.peso_hg
    FROM (${readingsSelect(dialect, ownerId, devices)}) AS r`;
};

/** Calendar months of buckets first..last: [first bucket, last bucket] each (a bucket never straddles a month). */
function monthChunks(firstBucket, lastBucket) {
  const chunks = [];
  for (let start = firstBucket; start <= lastBucket; ) {
    const at = new Date(start * SILO_PERIOD_MS);
    const end = Math.min(lastBucket, Math.floor(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) / SILO_PERIOD_MS) - 1);
    chunks.push([start, end]);
    start = end + 1;
  }
  return chunks;
}

/**
 * A year of readings of `devices` silo scales as the portal would hold it after a year at the
 * default retention: every month's per-minute rows (minutesInsert), the hours summed from them by
 * the portal's own statement (db/rollups.js summarise), and raw rows only for the months not wholly
 * past retention, then purged to RAW_DAYS by the portal's statements (PostgreSQL: the months before
 * dropped, dropPartitionsBefore, then a DELETE of the rest). The raw rows of the older months would
 * have been purged: they are never written. The summing job's progress is recorded where it stands.
 * Answers the stages' seconds.
 */
export async function generateReadings(bulk, database, integrator, devices, log) {
  const { dialect } = bulk;
  const unbounded = unboundedDatabase(dialect, database);
  const times = {};
  const now = Date.now();
  const lastBucket = Math.floor(now / SILO_PERIOD_MS) - 1;
  const firstBucket = lastBucket - Math.floor((365 * DAY_MS) / SILO_PERIOD_MS) + 1;
  const from = firstBucket * SILO_PERIOD_MS;
  const summed = Math.floor(now / HOUR_MS) * HOUR_MS;
  const cutoff = Math.floor((now - RAW_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS;
  const hours = ([start, end]) => [Math.floor((start * SILO_PERIOD_MS) / HOUR_MS) * HOUR_MS, Math.min(summed, Math.floor(((end + 1) * SILO_PERIOD_MS) / HOUR_MS) * HOUR_MS)];
  const chunks = monthChunks(firstBucket, lastBucket);
  const kept = chunks.filter(([, end]) => (end + 1) * SILO_PERIOD_MS > cutoff);
  const params = ([start, end]) => (dialect === 'sqlite' ? [start, end, start] : [start, end]);
  if (dialect === 'sqlite') {
    await bulk.run('CREATE TABLE fleet_series (g integer PRIMARY KEY)');
    await bulk.run(`WITH RECURSIVE n(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM n WHERE g < ${Math.ceil((32 * DAY_MS) / SILO_PERIOD_MS)}) INSERT INTO fleet_series SELECT g FROM n`);
  } else {
    // The raw table and whichever summary tables are cut into months: their months of the year made first.
    for (const table of ['silo_leituras', 'silo_leituras_min', 'silo_leituras_hora']) {
      const cut = (await bulk.all('SELECT 1 FROM pg_partitioned_table WHERE partrelid = $1::regclass', [table])).length > 0;
      if (cut) await ensurePartitions(database, table, from, now);
      // As the weighings' months: no WAL for a bench database made again after a crash.
      const parts = cut ? await bulk.all('SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = $1::regclass', [table]) : [{ name: table }];
      for (const part of parts) await bulk.run(`ALTER TABLE ${part.name} SET UNLOGGED`);
    }
  }
  const { ownerId } = integrator;
  await timed(times, 'readings', () => bulk.each(kept, (chunk, connection) => connection.run(readingsInsert(dialect, ownerId, devices), params(chunk))));
  await timed(times, 'minutes', () => bulk.each(chunks, (chunk, connection) => connection.run(minutesInsert(dialect, ownerId, devices), params(chunk))));
  if (dialect === 'sqlite') await bulk.run('DROP TABLE fleet_series');
  // The hours join the minutes to themselves: with their statistics.
  else await bulk.run('ANALYZE silo_leituras_min');
  await timed(times, 'hours', () => bulk.each(chunks, (chunk) => summarise(unbounded.db, 'silo_leituras', 'hora', ...hours(chunk))));
  await timed(times, 'purge', async () => {
    const dropped = await dropPartitionsBefore(database, 'silo_leituras', cutoff);
    log(`  readings purge: ${dropped.length} month(s) dropped`);
    await bulk.run(`DELETE FROM silo_leituras WHERE em < ${cutoff}`);
  });
  if (unbounded !== database) await unbounded.db.destroy();
  await bulk.run("DELETE FROM leituras_agregacao WHERE tabela = 'silo_leituras'");
  await bulk.run(`INSERT INTO leituras_agregacao (tabela, minutos_ate, horas_ate, updated_at) VALUES ('silo_leituras', ${summed}, ${summed}, ${now})`);
  if (dialect === 'postgres') await bulk.each(['silo_leituras', 'silo_leituras_min', 'silo_leituras_hora'], (table, connection) => connection.run(`VACUUM (ANALYZE) ${table}`));
  return times;
}

/** Bytes (tables with their indexes and months) and rows of `tables`. */
export async function storageOf(bulk, tables) {
  const sizes = {};
  if (bulk.dialect === 'sqlite') {
    const rows = await bulk.all('SELECT m.tbl_name AS name, sum(s.pgsize) AS bytes FROM dbstat s JOIN sqlite_master m ON m.name = s.name GROUP BY m.tbl_name');
    const bytes = new Map(rows.map((row) => [row.name, Number(row.bytes)]));
    for (const table of tables) sizes[table] = { bytes: bytes.get(table) ?? 0 };
  } else {
    for (const table of tables) {
      // A plain table is no partition tree of its own: itself, then.
      const [row] = await bulk.all('SELECT coalesce(sum(pg_total_relation_size(relid)), 0) AS bytes FROM (SELECT relid FROM pg_partition_tree($1::regclass) UNION SELECT $1::regclass) AS t', [table]);
      sizes[table] = { bytes: Number(row.bytes) };
    }
  }
  for (const table of tables) sizes[table].rows = Number((await bulk.all(`SELECT count(*) AS n FROM ${table}`))[0].n);
  return sizes;
}
