import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Estatisticas } from '../schemas/weighings.js';
import { boxKey, computeStats, computeStatsParts, histogram } from './stats.js';

const dg = (...grams: number[]) => grams.map((g) => Math.round(g * 10));

describe('computeStats: hand-computed cases', () => {
  it('empty group: counts 0, the rest null', () => {
    expect(computeStats([])).toEqual({
      totalAves: 0,
      pesoTotal: 0,
      pesoMedio: null,
      desvioP: null,
      cv: null,
      uni: null,
      corteCima: null,
      corteBaixo: null,
      qtdUniforme: 0,
      qtdAcima: 0,
      qtdAbaixo: 0,
      perAcima: null,
      perAbaixo: null,
      maiorPeso: null,
      menorPeso: null,
      scores: [],
    });
  });

  it('one bird: deviation 0, the bird uniform; cut-offs of 1234.5 g round half away (1357.95 → 1358.0, 1111.05 → 1111.1)', () => {
    expect(computeStats(dg(1234.5))).toEqual({
      totalAves: 1,
      pesoTotal: 1234.5,
      pesoMedio: 1234.5,
      desvioP: 0,
      cv: 0,
      uni: 100,
      corteCima: 1358,
      corteBaixo: 1111.1,
      qtdUniforme: 1,
      qtdAcima: 0,
      qtdAbaixo: 0,
      perAcima: 0,
      perAbaixo: 0,
      maiorPeso: 1234.5,
      menorPeso: 1234.5,
      scores: [],
    });
  });

  it('all birds equal: deviation and cv 0, all uniform', () => {
    const stats = computeStats(dg(2000, 2000, 2000, 2000));
    expect(stats).toMatchObject({ totalAves: 4, pesoTotal: 8000, pesoMedio: 2000, desvioP: 0, cv: 0, uni: 100, corteCima: 2200, corteBaixo: 1800, qtdUniforme: 4 });
  });

  it('birds exactly on corteBaixo and corteCima are inside the band', () => {
    // Mean 1000: band 900–1100; deviation √((100² + 0 + 100²) / 2) = 100, cv 10 %.
    expect(computeStats(dg(900, 1000, 1100))).toMatchObject({
      pesoMedio: 1000,
      corteBaixo: 900,
      corteCima: 1100,
      qtdUniforme: 3,
      qtdAcima: 0,
      qtdAbaixo: 0,
      uni: 100,
      desvioP: 100,
      cv: 10,
    });
  });

  it('a tenth of a gram past either edge is outside', () => {
    // Mean still 1000; deviation √((100.1² + 100.1²) / 2) = 100.1, cv 10.01 %; 1/3 = 33.33 %.
    expect(computeStats(dg(899.9, 1000, 1100.1))).toMatchObject({
      pesoMedio: 1000,
      qtdUniforme: 1,
      qtdAcima: 1,
      qtdAbaixo: 1,
      uni: 33.33,
      perAcima: 33.33,
      perAbaixo: 33.33,
      desvioP: 100.1,
      cv: 10.01,
      maiorPeso: 1100.1,
      menorPeso: 899.9,
    });
  });

  it('halves round away from zero: mean 1000.05 → 1000.1, cut-offs 1100.055 → 1100.1 and 900.045 → 900.0', () => {
    // Deviation √(0.05² · 2) = 0.0707 g → 0.1; cv 0.00707 % → 0.01.
    expect(computeStats(dg(1000, 1000.1))).toMatchObject({ pesoMedio: 1000.1, corteCima: 1100.1, corteBaixo: 900, desvioP: 0.1, cv: 0.01, pesoTotal: 2000.1 });
  });

  it('31 birds of 1000 g and one of 1500 g', () => {
    // Mean 1015.625; Σ(x − mean)² = 242187.5, /31 = 7812.5, √ = 88.388; cv 8.7029 %; 1/32 = 3.125 % → 3.13.
    expect(computeStats(dg(...new Array<number>(31).fill(1000), 1500))).toMatchObject({
      totalAves: 32,
      pesoTotal: 32500,
      pesoMedio: 1015.6,
      desvioP: 88.4,
      cv: 8.7,
      corteCima: 1117.2,
      corteBaixo: 914.1,
      qtdUniforme: 31,
      qtdAcima: 1,
      qtdAbaixo: 0,
      uni: 96.88,
      perAcima: 3.13,
      perAbaixo: 0,
    });
  });

  it('scores: count and percent of the birds that carry one, per bird or already counted', () => {
    const expected = [
      { score: 1, count: 1, percent: 33.33 },
      { score: 2, count: 2, percent: 66.67 },
    ];
    expect(computeStats(dg(1000, 1010, 1020, 1030), [2, 1, null, 2]).scores).toEqual(expected);
    expect(computeStats(dg(1000, 1010, 1020, 1030), new Map([[2, 2], [1, 1]])).scores).toEqual(expected);
    expect(computeStats(dg(1000), [null]).scores).toEqual([]);
  });

  it('sums past 2^53 stay exact: 100 000 birds at 99 999.9 g and 99 999.8 g', () => {
    const weights = new Int32Array(100_000);
    for (let index = 0; index < weights.length; index += 1) weights[index] = index % 2 === 0 ? 999_999 : 999_998;
    // Mean 99 999.85 → 99 999.9; deviation √(0.25 · n/(n−1)) dg = 0.0500003 g, just past the half → 0.1.
    expect(computeStats(weights)).toMatchObject({ totalAves: 100_000, pesoTotal: 9_999_985_000, pesoMedio: 99_999.9, desvioP: 0.1, cv: 0, uni: 100 });
  });

  it('several lists count as one, in any order', () => {
    const all = computeStats(dg(900, 1000, 1100, 1234.5), [1, null, 3, 3]);
    expect(computeStatsParts([dg(1234.5, 900), dg(1100), dg(1000)], [new Map([[3, 1]]), [1], [null, 3]])).toEqual(all);
  });
});

describe('histogram', () => {
  it('50 bins of 20 g from the mean rounded down to 500 g, birds outside counted apart', () => {
    const result = histogram(dg(1000, 1019.9, 1020, 1999.9, 2000, 999.9), 1234.5);
    expect(result.inicio).toBe(1000);
    expect(result.passo).toBe(20);
    expect(result.contagens).toHaveLength(50);
    expect(result.contagens[0]).toBe(2);
    expect(result.contagens[1]).toBe(1);
    expect(result.contagens[49]).toBe(1);
    expect(result.contagens.reduce((a, b) => a + b, 0)).toBe(4);
    expect([result.abaixo, result.acima]).toEqual([1, 1]);
  });

  it('starts at 0 below 500 g, at 500 from 500 g, and at 0 for an empty group', () => {
    expect(histogram(dg(42), 499.9).inicio).toBe(0);
    expect(histogram(dg(500), 500).inicio).toBe(500);
    expect(histogram([], null)).toEqual({ inicio: 0, passo: 20, contagens: new Array(50).fill(0), abaixo: 0, acima: 0 });
  });
});

describe('boxKey', () => {
  it('joins the parts with the CSV separator and ends with .R.P', () => {
    expect(boxKey(['2026-11-10', 'L-1', 'Macho', 'Aviário 1', '1', 2], ';')).toBe('2026-11-10;L-1;Macho;Aviário 1;1;2.R.P');
    expect(boxKey(['a', 'b'], ',')).toBe('a,b.R.P');
  });
});

// ---- An independent, straightforward implementation with exact rationals (BigInt) ----

function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}

/** p/q (q > 0, p ≥ 0) rounded half away from zero, by comparing the remainder with half of q. */
function roundRational(p: bigint, q: bigint): bigint {
  const whole = p / q;
  return 2n * (p % q) >= q ? whole + 1n : whole;
}

const SCALE = 10n ** 10n;
/** √(p/q) rounded half away: its first 10 decimals by an integer square root, then rounded on them. */
function roundSqrt(p: bigint, q: bigint): bigint {
  const scaled = isqrt((p * SCALE * SCALE) / q);
  return (scaled + SCALE / 2n) / SCALE;
}

function reference(weights: number[], scores: (number | null)[]): Estatisticas {
  const n = BigInt(weights.length);
  const xs = weights.map(BigInt);
  const counted = new Map<number, number>();
  for (const score of scores) if (score !== null) counted.set(score, (counted.get(score) ?? 0) + 1);
  const scored = BigInt([...counted.values()].reduce((a, b) => a + b, 0));
  const scoreList = [...counted]
    .sort(([a], [b]) => a - b)
    .map(([score, count]) => ({ score, count, percent: Number(roundRational(BigInt(count) * 10_000n, scored)) / 100 }));
  if (n === 0n) return { ...computeStats([]), scores: scoreList };
  const sum = xs.reduce((a, b) => a + b, 0n);
  // In the band when 0.9·sum/n ≤ x ≤ 1.1·sum/n, i.e. 9·sum ≤ 10·n·x ≤ 11·sum.
  const below = xs.filter((x) => 10n * n * x < 9n * sum).length;
  const above = xs.filter((x) => 10n * n * x > 11n * sum).length;
  const uniform = weights.length - below - above;
  // Σ(x − sum/n)² = Σ(n·x − sum)² / n²; variance over n − 1.
  const deviations = xs.reduce((acc, x) => acc + (n * x - sum) ** 2n, 0n);
  const varianceNum = deviations;
  const varianceDen = n * n * (n - 1n);
  const pct = (k: number) => Number(roundRational(BigInt(k) * 10_000n, n)) / 100;
  return {
    totalAves: weights.length,
    pesoTotal: Number(sum) / 10,
    pesoMedio: Number(roundRational(sum, n)) / 10,
    desvioP: n === 1n ? 0 : Number(roundSqrt(varianceNum, varianceDen)) / 10,
    // cv·100 = 10⁴ · √variance / (sum/n) = √(10⁸ · n² · variance / sum²).
    cv: n === 1n ? 0 : Number(roundSqrt(100_000_000n * n * n * varianceNum, varianceDen * sum * sum)) / 100,
    uni: pct(uniform),
    corteCima: Number(roundRational(11n * sum, 10n * n)) / 10,
    corteBaixo: Number(roundRational(9n * sum, 10n * n)) / 10,
    qtdUniforme: uniform,
    qtdAcima: above,
    qtdAbaixo: below,
    perAcima: pct(above),
    perAbaixo: pct(below),
    maiorPeso: Number(xs.reduce((a, b) => (b > a ? b : a))) / 10,
    menorPeso: Number(xs.reduce((a, b) => (b < a ? b : a))) / 10,
    scores: scoreList,
  };
}

const bird = fc.record({ peso: fc.integer({ min: 1, max: 999_999 }), score: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }) });
/** Birds exactly on the band's edges: a·0.9m, b·m, a·1.1m (mean m, a multiple of 10 decigrams). */
const onTheEdges = fc
  .record({ m: fc.integer({ min: 1, max: 99_999 }), a: fc.integer({ min: 1, max: 5 }), b: fc.integer({ min: 0, max: 5 }) })
  .map(({ m, a, b }) => [...new Array(a).fill(9 * m), ...new Array(b).fill(10 * m), ...new Array(a).fill(11 * m)].map((peso: number) => ({ peso, score: null })));
/** Weights close together (real flocks), so ties and near-edge birds are common. */
const closeTogether = fc
  .tuple(fc.integer({ min: 5_000, max: 40_000 }), fc.array(fc.integer({ min: -1_200, max: 1_200 }), { maxLength: 80 }))
  .map(([base, offsets]) => offsets.map((offset) => ({ peso: base + offset, score: offset % 5 === 0 ? Math.abs(offset) % 4 : null })));

describe('computeStats against an exact rational implementation', () => {
  it('gives the same figures on any birds, to the stated rounding', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(bird, { maxLength: 60 }), onTheEdges, closeTogether), (birds) => {
        const weights = birds.map((b) => b.peso);
        const scores = birds.map((b) => b.score);
        expect(computeStats(weights, scores)).toEqual(reference(weights, scores));
      }),
      { numRuns: 500 },
    );
  });
});
