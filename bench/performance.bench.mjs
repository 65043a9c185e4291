// Flock performance calls (issue 18) over HTTP, each against its own limit measured in the same run:
// - getdesempenho of an active flock with 40 days of daily records (2 houses), weighings every day
//   (2 houses × 150 birds) and a silo's daily consumption movements. Limit: getracao of the same flock
//   over the same days, the feed read getdesempenho makes inside (silos, the flock's neighbours, the
//   weighings per day). Target: ≤ 2 × (the rest is the daily records, the weighing aggregates and the
//   arithmetic).
// - getcomparativo over ~200 flocks closed out (10 farms, a few daily records each, 6 weighing days
//   × 100 birds, close-out with feed). Limit: the same 200 flocks' getdesempenho called one after the
//   other, what a screen would do without the ranking call. Target: ≤ 1 ×.
// Records go through the API; weighings straight into pesagens and their daily aggregates rebuilt
// with the portal's own statement (pesagensDiaRepository.rebuildOwner), as the test factories do.
import { loadavg } from 'node:os';
import { ensurePartitionsFor } from '../packages/server/dist/db/dialect.js';
import { pesagensDiaRepository } from '../packages/server/dist/modules/weighings/pesagens-dia.repository.js';
import { benchAccountWithStandard, machineLine, onEachDatabase, printTable, startPortal } from './lib.mjs';

const FLOCKS = Number(process.env.BENCH_PERFORMANCE_FLOCKS ?? 200);
const FARMS = 10;
const ROUNDS = 5;
const DAY_MS = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const TODAY = dayOf(Date.now() - 3 * 3_600_000);
const plusDays = (day, n) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

const time = async (work) => {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Birds around a growing mean (g, 1 decimal), deterministic. */
function birds(ownerId, nucleoId, loteId, data, aviario, idade, count, now) {
  const mean = 42 + 1.9 * idade * idade + 20 * idade;
  return Array.from({ length: count }, (_, i) => ({
    owner_id: ownerId, nucleo_id: nucleoId, lote_id: loteId, data, hora: '08:00:00', aviario, lado: '1', box: '1', sexo: i % 2 ? 'M' : 'F',
    peso_dg: Math.round((mean * (0.85 + ((i * 7919) % 300) / 1000)) * 10), idade_lote: idade, linha: '', score: null, serie_balanca: 'BENCH', obs: '',
    importacao_id: null, created_at: now,
  }));
}

async function insertWeighings(database, rows) {
  await ensurePartitionsFor(database, 'pesagens', [...new Set(rows.map((row) => row.data))]);
  for (let start = 0; start < rows.length; start += 1000) await database.db.insertInto('pesagens').values(rows.slice(start, start + 1000)).execute();
}

async function bench(label, databaseUrl, dir) {
  const portal = await startPortal(databaseUrl, dir);
  const { base, database } = portal;
  try {
    const { post, get, padrao } = await benchAccountWithStandard(base, `bench-performance-${Date.now()}@example.test`);
    const now = Date.now();
    const t0 = performance.now();

    // The active flock: 40 days.
    const farm = await post('registernucleo', { nome: 'Granja Ativa', aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4 }, { nome: 'Aviário 2', lados: 2, boxes: 4 }] });
    const ownerId = farm.prop;
    const houses = farm.aviarios.map((house) => house.id);
    const placed = plusDays(TODAY, -40);
    const flock = await post('registerlote', { codigo: 'ATIVO', nucleo_id: farm.id, aviarios: houses, data_alojamento: placed, aves_misto: 30_000, padrao_id: padrao.id, linhagem: 'Ross 308' });
    const silo = await post('registersilo', { nome: 'Silo 1', nucleo_id: farm.id, capacidade_kg: 200_000, aviarios: houses });
    await post('registersilomov', { idsilo: silo.id, tipo: 'entrada', data: placed, quantidade_kg: 150_000 });
    const rows = [];
    for (let idade = 1; idade <= 40; idade += 1) {
      const data = plusDays(placed, idade);
      for (const [index, house] of houses.entries()) {
        await post('registerdiario', { lote_id: flock.id, aviario_id: house, data, mortalidade: [{ causa: 'outras', aves: 5 + ((idade * 7 + index) % 9) }], eliminados: idade % 3, agua_l: 40 * idade + 100 });
        rows.push(...birds(ownerId, farm.id, flock.id, data, `Aviário ${index + 1}`, idade, 150, now));
      }
      await post('registersilomov', { idsilo: silo.id, tipo: 'consumo', data, quantidade_kg: 30 * idade + 200 });
    }

    // The closed flocks, spread over farms.
    const farms = [];
    for (let f = 0; f < FARMS; f += 1) farms.push(await post('registernucleo', { nome: `Granja ${f + 1}`, aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4 }] }));
    for (let i = 0; i < FLOCKS; i += 1) {
      const home = farms[i % FARMS];
      const start = plusDays('2026-01-05', (i % 90) * 2);
      const lote = await post('registerlote', { codigo: `F-${i + 1}`, nucleo_id: home.id, aviarios: [home.aviarios[0].id], data_alojamento: start, aves_misto: 20_000, padrao_id: padrao.id, linhagem: 'Ross 308' });
      await post('registerdiario', { lote_id: lote.id, aviario_id: home.aviarios[0].id, data: plusDays(start, 3), mortalidade: [{ causa: 'outras', aves: 150 + (i * 37) % 400 }], eliminados: 50 });
      for (const idade of [7, 14, 21, 28, 35, 41]) rows.push(...birds(ownerId, home.id, lote.id, plusDays(start, idade), 'Aviário 1', idade, 100, now));
      const aves = 19_500 - ((i * 37) % 400);
      const kg = Math.round(aves * (2.6 + ((i * 13) % 40) / 100));
      await post('registerfechamento', { lote_id: lote.id, data: plusDays(start, 42), aves_entregues: aves, kg_entregues: kg, racao_kg: Math.round(kg * (1.55 + ((i * 17) % 30) / 100)) });
    }
    await insertWeighings(database, rows);
    await pesagensDiaRepository(database).rebuildOwner(ownerId, now);
    console.error(`${label}: data stored in ${((performance.now() - t0) / 1000).toFixed(1)} s (${rows.length.toLocaleString('en')} weighings)`);

    const di = placed;
    const results = [];
    // getdesempenho against getracao of the same flock and days.
    const sample = await get(`getdesempenho?lote_id=${flock.id}`);
    if (sample.dias.length !== 41 || sample.geral.iep === null) throw new Error('getdesempenho incomplete');
    await get(`getracao?id=${flock.id}&di=${di}&df=${TODAY}`);
    const limits = [];
    const calls = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      limits.push(await time(() => get(`getracao?id=${flock.id}&di=${di}&df=${TODAY}`)));
      calls.push(await time(() => get(`getdesempenho?lote_id=${flock.id}`)));
    }
    results.push([label, 'getdesempenho, 40 days, 2 houses', 'getracao, same flock', `${(median(limits) * 1000).toFixed(0)} ms`, `${(median(calls) * 1000).toFixed(0)} ms`, (median(calls) / median(limits)).toFixed(2), '≤ 2', `${(JSON.stringify(sample).length / 1024).toFixed(0)} KiB`]);

    // getcomparativo against the same flocks' getdesempenho one by one.
    const query = `getcomparativo?di=2026-01-01&df=2026-12-31`;
    const ranking = await get(query);
    if (ranking.linhas.length !== FLOCKS || ranking.linhas[0].quartil !== 1) throw new Error('getcomparativo incomplete');
    const ids = (await get('getlote')).filter((lote) => lote.codigo.startsWith('F-')).map((lote) => lote.id);
    const oneByOne = await time(async () => {
      for (const id of ids) await get(`getdesempenho?lote_id=${id}`);
    });
    const rankings = [];
    for (let round = 0; round < 3; round += 1) rankings.push(await time(() => get(query)));
    results.push([label, `getcomparativo, ${FLOCKS} closed flocks`, `${FLOCKS} × getdesempenho`, `${(oneByOne * 1000).toFixed(0)} ms`, `${(median(rankings) * 1000).toFixed(0)} ms`, (median(rankings) / oneByOne).toFixed(2), '≤ 1', `${(JSON.stringify(ranking).length / 1024).toFixed(0)} KiB`]);
    for (const row of results) console.error(row.join(' | '));
    return results;
  } finally {
    await portal.close();
  }
}

const only = process.env.BENCH_PERFORMANCE_ONLY;
const loadBefore = loadavg()[0].toFixed(2);
const results = await onEachDatabase('performance', only, bench);

console.log(machineLine(`an active flock of 40 days and ${FLOCKS} closed flocks`, `load average ${loadBefore} before, ${loadavg()[0].toFixed(2)} after`));
printTable(['database', 'call', 'limit', 'limit time', 'call over HTTP', 'ratio', 'target', 'answer'], results);
