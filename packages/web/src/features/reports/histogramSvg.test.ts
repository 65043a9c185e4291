import { describe, expect, it } from 'vitest';
import { OUTSIDE_COLOUR, type HistogramTexts } from './histogramChart';
import { axisStep, histogramSvg } from './histogramSvg';
import { BIRD_COLOURS } from './statFields';

const grams = new Intl.NumberFormat('pt-BR');
const texts: HistogramTexts = {
  grams: (value) => grams.format(value),
  below: (limit) => `< ${limit}`,
  above: (limit) => `≥ ${limit}`,
  birds: 'aves',
  range: (from, to) => `${from} a ${to} g`,
};

const counts = Array.from({ length: 50 }, (_, index) => [3, 41, 81][index] ?? 0);
const histogram = { inicio: 1500, passo: 20, contagens: counts, abaixo: 2, acima: 0 };

describe('printed histogram (SVG)', () => {
  it('draws one bar per bin with birds, in the bird-count colours, and the grey bar of the birds below', () => {
    const svg = histogramSvg(histogram, texts, 330, 160);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="330" height="160"')).toBe(true);
    expect(svg.match(/<rect /g)).toHaveLength(4);
    for (const colour of [...BIRD_COLOURS, OUTSIDE_COLOUR]) expect(svg).toContain(`fill="${colour}"`);
  });

  it('writes labels in the texts given, escaped, without overlapping', () => {
    const svg = histogramSvg(histogram, texts, 330, 160);
    // '< 1.500': the birds below the span, its '<' escaped.
    expect(svg).toContain('>&lt; 1.500</text>');
    expect(svg).toMatch(/>1\.\d{3}<\/text>/);
    const positions = [...svg.matchAll(/<text x="([\d.]+)" y="156"/g)].map((match) => Number(match[1]));
    expect(positions.length).toBeGreaterThan(3);
    expect(positions.length).toBeLessThan(20);
    positions.slice(1).forEach((position, index) => expect(position - positions[index]!).toBeGreaterThan(6 * 5.8));
    // The y axis reaches past the tallest bar (81) in steps of 20.
    expect(svg).toContain('>100</text>');
    expect(svg).toContain('>80</text>');
  });

  it('steps the y axis in whole birds, about five lines', () => {
    expect(axisStep(1)).toBe(1);
    expect(axisStep(5)).toBe(1);
    expect(axisStep(9)).toBe(2);
    expect(axisStep(81)).toBe(20);
    expect(axisStep(1200)).toBe(500);
  });

  it('escapes every text it writes (it is inserted as markup)', () => {
    const hostile = { ...texts, grams: () => '<img src=x onerror=alert(1)>&"\'' };
    const svg = histogramSvg(histogram, hostile, 330, 160);
    expect(svg).not.toContain('<img');
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;');
  });

  it('takes microseconds, not milliseconds, a chart', () => {
    const start = performance.now();
    for (let index = 0; index < 2000; index += 1) histogramSvg(histogram, texts, 330, 160);
    // Generous for a busy machine: ECharts took about 30 ms a chart.
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
