import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUALIDADE_PADRAO } from '../schemas/quality.js';
import { aceitasPercent, esperadoDoDia, janelaDe, janelaEmGramas, motivoDe, notaDia, type DiaAceito } from './quality.js';

const PADRAO = { abaixo_pct: 30, acima_pct: 15, dupla_tolerancia_pct: 15 };
const semPadrao = () => null;

describe('quality window', () => {
  it('draws the edges by hand: ⌈e·70/100⌉, ⌊e·115/100⌋, ⌈2e·85/100⌉, ⌊2e·115/100⌋', () => {
    expect(janelaDe(2000, PADRAO)).toEqual({ esperado: 2000, baixo: 1400, alto: 2300, duplaBaixo: 3400, duplaAlto: 4600 });
    // 863.8 → 864, 1419.1 → 1419, 2097.8 → 2098, 2838.2 → 2838
    expect(janelaDe(1234, PADRAO)).toEqual({ esperado: 1234, baixo: 864, alto: 1419, duplaBaixo: 2098, duplaAlto: 2838 });
    expect(janelaDe(1000, { abaixo_pct: 10, acima_pct: 5, dupla_tolerancia_pct: 45 })).toEqual({ esperado: 1000, baixo: 900, alto: 1050, duplaBaixo: 1100, duplaAlto: 2900 });
  });

  it('flags each weight by its reason, every edge inside the range it closes', () => {
    const janela = janelaDe(1234, PADRAO);
    const cases: [number, string | null][] = [[1, 'parcial'], [863, 'parcial'], [864, null], [1419, null], [1420, 'acima'], [2097, 'acima'], [2098, 'dupla'], [2838, 'dupla'], [2839, 'acima']];
    for (const [peso, motivo] of cases) expect(motivoDe(peso, janela), `${peso}`).toBe(motivo);
    expect(motivoDe(99_999, null)).toBeNull();
  });

  it('matches the real-number definition on random weights and settings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 1, max: 90 }), fc.integer({ min: 1, max: 90 }), fc.integer({ min: 1, max: 45 }), (e, abaixo, acima, tol) => {
        const janela = janelaDe(e, { abaixo_pct: abaixo, acima_pct: acima, dupla_tolerancia_pct: tol });
        expect(janela.baixo * 100).toBeGreaterThanOrEqual(e * (100 - abaixo));
        expect((janela.baixo - 1) * 100).toBeLessThan(e * (100 - abaixo));
        expect(janela.alto * 100).toBeLessThanOrEqual(e * (100 + acima));
        expect((janela.alto + 1) * 100).toBeGreaterThan(e * (100 + acima));
        expect(janela.duplaBaixo * 100).toBeGreaterThanOrEqual(2 * e * (100 - tol));
        expect((janela.duplaAlto + 1) * 100).toBeGreaterThan(2 * e * (100 + tol));
      }),
    );
  });

  it('shows the window in grams, and no window as sem_referencia', () => {
    expect(janelaEmGramas(janelaDe(1234, PADRAO), 'padrao')).toEqual({ referencia: 'padrao', esperado_g: 123.4, baixo_g: 86.4, alto_g: 141.9, dupla_baixo_g: 209.8, dupla_alto_g: 283.8 });
    expect(janelaEmGramas(null, null)).toEqual({ referencia: 'sem_referencia', esperado_g: null, baixo_g: null, alto_g: null, dupla_baixo_g: null, dupla_alto_g: null });
  });

  it('the defaults are off, −30 % / +15 %', () => {
    expect(QUALIDADE_PADRAO).toMatchObject({ ativo: false, abaixo_pct: 30, acima_pct: 15, referencia: 'media_anterior' });
  });
});

describe('expected weight of a flock-day', () => {
  const dia = (data: string, idade: number | null, aves: number, soma: number): DiaAceito => ({ data, idade, aves, soma: BigInt(soma) });
  const padrao = (pontos: Record<number, number>) => (idade: number) => pontos[idade] ?? null;

  it('first day: the standard at the age, else no reference', () => {
    expect(esperadoDoDia({ referencia: 'media_anterior', data: '2026-11-08', idade: 7, padraoEm: padrao({ 7: 1800 }), anteriores: [] })).toEqual({ referencia: 'padrao', esperado_dg: 1800 });
    expect(esperadoDoDia({ referencia: 'media_anterior', data: '2026-11-08', idade: 7, padraoEm: semPadrao, anteriores: [] })).toBeNull();
    expect(esperadoDoDia({ referencia: 'media_anterior', data: '2026-11-08', idade: null, padraoEm: padrao({ 7: 1800 }), anteriores: [] })).toBeNull();
  });

  it('padrao: the standard where it covers the age, else the previous mean rule', () => {
    const anteriores = [dia('2026-11-08', 7, 2, 3000)];
    expect(esperadoDoDia({ referencia: 'padrao', data: '2026-11-11', idade: 10, padraoEm: padrao({ 7: 1600, 10: 2000 }), anteriores })).toEqual({ referencia: 'padrao', esperado_dg: 2000 });
    expect(esperadoDoDia({ referencia: 'padrao', data: '2026-11-11', idade: 10, padraoEm: semPadrao, anteriores })).toEqual({ referencia: 'media_anterior', esperado_dg: 1500 });
  });

  it("previous accepted mean + the standard's gain over the two ages, half away from zero", () => {
    // 3001 / 2 = 1500.5, + (2000 − 1600) = 1900.5 → 1901
    const anteriores = [dia('2026-11-08', 7, 2, 3001)];
    expect(esperadoDoDia({ referencia: 'media_anterior', data: '2026-11-11', idade: 10, padraoEm: padrao({ 7: 1600, 10: 2000 }), anteriores })).toEqual({ referencia: 'media_anterior', esperado_dg: 1901 });
  });

  it('without a standard: the gain observed between the two previous days, never below 0', () => {
    // 1000 → 1200 over 2 days: 100/day; 3 days later: 1500.
    const rising = [dia('2026-11-01', null, 2, 2000), dia('2026-11-03', null, 3, 3600)];
    expect(esperadoDoDia({ referencia: 'media_anterior', data: '2026-11-06', idade: null, padraoEm: semPadrao, anteriores: rising })).toEqual({ referencia: 'media_anterior', esperado_dg: 1500 });
    // 1300 → 1200: a loss counts as no gain.
    const falling = [dia('2026-11-01', null, 1, 1300), dia('2026-11-03', null, 3, 3600)];
    expect(esperadoDoDia({ referencia: 'media_anterior', data: '2026-11-06', idade: null, padraoEm: semPadrao, anteriores: falling })).toEqual({ referencia: 'media_anterior', esperado_dg: 1200 });
    // One previous day only: its mean (3601 / 3 = 1200.33 → 1200).
    expect(esperadoDoDia({ referencia: 'media_anterior', data: '2026-11-06', idade: null, padraoEm: semPadrao, anteriores: [dia('2026-11-03', null, 3, 3601)] })).toEqual({ referencia: 'media_anterior', esperado_dg: 1200 });
    // The standard covers today but not the previous age: the observed gain.
    expect(esperadoDoDia({ referencia: 'media_anterior', data: '2026-11-06', idade: 10, padraoEm: padrao({ 10: 5000 }), anteriores: rising.map((d, i) => ({ ...d, idade: 5 + 2 * i })) })).toEqual({ referencia: 'media_anterior', esperado_dg: 1500 });
  });
});

describe('scale day score', () => {
  it('accepted share × min(1, weighings ÷ expected), 1 decimal; the share with 2', () => {
    expect(notaDia(50, 45, 100)).toBe(45);
    expect(notaDia(200, 150, 100)).toBe(75);
    expect(notaDia(3, 2, 1)).toBe(66.7);
    expect(notaDia(0, 0, 100)).toBe(0);
    expect(aceitasPercent(3, 2)).toBe(66.67);
    expect(aceitasPercent(0, 0)).toBe(0);
  });
});
