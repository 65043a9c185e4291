import type { Estatisticas } from '../schemas/weighings.js';
import { statsFromSums, uniformityBand, type BandCounts, type WeightSums } from './stats.js';

/**
 * The section 3 statistics of a line (a house, a flock, a box… over some days) from its daily
 * aggregates (pesagens_dia, docs/data-model.md) instead of its raw weighings, digit for digit:
 * count, Σ, Σ², lightest and heaviest add up over the days; only the uniformity band's below/above
 * counts need more. The band is mean ± 10 % of the whole line, known only once the days are summed:
 * a day wholly below or above it counts whole, a day inside it counts none, and a day straddling an
 * edge counts its whole 10 g bands past the edge (pesagens_dia_faixas) plus its raw weighings of
 * the one 10 g band holding the edge (pesagens by dia_id, peso_dg), that are past it.
 */

/** Width of a stored weight band (pesagens_dia_faixas.faixa): 10 g, in decigrams. */
export const FAIXA_DG = 100;

/** The 10 g band of a weight in decigrams. */
export const faixaOf = (pesoDg: number): number => Math.floor(pesoDg / FAIXA_DG);

/** A day's aggregate row as read: the bigint columns may come as numbers, BigInts or text. */
export interface DayAggregate {
  aves: number;
  soma: number | bigint | string;
  quadrados: number | bigint | string;
  menor: number;
  maior: number;
}

/** Where a day lies against its line's uniformity band. */
export type DayPosition = 'below' | 'inside' | 'above' | 'straddles';

/**
 * What a straddling day must read to count its birds past one edge: the birds of its whole 10 g
 * bands `faixas` (pesagens_dia_faixas.faixa) and its raw weighings with peso_dg in `pesos` (both
 * inclusive ranges; null: nothing to read there). Their total is the day's birds past the edge.
 */
export interface EdgeRead {
  faixas: readonly [number, number] | null;
  pesos: readonly [number, number] | null;
}

export interface DayBand {
  position: DayPosition;
  /** A straddling day's reads for its birds below `lowest`; null when none is. */
  below: EdgeRead | null;
  /** A straddling day's reads for its birds above `highest`; null when none is. */
  above: EdgeRead | null;
}

/** A line's band and what each of its days contributes to the below/above counts. */
export interface LineBand {
  sums: WeightSums;
  /** The band in decigrams, both edges inside (null: no birds). */
  lowest: number | null;
  highest: number | null;
  /** The 10 g bands holding each edge (null: no birds). */
  faixaBaixa: number | null;
  faixaAlta: number | null;
  /** One per day, in the order given. */
  days: DayBand[];
  /** Birds below / above counted from the days wholly past an edge. */
  whole: BandCounts;
  /** Whether any day straddles an edge (else `whole` is the whole answer). */
  straddles: boolean;
}

/** The exact sums of a line's days. */
export function daySums(days: readonly DayAggregate[]): WeightSums {
  let count = 0;
  let sum = 0n;
  let squares = 0n;
  let min = Infinity;
  let max = -Infinity;
  for (const day of days) {
    if (day.aves === 0) continue;
    count += day.aves;
    sum += BigInt(day.soma);
    squares += BigInt(day.quadrados);
    if (day.menor < min) min = day.menor;
    if (day.maior > max) max = day.maior;
  }
  return { count, sum, squares, min, max };
}

/** A straddling day's reads past the lower edge (its lightest bird is below `lowest`). */
function readsBelow(day: DayAggregate, lowest: number): EdgeRead {
  const edge = faixaOf(lowest);
  const first = faixaOf(day.menor);
  const start = Math.max(day.menor, edge * FAIXA_DG);
  return { faixas: first < edge ? [first, edge - 1] : null, pesos: start <= lowest - 1 ? [start, lowest - 1] : null };
}

/** A straddling day's reads past the upper edge (its heaviest bird is above `highest`). */
function readsAbove(day: DayAggregate, highest: number): EdgeRead {
  const edge = faixaOf(highest);
  const last = faixaOf(day.maior);
  const end = Math.min(day.maior, edge * FAIXA_DG + FAIXA_DG - 1);
  return { faixas: last > edge ? [edge + 1, last] : null, pesos: highest + 1 <= end ? [highest + 1, end] : null };
}

/**
 * A line's uniformity band from its days' aggregates (aves, soma, quadrados, menor, maior), and for
 * each day whether it lies wholly below, inside or above it or straddles an edge — and then what
 * to read of it.
 */
export function lineBand(days: readonly DayAggregate[]): LineBand {
  const sums = daySums(days);
  const band = uniformityBand(sums.count, sums.sum);
  const whole = { below: 0, above: 0 };
  if (band === null) {
    const none: DayBand = { position: 'inside', below: null, above: null };
    return { sums, lowest: null, highest: null, faixaBaixa: null, faixaAlta: null, days: days.map(() => none), whole, straddles: false };
  }
  const { lowest, highest } = band;
  let straddles = false;
  const positions = days.map((day): DayBand => {
    if (day.aves === 0) return { position: 'inside', below: null, above: null };
    if (day.maior < lowest) {
      whole.below += day.aves;
      return { position: 'below', below: null, above: null };
    }
    if (day.menor > highest) {
      whole.above += day.aves;
      return { position: 'above', below: null, above: null };
    }
    if (day.menor >= lowest && day.maior <= highest) return { position: 'inside', below: null, above: null };
    straddles = true;
    return {
      position: 'straddles',
      below: day.menor < lowest ? readsBelow(day, lowest) : null,
      above: day.maior > highest ? readsAbove(day, highest) : null,
    };
  });
  return { sums, lowest, highest, faixaBaixa: faixaOf(lowest), faixaAlta: faixaOf(highest), days: positions, whole, straddles };
}

/**
 * The line's statistics: `straddling` holds the birds past each edge that its straddling days'
 * reads found (zero when none straddles); `scores` the line's counted scores.
 */
export function lineStats(line: LineBand, straddling: BandCounts, scores: ReadonlyMap<number, number>): Estatisticas {
  return statsFromSums(line.sums, { below: line.whole.below + straddling.below, above: line.whole.above + straddling.above }, scores);
}
