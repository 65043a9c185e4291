import type { LiveReading, MsgSel } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { numberFormat } from '../records/numbers';
import { asLiveReading, isCompleteBatch, lastCompleteBatch, mergeReadings, newPedido, readingFacts, withLastBatches } from './readings';

const pt = numberFormat('pt-BR');
const en = numberFormat('en-US');
// Intl may put a narrow no-break space between number and unit in some locales; compare plainly.
const plain = (text: string | undefined) => text?.replace(/\u00a0|\u202f/g, ' ');
const valuesOf = (reading: LiveReading, format = pt) =>
  Object.fromEntries(readingFacts(reading, format).map((fact) => [fact.key, plain(fact.value) ?? fact.valueKey]));

const sel: MsgSel = {
  tipo: 'SEL',
  header: 'Seleção',
  data: '2026-03-05',
  nucleo: 'Boa Vista',
  lote: 'L12',
  aviario: '3',
  sexo: 'F',
  idade: 35,
  categorias: [{ box: 1, descricao: 'Leve', peso_total: 12000, aves: 10, pm: 1200, percent: 50 }],
  seletoras: [],
  infoGeral: { desc: 'Geral', peso_total: 2468049.5, aves: 1234, pm: 2000.04, percent: 100 },
};

describe('readingFacts', () => {
  it('shows a scale in grams with 1 decimal, in the language of the interface', () => {
    expect(valuesOf({ tipo: 'PESO', peso: 2345.67, estavel: true, aves: 0 })).toEqual({ weight: '2.345,7 g', stability: 'live.value.stable' });
    expect(valuesOf({ tipo: 'PESO', peso: 2345.67, estavel: false, aves: 3 }, en)).toEqual({ weight: '2,345.7 g', stability: 'live.value.unstable', birds: '3' });
  });

  it('derives a collector batch’s sex from the counts and its average as total / 20', () => {
    expect(valuesOf({ tipo: 'COLETA', machos: 12, femeas: 8, peso_total: 50_000 })).toEqual({ average: '2.500,0 g', sex: 'live.sex.M', males: '12', females: '8' });
    expect(valuesOf({ tipo: 'COLETA', machos: 10, femeas: 10, peso_total: 41_001 })['sex']).toBe('live.sex.misto');
    expect(valuesOf({ tipo: 'COLETA', machos: 1, femeas: 19, peso_total: 41_001 })['average']).toBe('2.050,1 g');
  });

  it('shows a collector batch still filling as its count so far, never divided by 20', () => {
    // 2 birds of 2.37 kg: "237 g" would be a weight no bird has.
    const filling = { tipo: 'COLETA', machos: 1, femeas: 1, peso_total: 4_740 } as const;
    const facts = readingFacts(filling, pt);
    expect(facts.find((fact) => fact.main)).toEqual({
      key: 'batchProgress',
      valueKey: 'live.value.batchProgress',
      valueParams: { count: '2', total: '20' },
      main: true,
    });
    expect(valuesOf(filling)).toEqual({ batchProgress: 'live.value.batchProgress', males: '1', females: '1' });
    expect(facts.some((fact) => fact.key === 'average' || fact.value?.includes(' g'))).toBe(false);
  });

  it('shows the last complete batch’s average and sex while the next one fills', () => {
    const last = { tipo: 'COLETA', machos: 12, femeas: 8, peso_total: 47_410 } as const;
    const filling = { tipo: 'COLETA', machos: 3, femeas: 4, peso_total: 16_000 } as const;
    expect(valuesOf(filling, pt)).toEqual({ batchProgress: 'live.value.batchProgress', males: '3', females: '4' });
    const withLast = Object.fromEntries(readingFacts(filling, pt, last).map((fact) => [fact.key, plain(fact.value) ?? fact.valueKey]));
    expect(withLast).toEqual({ batchProgress: 'live.value.batchProgress', lastAverage: '2.370,5 g', lastSex: 'live.sex.M', males: '3', females: '4' });
    expect(readingFacts(filling, pt, last).find((fact) => fact.main)?.valueParams).toEqual({ count: '7', total: '20' });
    // A "last batch" that is not complete is no average either.
    expect(readingFacts(filling, pt, filling).map((fact) => fact.key)).toEqual(['batchProgress', 'males', 'females']);
    // A complete batch shows its own average, whatever came before.
    expect(valuesOf(last)['average']).toBe('2.370,5 g');
    expect(isCompleteBatch(last)).toBe(true);
    expect(isCompleteBatch(filling)).toBe(false);
  });

  it('shows silo balance in kg with 1 decimal, troughs, dosers and a grader’s summary', () => {
    expect(valuesOf({ tipo: 'SILO', peso_kg: 12345.04 })).toEqual({ silo: '12.345,0 kg' });
    expect(valuesOf({ tipo: 'CALHA', idcalha: 2, rpm: 3.25, voltas: 1500, ligada: true })).toEqual({ rpm: '3,3 rpm', trough: '2', turns: '1.500', motor: 'live.value.on' });
    expect(valuesOf({ tipo: 'CALHA', idcalha: 2, rpm: 0, voltas: 1500, ligada: true, presenca: false })).toMatchObject({ motor: 'live.value.on', feed: 'live.value.feedAbsent' });
    expect(valuesOf({ tipo: 'DOSE', volume_ml: 1500.5, vazao_ml_min: 12, ligada: false })).toEqual({ volume: '1.500,5 ml', flow: '12,0 ml/min', pump: 'live.value.off' });
    expect(valuesOf(sel)).toEqual({ average: '2.000,0 g', birds: '1.234', totalWeight: '2.468,0 kg' });
  });

  it('marks exactly one fact as the main one of every reading type', () => {
    const readings: LiveReading[] = [
      { tipo: 'PESO', peso: 1, estavel: true, aves: 1 },
      { tipo: 'COLETA', machos: 1, femeas: 0, peso_total: 20 },
      { tipo: 'SILO', peso_kg: 1 },
      { tipo: 'CALHA', idcalha: 1, rpm: 1, voltas: 1, ligada: true },
      { tipo: 'DOSE', volume_ml: 1, vazao_ml_min: 1, ligada: true },
      sel,
    ];
    for (const reading of readings) expect(readingFacts(reading, pt).filter((fact) => fact.main)).toHaveLength(1);
  });
});

describe('asLiveReading', () => {
  it('accepts the readings the screens show and refuses anything else', () => {
    expect(asLiveReading({ tipo: 'SILO', peso_kg: 10 })).toEqual({ tipo: 'SILO', peso_kg: 10 });
    expect(asLiveReading(sel)).toEqual(sel);
    expect(asLiveReading({ tipo: 'SILO', peso_kg: '10' })).toBeNull();
    expect(asLiveReading({ tipo: 'PESO', peso: 1, estavel: 'true', aves: 0 })).toBeNull();
    expect(asLiveReading({ tipo: 'PES', seq: 1 })).toBeNull();
    expect(asLiveReading({ tipo: 'SEL', lote: 'x', categorias: [], infoGeral: null })).toBeNull();
    expect(asLiveReading(null)).toBeNull();
    expect(asLiveReading({ tipo: 'CALHA', idcalha: 1, rpm: Number.NaN, voltas: 1, ligada: true })).toBeNull();
  });
});

describe('mergeReadings', () => {
  it('lists received and stored readings newest first, once each, leaving out unknown ones', () => {
    const silo = (kg: number) => ({ tipo: 'SILO' as const, peso_kg: kg });
    const received = [{ em: '2026-03-05T10:00:03Z', leitura: silo(3) }, { em: '2026-03-05T10:00:02Z', leitura: silo(2) }];
    const stored = [
      { em: '2026-03-05T10:00:02Z', leitura: silo(2) },
      { em: '2026-03-05T10:00:01Z', leitura: { tipo: 'XYZ' } },
      { em: '2026-03-05T10:00:00Z', leitura: silo(0) },
    ];
    expect(mergeReadings(received, stored).map((entry) => entry.leitura)).toEqual([silo(3), silo(2), silo(0)]);
    expect(mergeReadings(received, stored, 2)).toHaveLength(2);
  });
});

describe('withLastBatches', () => {
  it('pairs each collector reading still filling with the batch completed before it', () => {
    const coleta = (machos: number, femeas: number, peso_total: number) => ({ tipo: 'COLETA' as const, machos, femeas, peso_total });
    const full = coleta(10, 10, 40_000);
    const newestFirst = [
      { em: '2026-03-05T10:00:04Z', leitura: coleta(2, 0, 4_000) },
      { em: '2026-03-05T10:00:03Z', leitura: full },
      { em: '2026-03-05T10:00:02Z', leitura: coleta(9, 9, 36_000) },
      { em: '2026-03-05T10:00:01Z', leitura: coleta(1, 0, 2_000) },
    ];
    const listed = withLastBatches(newestFirst);
    expect(listed.map((entry) => entry.reading)).toEqual(newestFirst);
    expect(listed.map((entry) => entry.lastBatch?.em)).toEqual(['2026-03-05T10:00:03Z', undefined, undefined, undefined]);
    // The live panel's last complete batch when it came before the page opened.
    expect(lastCompleteBatch(newestFirst)).toEqual({ em: '2026-03-05T10:00:03Z', leitura: full });
    expect(lastCompleteBatch(newestFirst.slice(2))).toBeUndefined();
  });
});

// When a reading arrived is shown on the account's clock: components/clock/clock.test.ts.
describe('newPedido', () => {
  it('makes picture ids the channel accepts, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, newPedido));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });
});
