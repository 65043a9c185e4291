import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PREVISAO_DIAS_MINIMOS_COM_PADRAO,
  PREVISAO_DIAS_MINIMOS_SEM_PADRAO,
  PREVISAO_IDADE_MINIMA,
  PREVISAO_IDADE_MINIMA_SEM_PADRAO,
  PREVISAO_LARGURA_MAX,
  PREVISAO_RMSE_PCT_MAX,
  preverCrescimento,
  type DiaPesado,
  type PrevisaoCalculo,
  type PrevisaoEntrada,
} from './index.js';
import { mulberry32, standardNormal } from './random.js';

/** Ross 308 (2019, as hatched) body weights, days 0–58 (packages/server/src/modules/standards/presets). */
const ROSS_308 = [
  43, 61, 79, 99, 122, 148, 176, 208, 242, 280, 321, 366, 414, 465, 519, 576, 637, 701, 768, 837, 910, 985, 1062, 1142, 1225, 1309, 1395, 1483, 1573,
  1664, 1757, 1851, 1946, 2041, 2138, 2235, 2332, 2430, 2527, 2625, 2723, 2821, 2918, 3015, 3112, 3207, 3303, 3397, 3491, 3583, 3675, 3766, 3856, 3944,
  4032, 4118, 4203, 4286, 4369,
].map((peso, idade) => ({ idade, peso }));
const rossAt = (idade: number) => ROSS_308[idade]!.peso;

/** The Gompertz of that table from day 7 (what the forecast fits to it): A g, B, k per day. */
const ROSS_GOMPERTZ = { A: 6643.2, B: 4.5659, k: 0.041177 };
const gompertz = (curve: { A: number; B: number; k: number }, t: number) => curve.A * Math.exp(-curve.B * Math.exp(-curve.k * t));

/** A flock growing on a Gompertz, weighed daily on `ages`: 100–300 birds a day at CV 8–12 %. */
function weighedFlock(seed: number, ages: number[]) {
  const random = mulberry32(seed);
  const truth = { A: ROSS_GOMPERTZ.A * (0.9 + 0.2 * random()), B: ROSS_GOMPERTZ.B, k: ROSS_GOMPERTZ.k * (0.9 + 0.2 * random()) };
  const cv = 0.08 + 0.04 * random();
  const dias: DiaPesado[] = ages.map((idade) => {
    const aves = 100 + Math.floor(201 * random());
    return { idade, aves, peso_g: gompertz(truth, idade) * (1 + (cv / Math.sqrt(aves)) * standardNormal(random)) };
  });
  return { truth, dias };
}

const DAYS_7_TO_35 = Array.from({ length: 29 }, (_, index) => 7 + index);
const GOMPERTZ_STANDARD = Array.from({ length: 57 }, (_, idade) => ({ idade, peso: Math.round(gompertz(ROSS_GOMPERTZ, idade)) }));
const ALVO_G = 2500;

const ask = (dias: DiaPesado[], padrao: PrevisaoEntrada['padrao'], extra: Partial<PrevisaoEntrada> = {}): PrevisaoCalculo =>
  preverCrescimento({ dias, padrao, idade_consulta: 42, alvo_g: ALVO_G, horizonte_idade: 56, seed: 1, ...extra });

/** The first whole age a curve reaches the target. */
const dayReaching = (curve: (t: number) => number, alvo: number) => {
  let idade = 0;
  while (curve(idade) < alvo) idade++;
  return idade;
};

describe.each([
  // These seeds: 100 of 100 within 2 %, RMS 0.6 %.
  { label: 'anchored on the unperturbed curve', padrao: GOMPERTZ_STANDARD, within2PctAtLeast: 100, rmsBelow: 0.01 },
  // Without a standard only days 14–35 are fitted (PREVISAO_IDADE_MINIMA_SEM_PADRAO): a 7-day
  // extrapolation then misses by ~1 % RMS, so a run past 2 % happens (these seeds: 95 of 100).
  { label: 'without a standard', padrao: null, within2PctAtLeast: 90, rmsBelow: 0.0125 },
])('a known Gompertz ±10 % in A and k, fitted on days 7–35, 100 seeded runs ($label)', ({ padrao, within2PctAtLeast, rmsBelow }) => {
  const runs = Array.from({ length: 100 }, (_, run) => {
    const { truth, dias } = weighedFlock(1000 + run, DAYS_7_TO_35);
    return { truth, answer: ask(dias, padrao, { seed: run }) };
  });

  it('gives a trusted forecast every time', () => {
    expect(runs.filter((run) => run.answer.situacao === 'ok')).toHaveLength(100);
  });

  it('puts W(42) within 2 %', () => {
    const errors = runs.map(({ truth, answer }) => answer.peso_na_idade!.p50 / gompertz(truth, 42) - 1);
    expect(errors.filter((error) => Math.abs(error) <= 0.02).length).toBeGreaterThanOrEqual(within2PctAtLeast);
    expect(Math.sqrt(errors.reduce((sum, error) => sum + error * error, 0) / errors.length)).toBeLessThan(rmsBelow);
  });

  it('finds the day the target is reached within 1 day', () => {
    for (const { truth, answer } of runs) expect(Math.abs(answer.alvo!.p50! - dayReaching((t) => gompertz(truth, t), ALVO_G))).toBeLessThanOrEqual(1);
  });

  it('covers the true W(42) with its P10–P90 in at least 80 of the 100 runs', () => {
    const covered = runs.filter(({ truth, answer }) => answer.peso_na_idade!.p10 <= gompertz(truth, 42) && gompertz(truth, 42) <= answer.peso_na_idade!.p90);
    expect(covered.length).toBeGreaterThanOrEqual(80);
  });
});

describe('early in the flock, with a standard', () => {
  const scaled = (factor: number, ages: number[]) => ages.map((idade) => ({ idade, peso_g: rossAt(idade) * factor, aves: 200 }));

  it.each([
    [0.93, [7, 10, 14]],
    [0.93, [7, 10, 14, 17]],
    [1.05, [7, 10, 14]],
  ])('scales the standard (flock at %s × standard, days %j) and says the standard weighs most', (factor, ages) => {
    const answer = ask(scaled(factor, ages), ROSS_308);
    expect(answer.situacao).toBe('ok');
    expect(answer.peso_na_idade!.p50 / (factor * rossAt(42))).toBeCloseTo(1, 1);
    expect(Math.abs(answer.peso_na_idade!.p50 / (factor * rossAt(42)) - 1)).toBeLessThan(0.02);
    // The scale is the days' already; the shape (B, k: two of the three parameters) is still mostly the standard's.
    expect(answer.peso_padrao_pct).toBeGreaterThan(30);
    expect(answer.peso_na_idade!.p10).toBeLessThan(factor * rossAt(42));
    expect(answer.peso_na_idade!.p90).toBeGreaterThan(factor * rossAt(42));
  });

  it('gives way to the data as days accumulate', () => {
    const shares = [[7, 10, 14], [7, 10, 14, 17, 21, 24], [7, 10, 14, 17, 21, 24, 28, 31, 35]].map((ages) => ask(scaled(0.95, ages), ROSS_308).peso_padrao_pct);
    expect(shares[0]).toBeGreaterThan(shares[1]!);
    expect(shares[1]).toBeGreaterThan(shares[2]!);
    expect(ask(scaled(0.95, [14, 17, 21, 24, 28, 31]), null).peso_padrao_pct).toBe(0);
  });

  it('says a flock already past the target has reached it', () => {
    const answer = ask(scaled(1, [7, 14, 21, 28, 35]), ROSS_308, { alvo_g: 2000 });
    expect(answer.alvo!.ja_atingido).toBe(true);
    expect(ask(scaled(1, [7, 14, 21, 28]), ROSS_308, { alvo_g: 2000 }).alvo!.ja_atingido).toBe(false);
  });
});

describe('trust rules', () => {
  const daily = (ages: number[]) => ages.map((idade) => ({ idade, peso_g: rossAt(idade), aves: 150 }));
  const untrusted = (answer: PrevisaoCalculo) => {
    expect(answer.peso_na_idade).toBeNull();
    expect(answer.alvo).toBeNull();
    expect(answer.curva).toHaveLength(57);
    expect(answer.curva.every((ponto) => ponto.p10 === null && ponto.p50 === null && ponto.p90 === null)).toBe(true);
  };

  it('no weighing: sem_pesagens', () => {
    const answer = ask([], ROSS_308);
    expect(answer).toMatchObject({ situacao: 'sem_pesagens', dias_pesagem: 0, aves_pesadas: 0, peso_padrao_pct: 0, ajuste: null });
    untrusted(answer);
    expect(ask([{ idade: 10, peso_g: 0, aves: 0 }], null).situacao).toBe('sem_pesagens');
  });

  it('too few days: poucos_dias, with the minimum said', () => {
    const withStandard = ask(daily([7, 14]), ROSS_308);
    expect(withStandard).toMatchObject({ situacao: 'poucos_dias', dias_pesagem: 2, aves_pesadas: 300, dias_minimos: PREVISAO_DIAS_MINIMOS_COM_PADRAO, ajuste: null });
    untrusted(withStandard);
    expect(ask(daily([14, 17, 21, 24, 28]), null)).toMatchObject({ situacao: 'poucos_dias', dias_minimos: PREVISAO_DIAS_MINIMOS_SEM_PADRAO });
    // Enough days but spanning too few ages, without a standard.
    expect(ask(daily([14, 15, 16, 17, 18, 19, 20]), null).situacao).toBe('poucos_dias');
    // First-week weighings are not fitted: weighed, but too few days.
    expect(ask(daily([1, 3, 5]), ROSS_308)).toMatchObject({ situacao: 'poucos_dias', dias_pesagem: 0 });
    expect(ask(daily([7, 10, 14]), ROSS_308).situacao).toBe('ok');
    expect(ask(daily([14, 17, 21, 24, 28, 31]), null).situacao).toBe('ok');
  });

  it('garbage days: ajuste_ruim, the fit and its misses still said', () => {
    const random = mulberry32(7);
    const garbage = Array.from({ length: 12 }, (_, index) => ({ idade: 14 + 2 * index, peso_g: 300 + 2500 * random(), aves: 100 }));
    for (const padrao of [ROSS_308, null]) {
      const answer = ask(garbage, padrao);
      expect(answer.situacao).toBe('ajuste_ruim');
      untrusted(answer);
      if (answer.ajuste) expect(answer.ajuste.rmse_pct).toBeGreaterThan(PREVISAO_RMSE_PCT_MAX);
    }
  });

  it('a forecast too far from its days: intervalo_largo', () => {
    const answer = ask(daily([7, 10, 14]), ROSS_308, { idade_consulta: 120, horizonte_idade: 120 });
    expect(answer.situacao).toBe('intervalo_largo');
    expect(answer.ajuste).not.toBeNull();
    expect(answer.curva).toHaveLength(121);
    expect(answer.curva.every((ponto) => ponto.p50 === null)).toBe(true);
    const trusted = ask(daily([7, 10, 14]), ROSS_308);
    expect((trusted.peso_na_idade!.p90 - trusted.peso_na_idade!.p10) / trusted.peso_na_idade!.p50).toBeLessThanOrEqual(PREVISAO_LARGURA_MAX);
  });
});

describe('answers', () => {
  const { dias } = weighedFlock(42, [7, 9, 12, 14, 16, 19, 21, 23, 26, 28]);

  it('the same seed gives the same answer, another seed another band', () => {
    expect(ask(dias, ROSS_308, { seed: 5 })).toEqual(ask(dias, ROSS_308, { seed: 5 }));
    expect(ask(dias, ROSS_308, { seed: 6 }).peso_na_idade).not.toEqual(ask(dias, ROSS_308, { seed: 5 }).peso_na_idade);
  });

  it('does not depend on the order of the days; two entries of one age count as their weighted mean', () => {
    expect(ask([...dias].reverse(), ROSS_308)).toEqual(ask(dias, ROSS_308));
    const [first, ...rest] = dias;
    const split = [{ ...first!, aves: 40, peso_g: first!.peso_g * 1.01 }, { ...first!, aves: first!.aves - 40, peso_g: (first!.peso_g * first!.aves - first!.peso_g * 1.01 * 40) / (first!.aves - 40) }];
    const merged = ask([...split, ...rest], ROSS_308);
    expect(merged.aves_pesadas).toBe(ask(dias, ROSS_308).aves_pesadas);
    expect(merged.peso_na_idade!.p50).toBeCloseTo(ask(dias, ROSS_308).peso_na_idade!.p50, 0);
  });

  it('reads the target off the quantile curves: earliest from P90, latest from P10', () => {
    const answer = ask(dias, ROSS_308);
    const first = (key: 'p10' | 'p50' | 'p90') => answer.curva.find((ponto) => ponto[key] !== null && ponto[key]! >= ALVO_G)?.idade ?? null;
    expect(answer.alvo).toEqual({ ja_atingido: false, p10: first('p90'), p50: first('p50'), p90: first('p10') });
    expect(ask(dias, ROSS_308, { alvo_g: 9000 }).alvo).toMatchObject({ p10: null, p50: null, p90: null });
  });

  it('holds its shape for any flock around its standard (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.8, max: 1.2, noNaN: true }),
        fc.uniqueArray(fc.integer({ min: 0, max: 42 }), { minLength: 0, maxLength: 20 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 20, max: 70 }),
        (factor, ages, anchored, seed, horizonte) => {
          const flock = ages.map((idade, index) => ({ idade, peso_g: rossAt(idade) * factor * (1 + 0.02 * Math.sin(index * 7)), aves: 50 + index }));
          const idade_consulta = Math.min(horizonte, 42);
          const answer = preverCrescimento({ dias: flock, padrao: anchored ? ROSS_308 : null, idade_consulta, alvo_g: 2500, horizonte_idade: horizonte, seed });
          expect(answer.curva.map((ponto) => ponto.idade)).toEqual(Array.from({ length: horizonte + 1 }, (_, idade) => idade));
          expect(answer.dias_pesagem).toBe(ages.filter((idade) => idade >= (anchored ? PREVISAO_IDADE_MINIMA : PREVISAO_IDADE_MINIMA_SEM_PADRAO)).length);
          expect(answer.peso_padrao_pct).toBeGreaterThanOrEqual(0);
          expect(answer.peso_padrao_pct).toBeLessThanOrEqual(100);
          if (answer.situacao !== 'ok') return;
          const youngest = anchored ? PREVISAO_IDADE_MINIMA : PREVISAO_IDADE_MINIMA_SEM_PADRAO;
          let previous = 0;
          for (const ponto of answer.curva) {
            if (ponto.idade < youngest) {
              expect(ponto.p50).toBeNull();
              continue;
            }
            expect(ponto.p10!).toBeLessThanOrEqual(ponto.p50!);
            expect(ponto.p50!).toBeLessThanOrEqual(ponto.p90!);
            expect(ponto.p50!).toBeGreaterThanOrEqual(previous);
            expect(Number.isInteger(Math.round(ponto.p50! * 10 * 1e6) / 1e6)).toBe(true);
            previous = ponto.p50!;
          }
          const { p10, p50, p90 } = answer.alvo!;
          if (p10 !== null && p50 !== null) expect(p10).toBeLessThanOrEqual(p50);
          if (p50 !== null && p90 !== null) expect(p50).toBeLessThanOrEqual(p90);
        },
      ),
      { numRuns: 60, seed: 20 },
    );
  });
});
