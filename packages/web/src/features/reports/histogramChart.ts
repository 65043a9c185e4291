import type { Histograma } from '@portal/shared';
import type { HistogramCurve } from './splitCurves';
import { BIRD_COLOURS, birdLevel } from './statFields';

/**
 * The ECharts option of a box's histogram (section 9: 20 g bins over 1000 g from the mean
 * rounded down to 0.5 kg), without ECharts itself, so it is tested in node. The birds below
 * and above the 1000 g span get a bar at each end, in grey; each bin's bar changes colour above
 * 40 and above 80 birds.
 */

export interface HistogramTexts {
  /** A weight in grams as shown on the axis (no decimals). */
  grams: (value: number) => string;
  below: (limit: string) => string;
  above: (limit: string) => string;
  birds: string;
  /** '1500–1520 g' in the tooltip. */
  range: (from: string, to: string) => string;
}

export const OUTSIDE_COLOUR = '#adb5bd';

export interface HistogramBar {
  label: string;
  tooltip: string;
  count: number;
  colour: string;
}

/** The bars, in weight order: below the span (when any), each bin, above the span (when any). */
export function histogramBars(histogram: Histograma, texts: HistogramTexts): HistogramBar[] {
  const end = histogram.inicio + histogram.passo * histogram.contagens.length;
  const bars: HistogramBar[] = histogram.contagens.map((count, index) => {
    const from = histogram.inicio + histogram.passo * index;
    return {
      label: texts.grams(from),
      tooltip: texts.range(texts.grams(from), texts.grams(from + histogram.passo)),
      count,
      colour: BIRD_COLOURS[birdLevel(count)],
    };
  });
  if (histogram.abaixo > 0) {
    const text = texts.below(texts.grams(histogram.inicio));
    bars.unshift({ label: text, tooltip: text, count: histogram.abaixo, colour: OUTSIDE_COLOUR });
  }
  if (histogram.acima > 0) {
    const text = texts.above(texts.grams(end));
    bars.push({ label: text, tooltip: text, count: histogram.acima, colour: OUTSIDE_COLOUR });
  }
  return bars;
}

/** A fitted curve over the bars (a sex split's group): a smooth line without markers, above the bars. */
const curveSeries = (curve: HistogramCurve) => ({
  type: 'line' as const,
  name: curve.name,
  data: curve.values,
  smooth: true,
  showSymbol: false,
  connectNulls: false,
  z: 3,
  lineStyle: { color: curve.colour, width: 2 },
  itemStyle: { color: curve.colour },
});

/** One tooltip line per curve: its birds expected in the bin, whole. */
const curveTooltip = (curves: readonly HistogramCurve[], index: number, texts: HistogramTexts) =>
  curves
    .map((curve) => ({ curve, value: curve.values[index] }))
    .filter((entry): entry is { curve: HistogramCurve; value: number } => typeof entry.value === 'number')
    .map(({ curve, value }) => `<br/><span style="color:${curve.colour}">●</span> ${curve.name}: ≈ ${texts.grams(Math.round(value))} ${texts.birds}`)
    .join('');

/**
 * The chart option (category axis of bins, one bar series); `interactive` adds the tooltip.
 * `curves` (a sex split) are drawn over the bars, one value per bar.
 */
export function histogramOption(histogram: Histograma, texts: HistogramTexts, interactive: boolean, curves: readonly HistogramCurve[] = []) {
  const bars = histogramBars(histogram, texts);
  return {
    animation: false,
    // The grid shrinks so the axis labels stay inside these margins (ECharts 6's containLabel).
    grid: { left: 6, right: 14, top: 12, bottom: 6, outerBoundsMode: 'same' as const, outerBoundsContain: 'axisLabel' as const },
    ...(interactive
      ? {
          tooltip: {
            trigger: 'axis' as const,
            axisPointer: { type: 'shadow' as const },
            formatter: (params: { dataIndex: number }[]) => {
              const index = params[0]?.dataIndex ?? -1;
              const bar = bars[index];
              return bar ? `${bar.tooltip}<br/>${bar.count} ${texts.birds}${curveTooltip(curves, index, texts)}` : '';
            },
          },
        }
      : {}),
    xAxis: {
      type: 'category' as const,
      data: bars.map((bar) => bar.label),
      axisLabel: { fontSize: 10, hideOverlap: true },
      axisTick: { alignWithLabel: true },
    },
    yAxis: { type: 'value' as const, minInterval: 1, axisLabel: { fontSize: 10 } },
    series: [
      {
        type: 'bar' as const,
        barCategoryGap: '10%',
        data: bars.map((bar) => ({ value: bar.count, itemStyle: { color: bar.colour } })),
      },
      ...curves.map(curveSeries),
    ],
  };
}
