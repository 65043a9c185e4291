// The growth forecast (issue 20): its published accuracy by backtest, and the time of one forecast
// against a limit measured in the same run. Pure arithmetic: no portal, no database.
// - Backtest: for each flock, for each age d from 14 to 35 whose day d + 7 was weighed, the forecast
//   from the weighing days up to d (preverCrescimento, as getprevisao calls it) against day d + 7's
//   observed mean: RMSE (g and %), bias, and how often the observed mean fell inside P10–P90.
//   Flocks: generated ones (their own A, B and k around their standard's, day-to-day scatter that
//   persists a few days, 100–300 birds a day at CV 8–12 %, missing days) and the demo's flocks
//   (the demo generator flockWeighings with the demo's plans, reseeded). Each with and without the
//   standard; one stress row has flocks shaped as a pure Gompertz anchored on the breed table.
// - Time: one forecast of a generated flock's days 7–35 with its standard (fit, 200 bootstrap refits,
//   a 57-day curve). Limit: as many plain weighted least-squares Gompertz fits of the same days as the
//   forecast makes (1 + 200), each from a cold start (grid start + Levenberg–Marquardt, no prior):
//   what any bootstrap by refitting costs. Target: ≤ 1 × and ≤ 50 ms.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { preverCrescimento, PREVISAO_REAMOSTRAS } from '../packages/shared/dist/index.js';
import { standardAnchor } from '../packages/shared/dist/forecast/anchor.js';
import { fitGompertz, lnGompertz, startFromData } from '../packages/shared/dist/forecast/gompertz.js';
import { flockWeighings, normalDraw, seededRandom } from '../packages/server/dist/demo/weighings.js';
import { machineLine, printTable } from './lib.mjs';

const FLOCKS = Number(process.env.BENCH_FORECAST_FLOCKS ?? 120);
const DEMO_SEEDS = Number(process.env.BENCH_FORECAST_DEMO_SEEDS ?? 15);
const AHEAD = 7;
const TIMING_ROUNDS = 60;
const BUDGET_MS = 50;

/** A preset standard's points (the demo registers the same presets). */
function presetPoints(file) {
  const rows = readFileSync(new URL(`../packages/server/src/modules/standards/presets/${file}`, import.meta.url), 'utf8').trim().split('\n').slice(1);
  return rows.map((row) => row.split(',')).map(([idade, peso]) => ({ idade: Number(idade), peso: Number(peso) }));
}
const STANDARDS = [presetPoints('ross308-2019-as-hatched.csv'), presetPoints('cobb500-2018-as-hatched.csv')];

/** A flock with its own curve around its standard's, weighed on some days: [{ idade, peso_g, aves }]. */
function generatedFlock(seed, shape) {
  const random = seededRandom(seed);
  const uniform = (low, high) => low + (high - low) * random();
  const padrao = STANDARDS[seed % 2];
  const anchor = standardAnchor(padrao);
  const [a, b, c] = anchor.prior.mu;
  const theta = [a + Math.log(uniform(0.85, 1.15)), b + Math.log(uniform(0.95, 1.05)), c + Math.log(uniform(0.9, 1.1))];
  const truth = (t) => Math.exp(lnGompertz(theta, t) + (shape === 'tabela' ? anchor.offset(t) : 0));
  const scatter = uniform(0, 0.03);
  const cv = uniform(0.08, 0.12);
  const weighedShare = uniform(0.35, 1);
  const dias = [];
  let deviation = 0;
  for (let idade = 1; idade <= 49; idade++) {
    deviation = 0.7 * deviation + Math.sqrt(1 - 0.49) * scatter * normalDraw(random);
    const aves = Math.floor(uniform(100, 301));
    const weighed = random() < weighedShare;
    const mean = truth(idade) * Math.exp(deviation) * (1 + (cv / Math.sqrt(aves)) * normalDraw(random));
    if (weighed) dias.push({ idade, peso_g: mean, aves });
  }
  const unperturbed = Array.from({ length: 57 }, (_, idade) => ({ idade, peso: Math.exp(lnGompertz(anchor.prior.mu, idade)) }));
  return { dias, padrao, gompertzPadrao: unperturbed };
}

/** The demo's flock plans (demo/weighing-files.ts), on the given standard, reseeded. */
function demoFlocks(seeds) {
  const plans = [
    { lote: 'Lote 101', fatores: [1, 0.95], idades: [3, 7, 10, 14, 17, 21, 24, 28, 31, 35].map((idade) => ({ idade })) },
    { lote: 'Lote 102', fatores: [1, 1, 1], idades: [7, 14, 18, 21].map((idade) => (idade === 18 ? { idade, fator: 0.9 } : { idade })) },
    { lote: 'Lote 095', fatores: [1], idades: [7, 14, 21, 28, 35, 42].map((idade) => ({ idade })) },
    { lote: 'weighed daily', fatores: [1, 0.97], idades: Array.from({ length: 43 }, (_, index) => ({ idade: index + 7 })) },
  ];
  const flocks = [];
  for (let seed = 0; seed < seeds; seed++) {
    for (const [index, plan] of plans.entries()) {
      const padrao = STANDARDS[(seed + index) % 2];
      const rows = flockWeighings(
        {
          lote: plan.lote, nucleo: 'Granja', alojamento: '2026-01-01', linha: 'Ross 308', pontos: padrao,
          aviarios: plan.fatores.map((fator, house) => ({ nome: `Aviário ${house + 1}`, fator })),
          idades: plan.idades, serie_balanca: 'DEMO', lados: 2, boxes: 3, aves: 10,
        },
        1000 * seed + index,
      );
      const byAge = new Map();
      for (const row of rows) {
        const day = byAge.get(row.idade_lote) ?? { soma: 0, aves: 0 };
        day.soma += row.peso;
        day.aves += 1;
        byAge.set(row.idade_lote, day);
      }
      flocks.push({ dias: [...byAge].map(([idade, day]) => ({ idade, peso_g: day.soma / day.aves, aves: day.aves })), padrao });
    }
  }
  return flocks;
}

/** Every forecast d → d + 7 of the flocks, against the observed mean of d + 7. */
function backtest(flocks, standardOf) {
  const found = { made: 0, trusted: 0, errors: [], shares: [], covered: 0, widths: [] };
  for (const [index, flock] of flocks.entries()) {
    for (let d = 14; d <= 35; d++) {
      const observed = flock.dias.find((dia) => dia.idade === d + AHEAD);
      if (!observed) continue;
      found.made++;
      const answer = preverCrescimento({
        dias: flock.dias.filter((dia) => dia.idade <= d), padrao: standardOf(flock), idade_consulta: d + AHEAD, alvo_g: 2500, horizonte_idade: d + AHEAD, seed: index * 100 + d,
      });
      if (!answer.peso_na_idade) continue;
      const { p10, p50, p90 } = answer.peso_na_idade;
      found.trusted++;
      found.errors.push(p50 - observed.peso_g);
      found.shares.push((p50 - observed.peso_g) / observed.peso_g);
      if (p10 <= observed.peso_g && observed.peso_g <= p90) found.covered++;
      found.widths.push((p90 - p10) / p50);
    }
  }
  return found;
}

const rms = (values) => Math.sqrt(values.reduce((sum, value) => sum + value * value, 0) / values.length);
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function accuracyRow(label, found) {
  if (found.trusted === 0) return [label, found.made, '0 %', '–', '–', '–', '–', '–'];
  return [
    label, found.made, `${((100 * found.trusted) / found.made).toFixed(0)} %`, rms(found.errors).toFixed(0), (100 * rms(found.shares)).toFixed(1),
    (100 * mean(found.shares)).toFixed(1), `${((100 * found.covered) / found.trusted).toFixed(0)} %`, `${(100 * median(found.widths)).toFixed(1)} %`,
  ];
}

function timing() {
  const { dias, gompertzPadrao } = generatedFlock(7, 'gompertz');
  const days = dias.filter((dia) => dia.idade >= 7 && dia.idade <= 35);
  const input = { dias: days, padrao: gompertzPadrao, idade_consulta: 42, alvo_g: 2500, horizonte_idade: 56, seed: 1 };
  const points = { t: Float64Array.from(days, (dia) => dia.idade), z: Float64Array.from(days, (dia) => Math.log(dia.peso_g)), w: Float64Array.from(days, (dia) => dia.aves) };
  const plainFit = () => fitGompertz(points, null, startFromData(points));
  const timeOf = (work, repeat) => {
    const t0 = performance.now();
    for (let i = 0; i < repeat; i++) work();
    return (performance.now() - t0) / repeat;
  };
  const refits = PREVISAO_REAMOSTRAS + 1;
  for (let i = 0; i < 10; i++) timeOf(() => preverCrescimento(input), 1), timeOf(plainFit, refits);
  const forecasts = [];
  const fits = [];
  for (let round = 0; round < TIMING_ROUNDS; round++) {
    fits.push(timeOf(plainFit, refits) * refits);
    forecasts.push(timeOf(() => preverCrescimento(input), 1));
  }
  const limit = median(fits);
  const call = median(forecasts);
  return [`${days.length} days, standard, 57-day curve`, `${limit.toFixed(1)} ms`, `${call.toFixed(1)} ms`, (call / limit).toFixed(2), `≤ 1 and ≤ ${BUDGET_MS} ms`];
}

const loadBefore = loadavg()[0].toFixed(2);
const t0 = performance.now();
const tabela = Array.from({ length: FLOCKS }, (_, index) => generatedFlock(index + 1, 'tabela'));
const gompertz = Array.from({ length: FLOCKS }, (_, index) => generatedFlock(10_000 + index, 'gompertz'));
const demo = demoFlocks(DEMO_SEEDS);
const rows = [
  accuracyRow(`generated, breed-shaped (${FLOCKS}), with standard`, backtest(tabela, (flock) => flock.padrao)),
  accuracyRow(`generated, breed-shaped (${FLOCKS}), no standard`, backtest(tabela, () => null)),
  accuracyRow(`generated, pure Gompertz (${FLOCKS}), its Gompertz as standard`, backtest(gompertz, (flock) => flock.gompertzPadrao)),
  accuracyRow(`generated, pure Gompertz (${FLOCKS}), no standard`, backtest(gompertz, () => null)),
  accuracyRow(`stress: pure Gompertz (${FLOCKS}) anchored on the breed table`, backtest(gompertz, (flock) => flock.padrao)),
  accuracyRow(`demo flocks (${demo.length}), with standard`, backtest(demo, (flock) => flock.padrao)),
  accuracyRow(`demo flocks (${demo.length}), no standard`, backtest(demo, () => null)),
];
const seconds = ((performance.now() - t0) / 1000).toFixed(1);
const speed = timing();

console.log(machineLine(`backtest of ${FLOCKS} + ${FLOCKS} generated and ${demo.length} demo flocks in ${seconds} s`, `load average ${loadBefore} before, ${loadavg()[0].toFixed(2)} after`));
printTable(['flocks', 'forecasts d → d + 7', 'trusted', 'RMSE g', 'RMSE %', 'bias %', 'P10–P90 coverage', 'median width'], rows);
console.log('');
printTable(['one forecast', `${PREVISAO_REAMOSTRAS + 1} plain fits (limit)`, 'forecast', 'ratio', 'target'], [speed]);
