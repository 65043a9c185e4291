import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  correctedFeedConversion,
  curveAt,
  dailyGainG,
  DIGITS,
  feedConversion,
  feedConversionDelivered,
  feedPerBirdKg,
  gainSincePlacementG,
  livabilityPct,
  mortalityPct,
  percentOfStandardPct,
  placedInHouse,
  placementWeightG,
  productionEfficiency,
  rankQuartiles,
  roundTo,
  sexoOfWeighing,
  waterFeedRatio,
  weightedMean,
  weightFlockAge,
} from './formulas.js';

describe('the worked flock (docs/performance.md)', () => {
  // 20 000 chicks placed; 600 died and 200 were culled by day 37; the day-35 weighing's mean was
  // 2 150 g and the day-37 one's 2 257 g; 70 000 kg of feed eaten since placement; reference 2 500 g
  // with 0.02 points per 100 g; the standard's points (0, 42), (35, 2 200), (42, 2 900).
  const placed = 20_000;
  const alive = placed - 600 - 200;
  const pontos = [
    { idade: 0, peso: 42 },
    { idade: 35, peso: 2200 },
    { idade: 42, peso: 2900 },
  ];

  it('livability and mortality', () => {
    // 19 200 / 20 000 = 0.96
    expect(roundTo(livabilityPct(placed, alive), DIGITS.pct)).toBe(96);
    // 800 / 20 000 = 0.04
    expect(roundTo(mortalityPct(800, placed), DIGITS.pct)).toBe(4);
    // a day's 30 losses out of 19 230 alive that morning: 0.15600…%
    expect(roundTo(mortalityPct(30, 19_230), DIGITS.pct)).toBe(0.16);
  });

  it('daily gain, since placement and % of standard', () => {
    // (2 257 − 2 150) / 2 days
    expect(roundTo(dailyGainG({ data: '2026-03-06', peso_g: 2150 }, { data: '2026-03-08', peso_g: 2257 }), DIGITS.gramas)).toBe(53.5);
    // (2 257 − 42) / 37 = 59.864…
    expect(roundTo(gainSincePlacementG(2257, placementWeightG(pontos), 37), DIGITS.gramas)).toBe(59.9);
    // the standard at 37 days: 2 200 + 700 × 2/7 = 2 400; 2 257 / 2 400 = 94.0417 %
    const padrao = curveAt(pontos.map((ponto) => ({ idade: ponto.idade, valor: ponto.peso })), 37);
    expect(padrao).toBe(2400);
    expect(roundTo(percentOfStandardPct(2257, padrao), DIGITS.pct)).toBe(94.04);
  });

  it('weight flock age', () => {
    // 35 + (2 257 − 2 200) × 7 / 700 = 35.57 days
    expect(roundTo(weightFlockAge(pontos, 2257), DIGITS.idade)).toBe(35.6);
    expect(weightFlockAge(pontos, 2200)).toBe(35);
    expect(weightFlockAge(pontos, 30)).toBeNull();
    expect(weightFlockAge(pontos, 3000)).toBeNull();
  });

  it('feed per bird, FCR and corrected FCR', () => {
    // 70 000 / 19 200 = 3.6458 kg
    expect(roundTo(feedPerBirdKg(70_000, alive), DIGITS.kg)).toBe(3.646);
    // 70 000 / (19 200 × 2.257) = 70 000 / 43 334.4 = 1.61534…
    const ca = feedConversion(70_000, alive, 2257);
    expect(roundTo(ca, DIGITS.fcr)).toBe(1.615);
    // 1.61534 + (2 500 − 2 257) / 100 × 0.02 = 1.61534 + 0.0486 = 1.66394…
    expect(roundTo(correctedFeedConversion(ca, 2257, 2500, 0.02), DIGITS.fcr)).toBe(1.664);
    // at close-out: 70 000 kg of feed for 43 000 kg delivered
    expect(roundTo(feedConversionDelivered(70_000, 43_000), DIGITS.fcr)).toBe(1.628);
    expect(feedConversion(70_000, 0, 2257)).toBeNull();
  });

  it('water:feed', () => {
    expect(roundTo(waterFeedRatio(126_000, 70_000), DIGITS.razao)).toBe(1.8);
    expect(waterFeedRatio(10, 0)).toBeNull();
  });

  it('IEP(2.257 kg, 37 d, livability 96 %, FCR 1.62) = 361.5', () => {
    // 96 × 2.257 / (37 × 1.62) × 100 = 216.672 / 59.94 × 100 = 361.488…
    expect(roundTo(productionEfficiency(96, 2.257, 37, 1.62), DIGITS.iep)).toBe(361.5);
    expect(productionEfficiency(96, 2.257, 0, 1.62)).toBeNull();
    expect(productionEfficiency(96, 2.257, 37, null)).toBeNull();
  });
});

describe('standard curves', () => {
  it('interpolates only between points that have a value', () => {
    const pontos = [
      { idade: 0, valor: null },
      { idade: 7, valor: 1 },
      { idade: 14, valor: null },
      { idade: 21, valor: 2.4 },
    ];
    expect(curveAt(pontos, 14)).toBeCloseTo(1.7, 10);
    expect(curveAt(pontos, 3)).toBeNull();
    expect(curveAt(pontos, 22)).toBeNull();
  });

  it('without an age-0 point the placement weight is a day-old chick (42 g)', () => {
    expect(placementWeightG([{ idade: 7, peso: 190 }])).toBe(42);
    expect(placementWeightG([{ idade: 0, peso: 40.5 }])).toBe(40.5);
  });

  it('the weight flock age inverts a rising curve', () => {
    const rising = fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 2, maxLength: 30 }).map((steps) => {
      let peso = 40;
      return steps.map((step, idade) => ({ idade, peso: (peso += step) }));
    });
    fc.assert(
      fc.property(rising, fc.double({ min: 0, max: 1, noNaN: true }), (pontos, fraction) => {
        const first = pontos[0]!.peso;
        const last = pontos[pontos.length - 1]!.peso;
        const peso = first + (last - first) * fraction;
        const idade = weightFlockAge(pontos, peso);
        expect(idade).not.toBeNull();
        // the standard at that age gives the weight back
        expect(curveAt(pontos.map((p) => ({ idade: p.idade, valor: p.peso })), Math.floor(idade!))).toBeLessThanOrEqual(peso + 1e-6);
        const back = pontos.find((p) => p.idade > idade!) ?? pontos[pontos.length - 1]!;
        expect(back.peso).toBeGreaterThanOrEqual(peso - 1e-6);
      }),
    );
  });
});

describe('corrected FCR', () => {
  it('equals the FCR at the reference weight and moves by the points per 100 g', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.8, max: 3, noNaN: true }),
        fc.integer({ min: 500, max: 6000 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.integer({ min: -2000, max: 2000 }),
        (ca, referencia, pontos, diferenca) => {
          expect(correctedFeedConversion(ca, referencia, referencia, pontos)).toBe(ca);
          const lighter = correctedFeedConversion(ca, referencia - diferenca, referencia, pontos)!;
          expect(lighter - ca).toBeCloseTo((diferenca / 100) * pontos, 9);
        },
      ),
    );
  });
});

describe('ranking and quartiles', () => {
  it('ranks the highest IEP first and splits them into quarters', () => {
    const ranks = rankQuartiles([300, null, 361.5, 250, 410, 330]);
    expect(ranks.map((rank) => rank.posicao)).toEqual([4, null, 2, 5, 1, 3]);
    // 5 ranked: ⌊(r − 1) × 4 / 5⌋ + 1 → 1, 1, 2, 3, 4
    expect(ranks.map((rank) => rank.quartil)).toEqual([3, null, 1, 4, 1, 2]);
  });

  it('partitions the ranked items into four ordered quarters of near-equal size', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.double({ min: 0, max: 600, noNaN: true }), { nil: null }), { maxLength: 80 }), (values) => {
        const ranks = rankQuartiles(values);
        const ranked = ranks.filter((rank) => rank.posicao !== null);
        const n = values.filter((value) => value !== null).length;
        expect(ranked.length).toBe(n);
        expect(new Set(ranked.map((rank) => rank.posicao))).toEqual(new Set(Array.from({ length: n }, (_, index) => index + 1)));
        ranks.forEach((rank, index) => expect(rank.quartil === null).toBe(values[index] === null));
        const sizes = [1, 2, 3, 4].map((quartil) => ranked.filter((rank) => rank.quartil === quartil).length);
        if (n >= 4) expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        for (const a of ranked) {
          for (const b of ranked) {
            if (a.posicao! < b.posicao!) {
              expect(a.quartil!).toBeLessThanOrEqual(b.quartil!);
              expect(values[ranks.indexOf(a)]!).toBeGreaterThanOrEqual(values[ranks.indexOf(b)]!);
            }
          }
        }
      }),
    );
  });
});

describe('bird-weighted means', () => {
  it('weights each value by its birds and skips the ones without a value', () => {
    // (1.6 × 10 000 + 1.7 × 30 000) / 40 000 = 1.675
    expect(weightedMean([{ valor: 1.6, peso: 10_000 }, { valor: 1.7, peso: 30_000 }, { valor: null, peso: 5_000 }])).toBeCloseTo(1.675, 12);
    expect(weightedMean([{ valor: null, peso: 1 }])).toBeNull();
  });
});

describe('birds placed per house', () => {
  it('splits the flock evenly, the first houses taking the remainder, and loses no bird', () => {
    expect([0, 1, 2].map((index) => placedInHouse(20_002, 3, index))).toEqual([6668, 6667, 6667]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 40 }), (total, houses) => {
        const split = Array.from({ length: houses }, (_, index) => placedInHouse(total, houses, index));
        return split.reduce((sum, birds) => sum + birds, 0) === total && Math.max(...split) - Math.min(...split) <= 1;
      }),
    );
  });
});

describe('rounding', () => {
  it('rounds half away from zero once', () => {
    expect(roundTo(361.45, 1)).toBe(361.5);
    expect(roundTo(-0.125, 2)).toBe(-0.13);
    expect(roundTo(1.0005, 3)).toBe(1.001);
    expect(roundTo(null, 2)).toBeNull();
  });
});

describe('sex of a weighing', () => {
  it('reads the ways scales and files write it', () => {
    expect(['M', 'Macho', ' male '].map(sexoOfWeighing)).toEqual(['macho', 'macho', 'macho']);
    expect(['F', 'Fêmea', 'hembra'].map(sexoOfWeighing)).toEqual(['femea', 'femea', 'femea']);
    expect(['Misto', 'mixed'].map(sexoOfWeighing)).toEqual(['misto', 'misto']);
    expect(['', 'lote 3'].map(sexoOfWeighing)).toEqual([null, null]);
  });
});
