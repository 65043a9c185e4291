// The export of issue 21 (docs/integrations.md) over a large backlog of weighings, on each database:
// - sources: the owner's N weighings (default 1,000,000, BENCH_INTEGRATIONS_ROWS) read in pages of
//   INTEGRACAO_PAGINA_MAX through weighings.changedSince, the way the export job reads them, from the
//   first cursor to the last; another owner's N/4 weighings interleaved. Limit: 20 s for 1,000,000
//   rows (≥ 50,000 rows/s: reading must stay far below the time the POSTs take). Also a page at the
//   start against a page near the end (median of 20 each): target ≤ 2 × — the index (owner_id,
//   created_at, id) of migration 0019 answers a page by its rows, wherever the cursor stands.
// - export: the same backlog sent for real through the running portal's HTTP API
//   (register_config_integracao with endpoint = a local receiver, enviarintegracao, getintegracaoenvios
//   polled until the run ends). The receiver checks every page's signature and counts rows and
//   distinct idempotency keys. Limit: 120 s for 1,000,000 rows (≥ 8,300 rows/s, 2,000 POSTs).
//   Memory: this process's RSS (portal, receiver and client) sampled every 50 ms, start to peak.
// Weighings go straight into pesagens (as the other benches do), 8 per millisecond stamp so pages
// part rows of one millisecond by id; PostgreSQL analyzed after the load (as autovacuum would).
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { ensurePartitionsFor } from '../packages/server/dist/db/dialect.js';
import { INTEGRACAO_PAGINA_MAX } from '../packages/shared/dist/index.js';
import { benchAccountWithStandard, machineLine, onEachDatabase, printTable, rssMiB, startPortal } from './lib.mjs';

const ROWS = Number(process.env.BENCH_INTEGRATIONS_ROWS ?? 1_000_000);
const OTHER_ROWS = Math.floor(ROWS / 4);
const READ_LIMIT_S = (20 * ROWS) / 1_000_000;
const EXPORT_LIMIT_S = (120 * ROWS) / 1_000_000;
const PAGE_PROBES = 20;
const DAYS = 60;
const DAY_MS = 86_400_000;
const START = { at: 0, id: 0 };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const rate = (rows, msTaken) => `${Math.round(rows / (msTaken / 1000)).toLocaleString('en')} rows/s`;

/** This process's RSS every 50 ms until the returned function is called: first and peak (MiB). */
function sampleRss() {
  const samples = [rssMiB(process.pid)];
  const timer = setInterval(() => samples.push(rssMiB(process.pid)), 50);
  return () => {
    clearInterval(timer);
    samples.push(rssMiB(process.pid));
    const [start, peak] = [samples[0], Math.max(...samples)];
    return `${start.toFixed(0)} → ${peak.toFixed(0)} (+${(peak - start).toFixed(0)})`;
  };
}

/** `count` weighings of one owner's farm, stored `base` onwards, 8 to a millisecond, over DAYS days. */
async function insertWeighings(database, { ownerId, nucleoId, count, base, interleave }) {
  const days = Array.from({ length: DAYS }, (_, index) => new Date(base - (DAYS - index) * DAY_MS).toISOString().slice(0, 10));
  await ensurePartitionsFor(database, 'pesagens', days);
  for (let start = 0; start < count; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 1000); i += 1) {
      rows.push({
        owner_id: ownerId, nucleo_id: nucleoId, lote_id: null, data: days[Math.floor((i * DAYS) / count)], hora: '08:00:00', aviario: `Aviário ${1 + (i % 4)}`,
        lado: String(1 + (i % 2)), box: '1', sexo: 'Misto', peso_dg: 15_000 + (i % 9_000), idade_lote: null, linha: '', score: null, serie_balanca: `CS-${i % 8}`,
        obs: '', importacao_id: null, created_at: base + Math.floor(i / 8) * interleave,
      });
    }
    await database.db.insertInto('pesagens').values(rows).execute();
  }
}

/** A local endpoint: checks each page's signature, counts rows and distinct idempotency keys. */
async function startReceiver() {
  const state = { secret: '', pages: 0, rows: 0, keys: new Set(), badSignatures: 0 };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const expected = `sha256=${createHmac('sha256', state.secret).update(body).digest('hex')}`;
      if (request.headers['x-portal-assinatura'] !== expected) state.badSignatures += 1;
      const key = request.headers['idempotency-key'];
      if (!state.keys.has(key)) {
        state.keys.add(key);
        state.pages += 1;
        state.rows += JSON.parse(body.toString('utf8')).itens.length;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, url: `http://127.0.0.1:${server.address().port}/receber`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** 1. Paging through the backlog with the source itself. */
async function sourceRows(label, services, ownerId) {
  const stop = sampleRss();
  const t0 = performance.now();
  let after = START;
  let read = 0;
  let nearEnd = START;
  for (;;) {
    const page = await services.weighings.changedSince(ownerId, after, INTEGRACAO_PAGINA_MAX);
    if (page.last === null) break;
    read += page.itens.length;
    if (read <= ROWS - 2 * INTEGRACAO_PAGINA_MAX) nearEnd = page.last;
    after = page.last;
  }
  const taken = performance.now() - t0;
  const memory = stop();
  if (read !== ROWS) throw new Error(`the source answered ${read} rows of ${ROWS}`);
  const pageTime = async (cursor) => {
    const times = [];
    for (let i = 0; i <= PAGE_PROBES; i += 1) {
      const t = performance.now();
      await services.weighings.changedSince(ownerId, cursor, INTEGRACAO_PAGINA_MAX);
      if (i > 0) times.push(performance.now() - t);
    }
    return median(times);
  };
  const [first, last] = [await pageTime(START), await pageTime(nearEnd)];
  return {
    rows: [
      [label, `weighings.changedSince, ${ROWS.toLocaleString('en')} rows in pages of ${INTEGRACAO_PAGINA_MAX} (${rate(ROWS, taken)})`, seconds(READ_LIMIT_S * 1000), seconds(taken), (taken / (READ_LIMIT_S * 1000)).toFixed(2), '≤ 1'],
      [label, 'one page near the end of the backlog', `one page at its start: ${ms(first)}`, ms(last), (last / first).toFixed(2), '≤ 2'],
    ],
    memory: [label, 'sources, whole backlog', memory],
  };
}

/** 2. The same backlog exported for real: configuration, "Enviar agora", the log polled until the run ends. */
async function exportRows(label, account, receiver) {
  const config = await account.post('register_config_integracao', { nome: 'Bench ERP', sistema: 'ERP', endpoint: receiver.url, agenda: 'manual', dados: ['pesagens'] });
  if (!config.segredo) throw new Error('register_config_integracao answered no secret');
  receiver.state.secret = config.segredo;
  const stop = sampleRss();
  const t0 = performance.now();
  const run = await account.post('enviarintegracao', { idindice: config.id, tipo: 'integracao' });
  let envio = run;
  while (envio.estado === 'pendente' || envio.estado === 'executando') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    envio = (await account.get(`getintegracaoenvios?id=${config.id}&tipo=integracao`)).envios.find((row) => row.id === run.id);
  }
  const taken = performance.now() - t0;
  const memory = stop();
  const { state } = receiver;
  if (envio.estado !== 'sucesso' || state.rows !== ROWS || state.badSignatures > 0) {
    throw new Error(`export ended ${envio.estado} (${envio.erro ?? ''} ${envio.erro_detalhe ?? ''}): ${state.rows} rows received, ${state.badSignatures} bad signatures`);
  }
  return {
    rows: [[label, `export through HTTP: ${ROWS.toLocaleString('en')} rows, ${state.pages} signed POSTs to a local receiver (${rate(ROWS, taken)})`, seconds(EXPORT_LIMIT_S * 1000), seconds(taken), (taken / (EXPORT_LIMIT_S * 1000)).toFixed(2), '≤ 1']],
    memory: [label, 'export run, whole backlog', memory],
  };
}

async function bench(label, databaseUrl, dir) {
  let exposed;
  const portal = await startPortal(databaseUrl, dir, { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' }, { expose: (parts) => (exposed = parts) });
  const receiver = await startReceiver();
  try {
    const now = Date.now();
    const account = await benchAccountWithStandard(portal.base, `bench-integrations-${now}@example.test`);
    const other = await benchAccountWithStandard(portal.base, `bench-integrations-other-${now}@example.test`);
    const farm = await account.post('registernucleo', { nome: 'Granja Export', aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4 }] });
    const otherFarm = await other.post('registernucleo', { nome: 'Granja Vizinha', aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4 }] });
    const t0 = performance.now();
    const base = now - 10 * DAY_MS;
    await insertWeighings(portal.database, { ownerId: farm.prop, nucleoId: farm.id, count: ROWS, base, interleave: 2 });
    await insertWeighings(portal.database, { ownerId: otherFarm.prop, nucleoId: otherFarm.id, count: OTHER_ROWS, base: base + 1, interleave: 8 });
    // As autovacuum does after a load (report.bench.mjs too): fresh partitions without statistics
    // look empty to the planner, which then sorts a whole month instead of walking the index.
    if (portal.database.dialect === 'postgres') await sql`analyze pesagens`.execute(portal.database.db);
    console.error(`${label}: ${(ROWS + OTHER_ROWS).toLocaleString('en')} weighings stored in ${seconds(performance.now() - t0)}`);
    const sources = await sourceRows(label, exposed.services, farm.prop);
    const results = [...sources.rows];
    const memory = [sources.memory];
    try {
      const exported = await exportRows(label, account, receiver);
      results.push(...exported.rows);
      memory.push(exported.memory);
    } catch (error) {
      results.push([label, `export through HTTP: not measured (${error.message}${error.cause ? `: ${error.cause.message ?? error.cause}` : ''})`, '', '', '', '']);
    }
    for (const row of results) console.error(row.join(' | '));
    return results.map((row) => ({ row, memory }));
  } finally {
    await receiver.close();
    await portal.close();
  }
}

const only = process.env.BENCH_INTEGRATIONS_ONLY;
const loadBefore = loadavg()[0].toFixed(2);
const measured = await onEachDatabase('integrations', only, bench);
console.log(machineLine(`${ROWS.toLocaleString('en')} weighings of the exporting owner, ${OTHER_ROWS.toLocaleString('en')} of another`, `load average ${loadBefore} before, ${loadavg()[0].toFixed(2)} after`));
printTable(['database', 'work', 'limit', 'time', 'ratio', 'target'], measured.map(({ row }) => row));
console.log('');
const memoryRows = [...new Map(measured.flatMap(({ memory }) => memory).map((row) => [row.join('|'), row])).values()];
printTable(['database', 'what', 'process RSS MiB, start → peak'], memoryRows);
