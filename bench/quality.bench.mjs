// Weighing quality and sex split (issue 20) over HTTP, each against a limit measured in the same run:
// - avespesos over the last 30 days of a 42-day flock (4 houses × 2 scales, 150–350 weighings a
//   scale-day, ~2,000 a day; 2.5 % doubles, 2 % partial birds, CV 9 %) with the flock's quality
//   filter on, and with the filter off but a `janela` asked (the report recomputed under another
//   window). Limit: the same report with the filter off. Target: ≤ 1.5 × (the report reads every
//   weighing anyway; the filter adds the day aggregates, the set-aside weighings read raw, one
//   statement a weighing day, and a window compared per weighing).
// - getqualidade of the whole flock, getpesagensdescartadas of its last day (which judges every day
//   before it) and getdesempenho with the filter on. Limit: getdesempenho of the same flock with the
//   filter off (what the flock page costs without it). Target: ≤ 2 ×.
// - a light call (getnucleo) while getpesagensdescartadas runs (on the report workers; the same judging
//   runs on the request thread for the alarm job's flock rules) against the same call idle: p95 over
//   p95. Target: ≤ 3 × (as the alarm job's).
// - getseparacaosexo of a house-day of 10,000 mixed birds (50/50, males 9 % above the standard and
//   females 9 % below, CV 10 %), the ratio held by sexed standards of the breed, and free (no sexed
//   standards). Limit: avespesos of the same house-day (the report whose box offers the split).
//   Target: ≤ 2 ×. Memory: the process's RSS (portal, its report worker and this client) sampled every
//   10 ms, from start to peak over the rounds of each. The EM alone (separarSexos in this thread on
//   the same kind of weights) is timed apart, to tell the fit from the read.
// Records go through the API; weighings straight into pesagens and their daily aggregates rebuilt with
// the portal's own statement (pesagensDiaRepository.rebuildOwner), as the other benches do.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ensurePartitionsFor } from '../packages/server/dist/db/dialect.js';
import { normalDraw, seededRandom } from '../packages/server/dist/demo/weighings.js';
import { pesagensDiaRepository } from '../packages/server/dist/modules/weighings/pesagens-dia.repository.js';
import { QUALIDADE_PADRAO, separarSexos } from '../packages/shared/dist/index.js';
import { benchAccountWithStandard, machineLine, onEachDatabase, printTable, quantileOf, rssMiB, startPortal } from './lib.mjs';

const HOUSES = 4;
const SCALES_PER_HOUSE = 2;
const AGE_DAYS = 42;
const REPORT_DAYS = 30;
const DOUBLES = 0.025;
const PARTIALS = 0.02;
const SPLIT_BIRDS = Number(process.env.BENCH_QUALITY_SPLIT_BIRDS ?? 10_000);
const ROUNDS = 5;
const PROBES = 200;
const AUDITS = 30;
const JANELA = { abaixo_pct: 20, acima_pct: 10 };
const DAY_MS = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const TODAY = dayOf(Date.now() - 3 * 3_600_000);
const plusDays = (day, n) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => quantileOf([...values].sort((a, b) => a - b), 0.95);
const time = async (work) => {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
};
const timeSync = (work) => {
  const t0 = performance.now();
  work();
  return performance.now() - t0;
};
const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** This process's RSS (the portal, its report worker and this client) every 10 ms until the returned function is called: first and peak (MiB). */
function sampleRssFinely() {
  const samples = [rssMiB(process.pid)];
  const timer = setInterval(() => samples.push(rssMiB(process.pid)), 10);
  return () => {
    clearInterval(timer);
    samples.push(rssMiB(process.pid));
    return { start: samples[0], peak: Math.max(...samples) };
  };
}

/** The standard's weight (g) at an age, straight line between its points. */
function standardAt(pontos, idade) {
  const sorted = [...pontos].sort((a, b) => a.idade - b.idade);
  const after = sorted.findIndex((ponto) => ponto.idade >= idade);
  if (after <= 0) return (sorted[Math.max(after, 0)] ?? sorted.at(-1)).peso;
  const [a, b] = [sorted[after - 1], sorted[after]];
  return a.peso + ((b.peso - a.peso) * (idade - a.idade)) / (b.idade - a.idade);
}

const clock = (index) => `${String(6 + Math.floor(index / 180)).padStart(2, '0')}:${String(Math.floor(index / 3) % 60).padStart(2, '0')}:${String((index % 3) * 20).padStart(2, '0')}`;

/** The flock's 42 days of weighings: each scale-day 150–350 birds around 3 % above the standard, with doubles and partial birds. */
function flockWeighings(place, pontos, now) {
  const random = seededRandom(20);
  const rows = [];
  for (let idade = 1; idade <= AGE_DAYS; idade += 1) {
    const data = plusDays(place.placed, idade);
    const mean = standardAt(pontos, idade) * 1.03;
    const bird = () => mean * (1 + 0.09 * normalDraw(random));
    for (let h = 0; h < HOUSES; h += 1) {
      for (let s = 0; s < SCALES_PER_HOUSE; s += 1) {
        const count = 150 + ((idade * 37 + h * 53 + s * 71) % 201);
        for (let i = 0; i < count; i += 1) {
          const draw = random();
          const peso = draw < DOUBLES ? bird() + bird() : draw < DOUBLES + PARTIALS ? bird() * (0.25 + 0.4 * random()) : bird();
          rows.push({
            owner_id: place.ownerId, nucleo_id: place.nucleoId, lote_id: place.loteId, data, hora: clock(i), aviario: `Aviário ${h + 1}`, lado: String(s + 1), box: '1', sexo: 'Misto',
            peso_dg: Math.max(1, Math.round(peso * 10)), idade_lote: idade, linha: '', score: null, serie_balanca: `CS-${h + 1}-${s + 1}`, obs: '', importacao_id: null, created_at: now,
          });
        }
      }
    }
  }
  return rows;
}

/** A house-day of mixed birds ('X'), 50/50, over 2 sides × 4 boxes and 2 scales. */
function mixedHouseDay(place, data, idade, pontos, seed, now) {
  const random = seededRandom(seed);
  const padrao = standardAt(pontos, idade);
  return Array.from({ length: SPLIT_BIRDS }, (_, i) => {
    const [media, cv] = random() < 0.5 ? [padrao * 1.09, 0.1] : [padrao * 0.91, 0.1];
    const box = i % 8;
    return {
      owner_id: place.ownerId, nucleo_id: place.nucleoId, lote_id: place.loteId, data, hora: clock(i % 2_000), aviario: 'Aviário 1', lado: String(1 + (box >> 2)), box: String(1 + (box % 4)), sexo: 'X',
      peso_dg: Math.round(media * (1 + cv * normalDraw(random)) * 10), idade_lote: idade, linha: '', score: null, serie_balanca: `SX-${1 + (box >> 2)}`, obs: '', importacao_id: null, created_at: now,
    };
  });
}

async function insertWeighings(database, rows) {
  await ensurePartitionsFor(database, 'pesagens', [...new Set(rows.map((row) => row.data))]);
  for (let start = 0; start < rows.length; start += 1000) await database.db.insertInto('pesagens').values(rows.slice(start, start + 1000)).execute();
}

/** The account's farm, the 42-day flock with daily records, and two flocks with a mixed house-day (sexed standards of one's breed, none of the other's). */
async function seed(account, database, now) {
  const { post, padrao } = account;
  const farm = await post('registernucleo', { nome: 'Granja Qualidade', aviarios: Array.from({ length: HOUSES }, (_, h) => ({ nome: `Aviário ${h + 1}`, lados: 2, boxes: 4 })) });
  const ownerId = farm.prop;
  const houses = farm.aviarios.map((house) => house.id);
  const placed = plusDays(TODAY, -AGE_DAYS);
  const flock = await post('registerlote', { codigo: 'QUALIDADE', nucleo_id: farm.id, aviarios: houses, data_alojamento: placed, aves_misto: 80_000, padrao_id: padrao.id, linhagem: 'Ross 308' });
  for (let idade = 1; idade <= AGE_DAYS; idade += 1) {
    for (const [index, house] of houses.entries()) {
      await post('registerdiario', { lote_id: flock.id, aviario_id: house, data: plusDays(placed, idade), mortalidade: [{ causa: 'outras', aves: 20 + ((idade * 7 + index) % 15) }], eliminados: idade % 4 });
    }
  }
  const rows = flockWeighings({ ownerId, nucleoId: farm.id, loteId: flock.id, placed }, padrao.pontos, now);

  // The sex split's flocks: 35 days old today; sexed standards (±9 % of the preset) for 'Ross 308' only.
  const splitAge = 35;
  for (const [sexo, factor] of [['macho', 1.09], ['femea', 0.91]]) {
    await post('registerpadrao', { nome: `Ross 308 ${sexo}`, linhagem: 'Ross 308', sexo, pontos: padrao.pontos.map(({ idade, peso }) => ({ idade, peso: Math.round(peso * factor * 10) / 10 })) });
  }
  const splitFarm = await post('registernucleo', { nome: 'Granja Mista', aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4 }] });
  const splits = [];
  for (const [index, linhagem] of ['Ross 308', 'Linhagem sem sexos'].entries()) {
    const lote = await post('registerlote', { codigo: `MISTO-${index + 1}`, nucleo_id: splitFarm.id, aviarios: [splitFarm.aviarios[0].id], data_alojamento: plusDays(TODAY, -splitAge), aves_misto: 25_000, linhagem });
    rows.push(...mixedHouseDay({ ownerId, nucleoId: splitFarm.id, loteId: lote.id }, TODAY, splitAge, padrao.pontos, 35 + index, now));
    splits.push({ lote, razao: index === 0 ? 'ratio held (sexed standards)' : 'ratio free' });
  }
  await insertWeighings(database, rows);
  await pesagensDiaRepository(database).rebuildOwner(ownerId, now);
  return { farm, flock, splits, weighings: rows.length, perDay: rows.filter((row) => row.lote_id === flock.id).length / AGE_DAYS };
}

/** `calls` run in turn ROUNDS times after one warm-up each: the median of each (ms). */
async function alternating(calls) {
  for (const call of calls) await call();
  const times = calls.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) for (const [index, call] of calls.entries()) times[index].push(await time(call));
  return times.map(median);
}

/** 1. The month's weight report with the filter off, on, and off with another window asked. */
async function reportRows(label, { post }, { flock }, filter) {
  const results = [];
  const month = { inicio: plusDays(TODAY, -(REPORT_DAYS - 1)), fim: TODAY, lote_id: flock.id };
  await filter(false);
  const off = await post('avespesos', month);
  await filter(true);
  const on = await post('avespesos', month);
  await filter(false);
  const other = await post('avespesos', { ...month, janela: JANELA });
  if (off.qualidade !== null || on.qualidade === null || on.qualidade.dupla === 0 || on.qualidade.parcial === 0 || other.grupos[0].janela === null) throw new Error('avespesos did not judge as configured');
  const read = off.total.totalAves;
  if (on.qualidade.aceitas !== on.total.totalAves || on.qualidade.aceitas + on.qualidade.parcial + on.qualidade.dupla + on.qualidade.acima !== read) throw new Error('avespesos counts do not add up');
  const [offMs, onMs, otherMs] = await alternating([
    async () => (await filter(false), undefined),
    () => post('avespesos', month),
    async () => (await filter(true), undefined),
    () => post('avespesos', month),
    async () => (await filter(false), undefined),
    () => post('avespesos', { ...month, janela: JANELA }),
  ]).then((times) => [times[1], times[3], times[5]]);
  const flagged = (q) => `${(((q.parcial + q.dupla + q.acima) / read) * 100).toFixed(1)} % set aside`;
  results.push([label, `avespesos, ${REPORT_DAYS} days, ${read.toLocaleString('en')} weighings, filter on (${flagged(on.qualidade)})`, 'the same, filter off', ms(offMs), ms(onMs), (onMs / offMs).toFixed(2), '≤ 1.5']);
  results.push([label, `the same, filter off, janela −${JANELA.abaixo_pct} %/+${JANELA.acima_pct} % (${flagged(other.qualidade)})`, 'the same, filter off', ms(offMs), ms(otherMs), (otherMs / offMs).toFixed(2), '≤ 1.5']);
  return results;
}

/** 2. The audit calls and the flock page against the flock page without the filter; a light call while audits run. */
async function auditRows(label, { get }, { farm, flock, perDay }, filter) {
  const results = [];
  const lastDay = TODAY;
  const audit = await get(`getqualidade?lote_id=${flock.id}&df=${lastDay}`);
  const descartadas = await get(`getpesagensdescartadas?lote_id=${flock.id}&data=${lastDay}`);
  if (audit.dias.length !== AGE_DAYS || descartadas.total === 0) throw new Error('the audit calls answered less than the flock holds');
  const [desempenhoOff, desempenhoOn, qualidadeMs, descartadasMs] = await alternating([
    async () => (await filter(false), undefined),
    () => get(`getdesempenho?lote_id=${flock.id}`),
    async () => (await filter(true), undefined),
    () => get(`getdesempenho?lote_id=${flock.id}`),
    () => get(`getqualidade?lote_id=${flock.id}&df=${lastDay}`),
    () => get(`getpesagensdescartadas?lote_id=${flock.id}&data=${lastDay}`),
  ]).then((times) => [times[1], times[3], times[4], times[5]]);
  const limit = 'getdesempenho, filter off';
  results.push([label, `getdesempenho, ${AGE_DAYS} days, filter on`, limit, ms(desempenhoOff), ms(desempenhoOn), (desempenhoOn / desempenhoOff).toFixed(2), '≤ 2']);
  results.push([label, `getqualidade, ${AGE_DAYS} days (${Math.round(perDay).toLocaleString('en')} weighings a day)`, limit, ms(desempenhoOff), ms(qualidadeMs), (qualidadeMs / desempenhoOff).toFixed(2), '≤ 2']);
  results.push([label, `getpesagensdescartadas, day ${AGE_DAYS} (${descartadas.total} set aside)`, limit, ms(desempenhoOff), ms(descartadasMs), (descartadasMs / desempenhoOff).toFixed(2), '≤ 2']);

  // A light call idle, then while the audit of a day runs again and again.
  const probeOnce = () => time(() => get(`getnucleo?id=${farm.id}`));
  const idle = [];
  for (let i = 0; i < PROBES; i += 1) idle.push(await probeOnce());
  const during = [];
  let done = false;
  const audits = (async () => {
    for (let i = 0; i < AUDITS; i += 1) await get(`getpesagensdescartadas?lote_id=${flock.id}&data=${lastDay}`);
  })().finally(() => (done = true));
  while (!done) during.push(await probeOnce());
  await audits;
  results.push([label, `getnucleo p95 during ${AUDITS} getpesagensdescartadas (${during.length} calls)`, `getnucleo p95 idle (${PROBES} calls)`, ms(p95(idle)), ms(p95(during)), (p95(during) / p95(idle)).toFixed(2), '≤ 3']);
  return results;
}

/** 3. The sex split of a house-day against the weight report of the same birds (memory into `memory`). */
async function splitRows(label, { get, post }, { splits }) {
  const results = [];
  for (const { lote, razao } of splits) {
    const scope = `lote_id=${lote.id}&data=${TODAY}&aviario=${encodeURIComponent('Aviário 1')}`;
    const report = { inicio: TODAY, fim: TODAY, lote_id: lote.id, aviario: 'Aviário 1' };
    const answer = await get(`getseparacaosexo?${scope}`);
    if (answer.aves !== SPLIT_BIRDS) throw new Error(`getseparacaosexo read ${answer.aves} birds`);
    await post('avespesos', report);
    const rounds = async (call) => {
      const stop = sampleRssFinely();
      const times = [];
      for (let round = 0; round < 2 * ROUNDS; round += 1) times.push(await time(call));
      return { ms: median(times), rss: stop() };
    };
    const reportRun = await rounds(() => post('avespesos', report));
    const splitRun = await rounds(() => get(`getseparacaosexo?${scope}`));
    const found = answer.sexos.length === 0 ? answer.situacao : `${answer.situacao}: ${answer.sexos.map((sexo) => `${sexo.sexo} ${sexo.proporcao_pct} %, ${sexo.peso_medio_g} g`).join('; ')}`;
    results.push([label, `getseparacaosexo, house-day of ${SPLIT_BIRDS.toLocaleString('en')} mixed birds, ${razao} (${found})`, 'avespesos of the same house-day', ms(reportRun.ms), ms(splitRun.ms), (splitRun.ms / reportRun.ms).toFixed(2), '≤ 2']);
    const mib = ({ start, peak }) => `${start.toFixed(0)} → ${peak.toFixed(0)} (+${(peak - start).toFixed(0)})`;
    memory.push([label, razao, mib(reportRun.rss), mib(splitRun.rss)]);
  }
  return results;
}

async function bench(label, databaseUrl, dir) {
  const portal = await startPortal(databaseUrl, dir);
  try {
    const now = Date.now();
    const t0 = performance.now();
    const account = await benchAccountWithStandard(portal.base, `bench-quality-${now}@example.test`);
    const data = await seed(account, portal.database, now);
    console.error(`${label}: ${data.weighings.toLocaleString('en')} weighings stored in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const filter = (ativo) => account.post('setqualidadeconfig', { lote_id: data.flock.id, ...QUALIDADE_PADRAO, ativo });
    const results = [...(await reportRows(label, account, data, filter)), ...(await auditRows(label, account, data, filter)), ...(await splitRows(label, account, data))];
    for (const row of results) console.error(row.join(' | '));
    return results;
  } finally {
    await portal.close();
  }
}

/** separarSexos alone, in this thread, on a house-day's weights drawn as the bench draws them: median of 20 after a warm-up (ms). */
function emAlone(pontos, razao) {
  const random = seededRandom(35);
  const padrao = standardAt(pontos, 35);
  const pesos = Float64Array.from({ length: SPLIT_BIRDS }, () => Math.round((random() < 0.5 ? padrao * 1.09 : padrao * 0.91) * (1 + 0.1 * normalDraw(random)) * 10) / 10);
  const entrada = { pesos_g: pesos, razao_esperada: razao, macho_alojado: null };
  separarSexos(entrada);
  const times = [];
  for (let i = 0; i < 20; i += 1) times.push(timeSync(() => separarSexos(entrada)));
  return median(times);
}

/** A preset standard's points (the first preset, the one benchAccountWithStandard registers). */
function presetPoints(file) {
  const rows = readFileSync(new URL(`../packages/server/src/modules/standards/presets/${file}`, import.meta.url), 'utf8').trim().split('\n').slice(1);
  return rows.map((row) => row.split(',')).map(([idade, peso]) => ({ idade: Number(idade), peso: Number(peso) }));
}

const only = process.env.BENCH_QUALITY_ONLY;
const loadBefore = loadavg()[0].toFixed(2);
const memory = [];
const measured = await onEachDatabase('quality', only, bench);
const pontos = presetPoints('ross308-2019-as-hatched.csv');
const em = [['ratio held (sexed standards)', standardAt(pontos, 35) * 1.09 / (standardAt(pontos, 35) * 0.91)], ['ratio free', null]].map(([razao, value]) => [razao, ms(emAlone(pontos, value))]);
console.log(machineLine(`a ${AGE_DAYS}-day flock, ${HOUSES} houses × ${SCALES_PER_HOUSE} scales`, `load average ${loadBefore} before, ${loadavg()[0].toFixed(2)} after`));
printTable(['database', 'work', 'limit', 'limit time', 'time', 'ratio', 'target'], measured);
console.log('');
printTable(['database', 'sex split', `process RSS MiB over ${2 * ROUNDS} avespesos of the house-day`, `over ${2 * ROUNDS} getseparacaosexo`], memory);
console.log('');
printTable([`separarSexos alone on ${SPLIT_BIRDS.toLocaleString('en')} birds (this thread)`, 'median of 20'], em);
