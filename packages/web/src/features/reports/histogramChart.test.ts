import { describe, expect, it } from 'vitest';
import { chartImage } from './echarts';
import { histogramBars, histogramOption, OUTSIDE_COLOUR, type HistogramTexts } from './histogramChart';
import { BIRD_COLOURS } from './statFields';

const texts: HistogramTexts = {
  grams: (value) => String(value),
  below: (limit) => `< ${limit}`,
  above: (limit) => `≥ ${limit}`,
  birds: 'birds',
  range: (from, to) => `${from}–${to} g`,
};

const counts = Array.from({ length: 50 }, (_, index) => [3, 41, 81][index] ?? 0);

describe('histogram bars', () => {
  it('label 50 bins of 20 g from the start, coloured by birds (above 40, above 80)', () => {
    const bars = histogramBars({ inicio: 1500, passo: 20, contagens: counts, abaixo: 0, acima: 0 }, texts);
    expect(bars).toHaveLength(50);
    expect(bars.slice(0, 3).map((bar) => [bar.label, bar.count, bar.colour])).toEqual([
      ['1500', 3, BIRD_COLOURS[0]],
      ['1520', 41, BIRD_COLOURS[1]],
      ['1540', 81, BIRD_COLOURS[2]],
    ]);
    expect(bars[49]!.tooltip).toBe('2480–2500 g');
  });

  it('add a grey bar at each end for the birds outside the span', () => {
    const bars = histogramBars({ inicio: 1500, passo: 20, contagens: counts, abaixo: 2, acima: 5 }, texts);
    expect(bars).toHaveLength(52);
    expect([bars[0]!.label, bars[0]!.count, bars[0]!.colour]).toEqual(['< 1500', 2, OUTSIDE_COLOUR]);
    expect([bars[51]!.label, bars[51]!.count]).toEqual(['≥ 2500', 5]);
  });
});

describe('histogram image (printed layout)', () => {
  it('is an SVG drawn without a page, with one bar per bin that has birds', () => {
    const option = histogramOption({ inicio: 1500, passo: 20, contagens: counts, abaixo: 0, acima: 0 }, texts, false);
    const url = chartImage(option, 320, 160);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1));
    expect(svg).toContain('<svg');
    for (const colour of BIRD_COLOURS) expect(svg.toLowerCase()).toContain(colour);
    expect(option).not.toHaveProperty('tooltip');
  });
});

describe('a sex split’s curves over the histogram', () => {
  it('are smooth lines after the bars, one value per bar, and the tooltip tells each curve’s birds in the bin', () => {
    const histogram = { inicio: 1500, passo: 20, contagens: counts, abaixo: 2, acima: 0 };
    const values = [null, 12.4, ...Array.from({ length: 49 }, () => 0)];
    const option = histogramOption(histogram, texts, true, [{ name: 'Males', colour: '#1864ab', values }]);
    expect(option.series).toHaveLength(2);
    expect(option.series[1]).toMatchObject({ type: 'line', name: 'Males', data: values, smooth: true, showSymbol: false });
    const tooltip = option.tooltip!.formatter([{ dataIndex: 1 }]);
    expect(tooltip).toContain('1500–1520 g<br/>3 birds');
    expect(tooltip).toContain('Males: ≈ 12 birds');
    // The grey bar below the span has no curve point: its tooltip names no curve.
    expect(option.tooltip!.formatter([{ dataIndex: 0 }])).not.toContain('Males');
  });

  it('leave the chart as it was without a split', () => {
    expect(histogramOption({ inicio: 1500, passo: 20, contagens: counts, abaixo: 0, acima: 0 }, texts, true).series).toHaveLength(1);
  });
});
