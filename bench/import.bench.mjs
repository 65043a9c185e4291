// Import: a 1,000,000-row weighing CSV through the portal's POST /api/importacao against the limit
// the same machine reaches with the same file: `sqlite3 <db> '.import --csv --skip 1 file table'`
// into a table of the same columns in a fresh SQLite file (WAL, as the portal's).
// - The portal is the BUILT server started as its own process (node packages/server/dist/main.js)
//   on a fresh database; the file is uploaded over loopback HTTP as multipart, streamed from disk.
//   Timed: from the request to the answer (upload, hash, parse, checks, insert, commit).
// - The limit's table gets four indexes like pesagens (farm+date, flock+date, farm, scale), since
//   the portal maintains pesagens' four; the bare table without indexes is reported too.
// - Peak memory: the server process's VmHWM (Linux), before and after the import.
// - PostgreSQL: the same upload to a server on a fresh PostgreSQL database (no sqlite3-like limit).
// - Other accounts during the import (issue 22): PROBES other accounts call /api/health and their
//   own /api/getuser back to back while each one's scale sends a weighing a second and times
//   the portal's ACK (import-probes.mjs). Their p99 during the import is compared with the same
//   probes' p99 on the idle portal just before (the limit, measured in the same run); target
//   ≤ 500 ms on both databases.
// Needs the sqlite3 command-line shell on PATH.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, openAsBlob, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, setUpProbes } from './import-probes.mjs';
import { freePort, machineLine, portalEnv, postJson, printTable, withPostgresDatabase, withScratchDir } from './lib.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const PROBES = 8;
/** How long the idle portal is probed for the reference figures. */
const IDLE_PROBE_MS = 5_000;
const PROBE_TARGET_MS = 500;

const MAIN = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const HEADER = ['data', 'hora', 'nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'peso', 'idade_lote', 'linha', 'score', 'serie_balanca', 'obs'];

/** A grader's month: 3 flocks of one farm, 4 categories, 2 sides, 8 boxes; weights 1500.0–2999.9 g. */
async function writeCsv(path) {
  const out = createWriteStream(path);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  let buffer = `${HEADER.join(',')}\n`;
  for (let i = 0; i < ROWS; i += 1) {
    const day = 1 + (i % 28);
    const peso = (1500 + random() * 1499.9).toFixed(1);
    buffer += `${String(day).padStart(2, '0')}/10/2026,08:${String(i % 60).padStart(2, '0')}:00,Granja Bench,L${1 + (i % 3)},${1 + (i % 4)},${1 + (i % 2)},${1 + (i % 8)},Macho,${peso},${20 + day},Cobb,${i % 5},SEL-${i % 2},\n`;
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await new Promise((resolve) => out.once('drain', resolve));
      buffer = '';
    }
  }
  await new Promise((resolve, reject) => out.end(buffer, (error) => (error ? reject(error) : resolve())));
}

const TABLE = `create table pesagens_csv (data varchar(10), hora varchar(8), nucleo varchar(120), lote varchar(40), aviario varchar(40), lado varchar(40), box varchar(40),
  sexo varchar(20), peso real, idade_lote integer, linha varchar(40), score integer, serie_balanca varchar(40), obs varchar(200));`;
const INDEXES = `create index csv_farm_date on pesagens_csv (nucleo, data); create index csv_flock_date on pesagens_csv (lote, data);
  create index csv_farm on pesagens_csv (nucleo); create index csv_scale on pesagens_csv (serie_balanca);`;

function sqliteImport(dir, csv, withIndexes) {
  const db = join(dir, `limit-${withIndexes ? 'indexed' : 'bare'}.sqlite`);
  execFileSync('sqlite3', [db, `pragma journal_mode = wal; ${TABLE} ${withIndexes ? INDEXES : ''}`], { stdio: 'ignore' });
  const started = performance.now();
  // The shell reports its waited-for child's CPU time (cutime, cstime of /proc/<shell>/stat).
  const stat = execFileSync('sh', ['-c', 'sqlite3 "$1" ".import --csv --skip 1 $2 pesagens_csv" && cat /proc/$$/stat', 'sh', db, csv]).toString();
  const seconds = (performance.now() - started) / 1000;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = (Number(fields[13]) + Number(fields[14])) / TICKS;
  const count = Number(execFileSync('sqlite3', [db, 'select count(*) from pesagens_csv']).toString());
  if (count !== ROWS) throw new Error(`sqlite3 .import stored ${count} rows, not ${ROWS}`);
  return { seconds, cpu };
}

/** Clock ticks per second of /proc times. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
/** CPU seconds (user + system, every thread) a process used so far. */
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** The built server on `databaseUrl`, until `use` ends. */
async function withServer(databaseUrl, dir, use) {
  const mqttPort = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    // Logging at info: the address and 'portal ready' are read from the output.
    env: { ...process.env, ...portalEnv(databaseUrl, dir), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', MQTT_PORT: String(mqttPort), SIMULATOR: '0' },
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const collect = (chunk) => {
      output += chunk.toString();
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (address && output.includes('portal ready')) resolve(address);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  try {
    return await use(await ready, child.pid, `mqtt://127.0.0.1:${mqttPort}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  }
}

const peakMiB = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

async function portalImport(databaseUrl, dir, csv) {
  return withServer(databaseUrl, dir, async (base, pid, mqttUrl) => {
    const probes = await setUpProbes(base, mqttUrl, PROBES);
    const stopIdle = probes.run();
    await new Promise((resolve) => setTimeout(resolve, IDLE_PROBE_MS));
    const idle = await stopIdle();
    const account = { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'bench-pass-1', company: 'Bench' };
    await postJson(base, 'register', account);
    const { token } = await postJson(base, 'login', { email: account.email, password: account.password });
    const before = peakMiB(pid);
    const cpuBefore = cpuOf(pid);
    const form = new FormData();
    form.append('create_missing', 'true');
    // A Blob backed by the file: the upload streams from disk.
    form.append('file', await openAsBlob(csv, { type: 'text/csv' }), 'bench.csv');
    const started = performance.now();
    const stopBusy = probes.run();
    const response = await fetch(`${base}/api/importacao`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = await response.json();
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuOf(pid) - cpuBefore;
    const busy = await stopBusy();
    await probes.close();
    if (response.status !== 200 || body.importadas !== ROWS) throw new Error(`import answered ${response.status}: ${JSON.stringify(body).slice(0, 400)}`);
    return { seconds, cpu, peakBefore: before, peakAfter: peakMiB(pid), idle, busy };
  });
}

await withScratchDir('portal-bench-import-', async (dir) => {
  const csv = join(dir, 'bench.csv');
  await writeCsv(csv);
  const megabytes = statSync(csv).size / 2 ** 20;
  const limit = sqliteImport(dir, csv, true);
  const bare = sqliteImport(dir, csv, false);
  const sqlite = await portalImport(`sqlite:${join(dir, 'portal.sqlite')}`, dir, csv);
  const postgres = await withPostgresDatabase((url) => portalImport(url, dir, csv));

  const f = (n, d = 1) => n.toFixed(d);
  const rate = (seconds) => `${f(ROWS / seconds / 1000, 0)}k`;
  console.log(machineLine());
  console.log(`file: ${ROWS} rows, ${f(megabytes)} MiB, comma-separated, point decimals; sqlite3 ${execFileSync('sqlite3', ['--version']).toString().split(' ')[0]} shell`);
  const line = (label, run, peak = '–') => [label, f(run.seconds, 2), rate(run.seconds), f(limit.seconds / run.seconds, 2), f(run.cpu, 1), f(limit.cpu / run.cpu, 2), peak];
  const peak = (run) => `${f(run.peakBefore, 0)} → ${f(run.peakAfter, 0)}`;
  printTable(
    ['import', 'wall s', 'rows/s', 'speed vs limit (wall)', 'CPU s', 'CPU vs limit', 'server peak RSS MiB (before → after)'],
    [
      line('sqlite3 .import, table + 4 indexes (limit)', limit),
      line('sqlite3 .import, bare table', bare),
      line('portal, SQLite', sqlite, peak(sqlite)),
      ...(postgres ? [line('portal, PostgreSQL', postgres, peak(postgres))] : []),
    ],
  );
  const ratio = limit.seconds / sqlite.seconds;
  console.log(`portal on SQLite at ${f(ratio, 2)} of sqlite3 .import's speed (target ≥ 0.5): ${ratio >= 0.5 ? 'met' : 'MISSED'}`);

  console.log(`\nother accounts during the import: ${PROBES} accounts, each calling health + getuser back to back and its scale sending a weighing a second`);
  const probeRows = [];
  const verdicts = [];
  for (const [name, run] of [['SQLite', sqlite], ['PostgreSQL', postgres]]) {
    if (!run) continue;
    for (const [kind, key] of [['calls (health, getuser)', 'calls'], ['device ACKs', 'acks']]) {
      const idleP99 = percentile(run.idle[key], 0.99);
      const busyP99 = percentile(run.busy[key], 0.99);
      const missing = key === 'acks' ? `${run.idle.missing} / ${run.busy.missing}` : '–';
      probeRows.push([`${name}, ${kind}`, run.busy[key].length, f(percentile(run.busy[key], 0.5), 1), f(busyP99, 1), f(Math.max(...run.busy[key]), 1), f(idleP99, 1), f(busyP99 / idleP99, 1), missing]);
      verdicts.push(`${name} ${kind} p99 ${f(busyP99, 0)} ms (target ≤ ${PROBE_TARGET_MS}): ${busyP99 <= PROBE_TARGET_MS ? 'met' : 'MISSED'}`);
    }
  }
  printTable(['probe', 'n during import', 'p50 ms', 'p99 ms', 'max ms', 'idle p99 ms (limit)', 'p99 vs idle', 'ACKs missing (idle / import)'], probeRows);
  for (const verdict of verdicts) console.log(verdict);
});
