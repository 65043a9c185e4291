import { PREVISAO_IDADE_MINIMA, PREVISAO_PRIORI_SD } from './constants.js';
import { fitStandard, lnGompertz, type Prior } from './gompertz.js';

/**
 * The breed standard as an anchor: a Gaussian prior centred on the standard's own Gompertz fit, and
 * the standard's departures from that fit (ln standard − ln its Gompertz, a few % on the Ross and Cobb
 * tables), which the flock's curve keeps. With the departures kept, a flock growing exactly like the
 * standard scaled by some factor is fitted exactly by moving A alone, so a few early days scale the
 * standard instead of bending a Gompertz to the table's wiggles; later days reshape it through A, B
 * and k.
 */
export interface Anchor {
  prior: Prior;
  /** The standard's departure from its Gompertz at an age, on the log scale (linear between its points, held past its ends). */
  offset: (idade: number) => number;
}

export function standardAnchor(padrao: ReadonlyArray<{ idade: number; peso: number }> | null): Anchor | null {
  if (!padrao) return null;
  const points = padrao
    .filter((ponto) => Number.isFinite(ponto.idade) && ponto.idade >= PREVISAO_IDADE_MINIMA && Number.isFinite(ponto.peso) && ponto.peso > 0)
    .sort((a, b) => a.idade - b.idade);
  const centre = fitStandard(points);
  if (!centre) return null;
  const ages = points.map((ponto) => ponto.idade);
  const departures = points.map((ponto) => Math.log(ponto.peso) - lnGompertz(centre, ponto.idade));
  const { lnA, lnB, lnK } = PREVISAO_PRIORI_SD;
  return { prior: { mu: centre, precision: [1 / lnA ** 2, 1 / lnB ** 2, 1 / lnK ** 2] }, offset: (idade) => interpolate(ages, departures, idade) };
}

/** `values` at `x` between the ascending `xs` (linear; the end values past the ends). */
function interpolate(xs: readonly number[], values: readonly number[], x: number): number {
  if (x <= xs[0]!) return values[0]!;
  const last = xs.length - 1;
  if (x >= xs[last]!) return values[last]!;
  let low = 0;
  let high = last;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (xs[middle]! < x) low = middle;
    else high = middle;
  }
  if (xs[high] === xs[low]) return values[high]!;
  return values[low]! + ((values[high]! - values[low]!) * (x - xs[low]!)) / (xs[high]! - xs[low]!);
}

/** ln W(t) of a curve θ with the anchor's departures (plain Gompertz without an anchor). */
export const lnCurve = (theta: Parameters<typeof lnGompertz>[0], idade: number, anchor: Anchor | null) =>
  lnGompertz(theta, idade) + (anchor ? anchor.offset(idade) : 0);
