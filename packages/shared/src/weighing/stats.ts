import { BOX_KEY_SUFFIX, HISTOGRAM_BIN_G, HISTOGRAM_SPAN_G, type Estatisticas, type Histograma } from '../schemas/weighings.js';

/**
 * The report calculation (spec sections 3 and 9), used by every report on the server and in the
 * browser. Weights come in as integer decigrams (tenths of a gram, as stored in `peso_dg`).
 *
 * Section 9 says the raw weight "is divided by 1000 for grouping and multiplied back for
 * statistics": done in floating point that round trip drifts (1234.5 / 1000 * 1000 is not always
 * 1234.5, and sums of such values differ with their order). Here no weight is ever scaled: every
 * sum is an exact integer of decigrams (number while below 2^53, BigInt beyond), every ratio is an
 * exact rational, and each figure is rounded once, half away from zero — so SQLite, PostgreSQL and
 * the browser give the same digits for the same birds, in any order.
 *
 * Uniformity band: mean ± 10 % of the exact (unrounded) mean, both edges inside.
 */

/** Percent of the mean either side of it that counts as uniform. */
export const UNIFORMITY_BAND_PERCENT = 10;

/** Scores are per bird (null: none) or already counted (score → birds). */
export type ScoresInput = ArrayLike<number | null> | ReadonlyMap<number, number>;

/** Partial sums are moved into a BigInt before they could pass 2^53 (here: 2^52, with room for one more term). */
const FLUSH_AT = 2 ** 52;

/** num / den rounded half away from zero (den > 0). */
export function roundHalfAway(num: bigint, den: bigint): bigint {
  if (num >= 0n) return (2n * num + den) / (2n * den);
  return -((-2n * num + den) / (2n * den));
}

/** ⌊√value⌋ for a non-negative BigInt (Newton's method from a float guess). */
function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = BigInt(Math.floor(Math.sqrt(Number(value))));
  // The float guess is within a few units; step to the exact floor.
  while (x * x > value) x -= 1n;
  while ((x + 1n) * (x + 1n) <= value) x += 1n;
  return x;
}

/**
 * Largest r ≥ 0 with (2r − 1)² · den ≤ num: that is √(num / (4·den)) rounded half away from zero
 * (a value exactly halfway rounds up), without leaving integers.
 */
function roundSqrtQuarter(num: bigint, den: bigint): bigint {
  if (num <= 0n) return 0n;
  // r = ⌊(⌊2√v⌋ + 1) / 2⌋ with v = num / (4·den), and ⌊2√v⌋ = ⌊√⌊num/den⌋⌋.
  return (isqrt(num / den) + 1n) / 2n;
}

/**
 * Exact sums of a group of birds (decigrams): all the section 3 statistics need besides the
 * uniformity band's below/above counts and the scores. A daily aggregate row stores these.
 */
export interface WeightSums {
  count: number;
  sum: bigint;
  squares: bigint;
  /** Lightest and heaviest bird (dg); ignored when count is 0. */
  min: number;
  max: number;
}

/** Birds of a group outside its uniformity band: lighter than `lowest`, heavier than `highest`. */
export interface BandCounts {
  below: number;
  above: number;
}

/** The exact sums of several lists of weights (dg) taken as one. */
export function weightSums(parts: readonly ArrayLike<number>[]): WeightSums {
  let count = 0;
  let sum = 0n;
  let squares = 0n;
  let min = Infinity;
  let max = -Infinity;
  let partialSum = 0;
  let partialSquares = 0;
  for (const part of parts) {
    const length = part.length;
    count += length;
    for (let index = 0; index < length; index += 1) {
      const value = part[index]!;
      const square = value * value;
      // Exact while every term and partial sum is an integer below 2^53.
      if (square >= FLUSH_AT || partialSquares >= FLUSH_AT - square) {
        squares += BigInt(partialSquares) + (square >= FLUSH_AT ? BigInt(value) * BigInt(value) : BigInt(square));
        partialSquares = 0;
      } else partialSquares += square;
      partialSum += value;
      if (partialSum >= FLUSH_AT || partialSum <= -FLUSH_AT) {
        sum += BigInt(partialSum);
        partialSum = 0;
      }
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return { count, sum: sum + BigInt(partialSum), squares: squares + BigInt(partialSquares), min, max };
}

/** Scores of several lists (per bird, or already counted) as one map score → birds. */
export function scoreCounts(scores: readonly ScoresInput[] | undefined): Map<number, number> {
  const counts = new Map<number, number>();
  for (const input of scores ?? []) {
    if (input instanceof Map) {
      for (const [score, count] of input) counts.set(score, (counts.get(score) ?? 0) + count);
      continue;
    }
    const perBird = input as ArrayLike<number | null>;
    for (let index = 0; index < perBird.length; index += 1) {
      const score = perBird[index];
      if (score !== null && score !== undefined) counts.set(score, (counts.get(score) ?? 0) + 1);
    }
  }
  return counts;
}

const grams = (decigrams: bigint) => Number(decigrams) / 10;
const percent = (part: number, whole: number) => Number(roundHalfAway(BigInt(part) * 10_000n, BigInt(whole))) / 100;

/** The section 3 statistics of one group of birds. */
export function computeStats(pesosDg: ArrayLike<number>, scores?: ScoresInput): Estatisticas {
  return computeStatsParts([pesosDg], scores === undefined ? undefined : [scores]);
}

/**
 * The same over several lists taken as one (a house's boxes, a flock's houses) without copying
 * them into one array. `scores`: per list, or counted.
 */
export function computeStatsParts(parts: readonly ArrayLike<number>[], scores?: readonly ScoresInput[]): Estatisticas {
  const totals = weightSums(parts);
  const edges = uniformityBand(totals.count, totals.sum);
  return statsFromSums(totals, edges === null ? { below: 0, above: 0 } : band(parts, edges.lowest, edges.highest), scoreCounts(scores));
}

/**
 * The uniformity band of a group of `count` birds weighing `sum` dg together, in whole decigrams,
 * both edges inside (null for no birds). Weights are integers, so "0.9·mean ≤ x ≤ 1.1·mean" is
 * exactly "lowest ≤ x ≤ highest" with lowest = ⌈9·sum / 10n⌉ and highest = ⌊11·sum / 10n⌋. Both
 * lie between the lightest and heaviest bird, so they are safe integers.
 */
export function uniformityBand(count: number, sum: bigint): { lowest: number; highest: number } | null {
  if (count === 0) return null;
  const N = BigInt(count);
  return { lowest: Number(ceilDiv(9n * sum, 10n * N)), highest: Number(floorDiv(11n * sum, 10n * N)) };
}

/**
 * The section 3 statistics from a group's exact sums, its birds outside the uniformity band
 * (`uniformityBand` of the same sums) and its counted scores: the one calculation behind
 * computeStats (raw weights) and the daily aggregates (pesagens_dia), so both give the same digits.
 */
export function statsFromSums(totals: WeightSums, outside: BandCounts, scores: ReadonlyMap<number, number>): Estatisticas {
  const { count: n, sum, squares, min, max } = totals;
  let scored = 0;
  for (const count of scores.values()) scored += count;
  const scoreList = [...scores.entries()]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b)
    .map(([score, count]) => ({ score, count, percent: percent(count, scored) }));
  if (n === 0) {
    return {
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
      scores: scoreList,
    };
  }
  const N = BigInt(n);
  const { above, below } = outside;
  // Variance with n − 1: (n·Σx² − (Σx)²) / (n·(n − 1)); 0 for one bird.
  const spread = N * squares - sum * sum;
  const desvioDg = n === 1 ? 0n : roundSqrtQuarter(4n * spread, N * (N - 1n));
  return {
    totalAves: n,
    pesoTotal: grams(sum),
    pesoMedio: grams(roundHalfAway(sum, N)),
    desvioP: grams(desvioDg),
    cv: cvOf(n, sum, spread),
    uni: percent(n - above - below, n),
    corteCima: grams(roundHalfAway(11n * sum, 10n * N)),
    corteBaixo: grams(roundHalfAway(9n * sum, 10n * N)),
    qtdUniforme: n - above - below,
    qtdAcima: above,
    qtdAbaixo: below,
    perAcima: percent(above, n),
    perAbaixo: percent(below, n),
    maiorPeso: max / 10,
    menorPeso: min / 10,
    scores: scoreList,
  };
}

/**
 * cv = desvioP / pesoMedio × 100 from the unrounded values, to 2 decimals:
 * 10⁴·n·√(spread / (n(n−1))) / sum rounded = √(4·10⁸·n·spread / ((n−1)·sum²)) / 2 rounded.
 */
function cvOf(n: number, sum: bigint, spread: bigint): number | null {
  if (sum <= 0n) return null;
  if (n === 1) return 0;
  const N = BigInt(n);
  return Number(roundSqrtQuarter(400_000_000n * N * spread, (N - 1n) * sum * sum)) / 100;
}

function floorDiv(num: bigint, den: bigint): bigint {
  const quotient = num / den;
  return num % den !== 0n && num < 0n ? quotient - 1n : quotient;
}

function ceilDiv(num: bigint, den: bigint): bigint {
  const quotient = num / den;
  return num % den !== 0n && num > 0n ? quotient + 1n : quotient;
}

function band(parts: readonly ArrayLike<number>[], low: number, high: number): BandCounts {
  let above = 0;
  let below = 0;
  for (const part of parts) {
    for (let index = 0; index < part.length; index += 1) {
      const value = part[index]!;
      if (value < low) below += 1;
      else if (value > high) above += 1;
    }
  }
  return { above, below };
}

/**
 * Section 9 box graph: 50 bins of 20 g over 1000 g starting at the mean (the reported pesoMedio,
 * in grams) rounded down to a multiple of 500 g; bin i holds inicio + 20·i ≤ peso < inicio + 20·(i+1).
 * Birds lighter than inicio or from inicio + 1000 g up are counted in abaixo / acima.
 */
export function histogram(pesosDg: ArrayLike<number>, pesoMedioG: number | null): Histograma {
  const bins = HISTOGRAM_SPAN_G / HISTOGRAM_BIN_G;
  const contagens = new Array<number>(bins).fill(0);
  const inicio = pesoMedioG === null ? 0 : Math.floor(pesoMedioG / 500) * 500;
  const startDg = inicio * 10;
  const binDg = HISTOGRAM_BIN_G * 10;
  let abaixo = 0;
  let acima = 0;
  for (let index = 0; index < pesosDg.length; index += 1) {
    const offset = pesosDg[index]! - startDg;
    if (offset < 0) abaixo += 1;
    else {
      const bin = Math.floor(offset / binDg);
      if (bin >= bins) acima += 1;
      else contagens[bin]! += 1;
    }
  }
  return { inicio, passo: HISTOGRAM_BIN_G, contagens, abaixo, acima };
}

/** Section 9 box key (the box graph's image name): the parts joined by the user's CSV separator, + '.R.P'. */
export function boxKey(parts: readonly (string | number)[], separador: string): string {
  return parts.map(String).join(separador) + BOX_KEY_SUFFIX;
}
