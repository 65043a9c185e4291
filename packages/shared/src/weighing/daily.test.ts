import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAIXA_DG, faixaOf, lineBand, lineStats, type DayAggregate, type EdgeRead } from './daily.js';
import { computeStats, scoreCounts, statsFromSums, weightSums } from './stats.js';

interface Bird {
  peso: number;
  score: number | null;
}

/** A day as the database keeps it: its aggregate row, its 10 g bands, its scores and its raw weights. */
interface StoredDay {
  aggregate: DayAggregate;
  faixas: Map<number, number>;
  scores: Map<number, number>;
  pesos: number[];
}

function storeDay(birds: readonly Bird[]): StoredDay {
  const pesos = birds.map((bird) => bird.peso);
  const sums = weightSums([pesos]);
  const faixas = new Map<number, number>();
  for (const peso of pesos) faixas.set(faixaOf(peso), (faixas.get(faixaOf(peso)) ?? 0) + 1);
  return {
    // The bigint columns as each driver may hand them over: text (pg), BigInt, number (SQLite).
    aggregate: { aves: sums.count, soma: sums.sum.toString(), quadrados: sums.squares, menor: sums.min, maior: sums.max },
    faixas,
    scores: scoreCounts([birds.map((bird) => bird.score)]),
    pesos,
  };
}

/** What the database answers for an edge's reads: the birds of the whole bands plus the raw rows in range. */
function readEdge(day: StoredDay, read: EdgeRead | null): number {
  if (read === null) return 0;
  let count = 0;
  if (read.faixas) for (const [faixa, aves] of day.faixas) if (faixa >= read.faixas[0] && faixa <= read.faixas[1]) count += aves;
  if (read.pesos) {
    // Raw rows are only ever read within the one 10 g band holding an edge.
    expect(faixaOf(read.pesos[0])).toBe(faixaOf(read.pesos[1]));
    for (const peso of day.pesos) if (peso >= read.pesos[0] && peso <= read.pesos[1]) count += 1;
  }
  return count;
}

/** The aggregate path, end to end, over stored days. */
function statsOfDays(days: readonly StoredDay[]) {
  const line = lineBand(days.map((day) => day.aggregate));
  const straddling = { below: 0, above: 0 };
  line.days.forEach((band, index) => {
    straddling.below += readEdge(days[index]!, band.below);
    straddling.above += readEdge(days[index]!, band.above);
  });
  return lineStats(line, straddling, scoreCounts(days.map((day) => day.scores)));
}

describe('lineBand: where each day lies against the line’s band', () => {
  it('mean 1000 g: band 900.0–1100.0 g; a day wholly above, one straddling the lower edge by a whole 10 g band', () => {
    // 899.9 g and 1000 g on day one, 1100.1 g on day two: Σ = 30000 dg, band [9000, 11000] dg.
    const days = [storeDay([{ peso: 8999, score: null }, { peso: 10_000, score: null }]), storeDay([{ peso: 11_001, score: null }])];
    const line = lineBand(days.map((day) => day.aggregate));
    expect(line).toMatchObject({ lowest: 9000, highest: 11_000, faixaBaixa: 90, faixaAlta: 110, whole: { below: 0, above: 1 }, straddles: true });
    // 899.9 g is in band 89, wholly under the edge band 90 (which starts exactly at the edge): no raw read.
    expect(line.days).toEqual([
      { position: 'straddles', below: { faixas: [89, 89], pesos: null }, above: null },
      { position: 'above', below: null, above: null },
    ]);
    expect(statsOfDays(days)).toEqual(computeStats([8999, 10_000, 11_001]));
  });

  it('an edge inside a 10 g band: raw rows read from the band start (or the day’s lightest) to the edge', () => {
    // Σ = 3 · 10005 → band [⌈9004.5⌉, ⌊11005.5⌋] = [9005, 11005]: edge bands 90 and 110.
    const day = storeDay([{ peso: 8870, score: 1 }, { peso: 9004, score: null }, { peso: 9005, score: 2 }, { peso: 11_006, score: null }, { peso: 12_140, score: null }].map((bird) => bird));
    const line = lineBand([day.aggregate]);
    expect(line.lowest).toBe(Math.ceil((9 * 50_025) / 50));
    expect(line.days[0]).toMatchObject({ position: 'straddles' });
    expect(line.days[0]!.below).toEqual({ faixas: [88, 89], pesos: [9000, line.lowest! - 1] });
    expect(line.days[0]!.above).toEqual({ faixas: [111, 121], pesos: [line.highest! + 1, 11_099] });
    expect(statsOfDays([day])).toEqual(computeStats([8870, 9004, 9005, 11_006, 12_140], [1, null, 2, null, null]));
  });

  it('days wholly inside read nothing; no birds: no band', () => {
    const days = [storeDay([{ peso: 10_000, score: null }]), storeDay([{ peso: 10_500, score: null }, { peso: 9_600, score: null }])];
    const line = lineBand(days.map((day) => day.aggregate));
    expect(line.straddles).toBe(false);
    expect(line.days.map((day) => day.position)).toEqual(['inside', 'inside']);
    expect(lineBand([])).toMatchObject({ lowest: null, highest: null, faixaBaixa: null, faixaAlta: null, days: [], straddles: false });
    expect(lineStats(lineBand([]), { below: 0, above: 0 }, new Map())).toEqual(computeStats([]));
  });

  it('statsFromSums is what computeStats computes', () => {
    const pesos = [9000, 10_000, 11_000, 12_345];
    const sums = weightSums([pesos]);
    // Mean 1058.625 g: band 952.8–1164.4 g, 900 g below and 1234.5 g above.
    expect(statsFromSums(sums, { below: 1, above: 1 }, new Map([[3, 2]]))).toEqual(computeStats(pesos, new Map([[3, 2]])));
  });
});

const bird = fc.record({ peso: fc.integer({ min: 1, max: 999_999 }), score: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }) });
/** Birds exactly on the band's edges (a·0.9m, b·m, a·1.1m), m a multiple of 10 dg or not, so edges fall on band limits and inside bands. */
const onTheEdges = fc
  .record({ m: fc.integer({ min: 1, max: 99_999 }), a: fc.integer({ min: 1, max: 5 }), b: fc.integer({ min: 0, max: 5 }), nudge: fc.constantFrom(0, FAIXA_DG) })
  .map(({ m, a, b, nudge }) => [...new Array(a).fill(9 * m + nudge), ...new Array(b).fill(10 * m), ...new Array(a).fill(11 * m - nudge)].map((peso: number): Bird => ({ peso, score: null })));
/** A growing flock: days around a mean with a spread, ties and birds on 10 g band limits common. */
const closeTogether = fc
  .tuple(fc.integer({ min: 5_000, max: 40_000 }), fc.array(fc.integer({ min: -1_200, max: 1_200 }), { maxLength: 120 }))
  .map(([base, offsets]) => offsets.map((offset): Bird => ({ peso: offset % 7 === 0 ? Math.round((base + offset) / 100) * 100 : base + offset, score: offset % 5 === 0 ? Math.abs(offset) % 4 : null })));

describe('the aggregate path against computeStats on the raw weights', () => {
  it('gives the same figures, digit for digit, however the birds are split into days', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(bird, { maxLength: 80 }), onTheEdges, closeTogether),
        fc.integer({ min: 1, max: 8 }),
        fc.infiniteStream(fc.nat()),
        (birds, dayCount, picks) => {
          const split: Bird[][] = Array.from({ length: dayCount }, () => []);
          for (const one of birds) split[picks.next().value % dayCount]!.push(one);
          const days = split.filter((list) => list.length > 0).map(storeDay);
          const expected = computeStats(
            birds.map((one) => one.peso),
            birds.map((one) => one.score),
          );
          expect(statsOfDays(days)).toEqual(expected);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('a growing flock over days: early days wholly below, late days wholly above, counted without reads; the middle one inside', () => {
    const days = [0, 1, 2, 3, 4, 5, 6].map((offset) => storeDay(Array.from({ length: 50 }, (_, index) => ({ peso: 10_000 + offset * 2_000 + (index - 25) * 20, score: index % 3 === 0 ? 1 : null }))));
    const line = lineBand(days.map((day) => day.aggregate));
    // Mean 1600 g: band 1440–1760 g; each day spans ±50 g around 1000, 1200 … 2200 g.
    expect(line.days.map((day) => day.position)).toEqual(['below', 'below', 'straddles', 'inside', 'straddles', 'above', 'above']);
    expect(line.whole).toEqual({ below: 100, above: 100 });
    const all = days.flatMap((day) => day.pesos);
    expect(statsOfDays(days)).toEqual(computeStats(all, new Map([[1, 7 * 17]])));
  });
});
