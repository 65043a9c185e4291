import { normalCdf as standardNormalCdf, type Histograma } from '@portal/shared';

/**
 * The two fitted normal curves of a sex split drawn over a box's histogram: for each 20 g bin,
 * the birds a group's normal N(mean, sd) puts in it (its birds × the probability of the bin), so
 * the curves share the bars' scale and the two curves add up to the fitted mixture. The grey bars
 * of the birds outside the 1000 g span are not bins: the curves have no point there.
 */

export interface CurveGroup {
  aves: number;
  peso_medio_g: number;
  desvio_g: number;
}

export interface HistogramCurve {
  /** Shown in the tooltip ('Males'). */
  name: string;
  colour: string;
  /** One value per histogram bar (histogramBars' order); null on the bars outside the span. */
  values: (number | null)[];
}

/** Male and female curve colours: apart from the bars' greens and from each other in grey print (one deep, one light). */
export const CURVE_COLOURS = { macho: '#1864ab', femea: '#e64980' } as const;

/** P(X ≤ x) for X ~ N(mean, sd); a group of no spread is a step at its mean. */
export function normalCdf(x: number, mean: number, sd: number): number {
  if (!(sd > 0)) return x < mean ? 0 : 1;
  return standardNormalCdf((x - mean) / sd);
}

/** Birds of a group expected in each bin of the histogram, rounded to 0.01. */
export function expectedBinCounts(histogram: Histograma, group: CurveGroup): number[] {
  return histogram.contagens.map((_, index) => {
    const from = histogram.inicio + histogram.passo * index;
    const share = normalCdf(from + histogram.passo, group.peso_medio_g, group.desvio_g) - normalCdf(from, group.peso_medio_g, group.desvio_g);
    return Math.round(group.aves * share * 100) / 100;
  });
}

/** A group's curve aligned with the histogram's bars: a gap under the grey bar below and above the span, when those bars are drawn. */
export function curveValues(histogram: Histograma, group: CurveGroup): (number | null)[] {
  return [...(histogram.abaixo > 0 ? [null] : []), ...expectedBinCounts(histogram, group), ...(histogram.acima > 0 ? [null] : [])];
}
