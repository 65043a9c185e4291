import { describe, expect, it } from 'vitest';
import { curveValues, expectedBinCounts, normalCdf } from './splitCurves';

const histogram = { inicio: 2000, passo: 20, contagens: Array.from({ length: 50 }, () => 0), abaixo: 0, acima: 0 };

describe('the normal distribution function', () => {
  it('gives the known values of the standard normal', () => {
    expect(normalCdf(0, 0, 1)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1, 0, 1)).toBeCloseTo(0.841345, 5);
    expect(normalCdf(-1.96, 0, 1)).toBeCloseTo(0.024998, 5);
    expect(normalCdf(2600 + 260, 2600, 260)).toBeCloseTo(0.841345, 5);
  });

  it('is a step at the mean for a group of no spread', () => {
    expect([normalCdf(99, 100, 0), normalCdf(100, 100, 0)]).toEqual([0, 1]);
  });
});

describe('a fitted curve scaled to the histogram’s bins', () => {
  it('puts each bin the birds its normal gives it: all of them when the span holds the curve', () => {
    const counts = expectedBinCounts(histogram, { aves: 600, peso_medio_g: 2500, desvio_g: 200 });
    expect(counts).toHaveLength(50);
    // ±2.5 sd inside the span: the bins hold 600 × (Φ(2.5) − Φ(−2.5)) ≈ 592.5 birds.
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeCloseTo(600 * (2 * normalCdf(2.5, 0, 1) - 1), 0);
    // The bins either side of the mean (2480–2500, 2500–2520) hold 600 × (Φ(0.1) − Φ(0)) ≈ 23.90 each, the peak.
    expect(counts[24]).toBeCloseTo(23.9, 1);
    expect(counts[25]).toBe(counts[24]);
    expect(Math.max(...counts)).toBe(counts[24]);
    // Symmetric about the mean.
    expect(counts[20]).toBe(counts[29]);
  });

  it('leaves a gap under the grey bars of the birds outside the span', () => {
    const values = curveValues({ ...histogram, abaixo: 3, acima: 1 }, { aves: 100, peso_medio_g: 2500, desvio_g: 100 });
    expect(values).toHaveLength(52);
    expect([values[0], values[51]]).toEqual([null, null]);
    expect(values.slice(1, 51)).toEqual(expectedBinCounts(histogram, { aves: 100, peso_medio_g: 2500, desvio_g: 100 }));
    expect(curveValues(histogram, { aves: 100, peso_medio_g: 2500, desvio_g: 100 })).toHaveLength(50);
  });

  it('two groups’ curves add up to the birds of the mixture in each bin', () => {
    const males = expectedBinCounts(histogram, { aves: 300, peso_medio_g: 2600, desvio_g: 120 });
    const females = expectedBinCounts(histogram, { aves: 300, peso_medio_g: 2200, desvio_g: 100 });
    const total = males.reduce((sum, count, index) => sum + count + females[index]!, 0);
    // All but the females' tail below 2000 g (2 sd under their mean), each bin rounded to 0.01.
    const inSpan = 300 * (normalCdf(3000, 2600, 120) - normalCdf(2000, 2600, 120)) + 300 * (normalCdf(3000, 2200, 100) - normalCdf(2000, 2200, 100));
    expect(Math.abs(total - inSpan)).toBeLessThan(0.3);
    expect(inSpan).toBeCloseTo(593.2, 0);
  });
});
