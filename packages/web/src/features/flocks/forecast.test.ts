import type { Previsao, PrevisaoGrupo, PrevisaoPonto } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { formatDay, forecastReason, forecastSeries, groupOptions, pointLines, targetDays, tileLine, type ForecastFormat } from './forecast';
import { numberFormat } from '../records/numbers';

const echo = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const ptNumbers = numberFormat('pt-BR');
const f: ForecastFormat = { t: echo, number: (value, digits) => ptNumbers.format(value, digits), day: formatDay };

const ponto = (idade: number, overrides: Partial<PrevisaoPonto> = {}): PrevisaoPonto => ({
  idade, data: `2026-12-${String(idade + 1).padStart(2, '0')}`, p10: null, p50: null, p90: null, padrao: null, observado: null, aves: null, ...overrides,
});

const grupo = (overrides: Partial<PrevisaoGrupo> = {}): PrevisaoGrupo => ({
  grupo: 'lote', situacao: 'ok', dias_pesagem: 5, aves_pesadas: 600, dias_minimos: 3, ultima_data: '2026-12-03', peso_padrao_pct: 20,
  padrao: { id: 1, nome: 'Ross 308' }, ajuste: { A_g: 4200, B: 4.5, k: 0.045, rmse_g: 31.2, rmse_pct: 1.9 },
  peso_na_data: { data: '2026-12-05', idade: 4, p10: 2400, p50: 2450.5, p90: 2510 },
  alvo: { ja_atingido: false, p10: { data: '2026-12-10', idade: 9 }, p50: { data: '2026-12-12', idade: 11 }, p90: { data: '2026-12-14', idade: 13 } },
  curva: [], ...overrides,
});

const previsao = (grupos: PrevisaoGrupo[]): Previsao => ({
  lote_id: 3, codigo: 'L1', data_alojamento: '2026-12-01', hoje: '2026-12-03', idade: 2, alvo_g: 2500, data: '2026-12-05', horizonte: '2026-12-20', grupos,
});

describe('the forecast series', () => {
  it('put the weighed days as points, the standard where it has one, and the P10–P90 band as a base and a width', () => {
    const s = forecastSeries(
      grupo({
        curva: [
          ponto(0, { padrao: 42 }),
          ponto(1, { p10: 90, p50: 100, p90: 115, padrao: 60, observado: 98.5, aves: 120 }),
          ponto(2, { p10: 150, p50: 160, p90: 180 }),
        ],
      }),
    );
    expect(s.observed).toEqual([[1, 98.5]]);
    expect(s.standard).toEqual([[0, 42], [1, 60]]);
    expect(s.p50).toEqual([[0, null], [1, 100], [2, 160]]);
    // Stacked: base + width reaches P90 on every age with a band.
    expect(s.bandBase).toEqual([[0, null], [1, 90], [2, 150]]);
    expect(s.bandWidth).toEqual([[0, null], [1, 25], [2, 30]]);
    expect(s.banded).toBe(true);
  });

  it('draw no band when the curve is not trusted (all nulls)', () => {
    const s = forecastSeries(grupo({ situacao: 'poucos_dias', curva: [ponto(0), ponto(1, { observado: 100, aves: 50 })] }));
    expect(s.banded).toBe(false);
    expect(s.bandWidth.every(([, width]) => width === null)).toBe(true);
    expect(s.observed).toEqual([[1, 100]]);
  });

  it('say in the tooltip what a day holds, numbers in the user format', () => {
    const lines = pointLines(ponto(1, { p10: 1234.5, p50: 1300, p90: 1400.25, observado: 1290, padrao: 1310 }), f);
    expect(lines).toEqual([
      'flocks.forecast.chart.ageOn {"age":1,"date":"02/12/2026"}',
      'flocks.forecast.chart.observed: 1.290,0 g',
      'flocks.forecast.chart.standard: 1.310,0 g',
      'P50: 1.300,0 g',
      'P10–P90: 1.234,5–1.400,3 g',
    ]);
  });
});

describe('the reasons', () => {
  it('give no reason for a trusted curve, and a sentence for each other situacao', () => {
    expect(forecastReason(grupo(), echo)).toBeNull();
    expect(forecastReason(grupo({ situacao: 'poucos_dias', dias_pesagem: 2, dias_minimos: 3 }), echo)).toBe('flocks.forecast.reasons.poucos_dias {"days":2,"needed":3,"age":7}');
    // Without a standard the fit starts later (docs/forecast.md), and the text says from when.
    expect(forecastReason(grupo({ situacao: 'poucos_dias', dias_pesagem: 2, dias_minimos: 6, padrao: null }), echo)).toBe('flocks.forecast.reasons.poucos_dias {"days":2,"needed":6,"age":14}');
    for (const situacao of ['sem_pesagens', 'ajuste_ruim', 'intervalo_largo'] as const) {
      expect(forecastReason(grupo({ situacao }), echo)).toBe(`flocks.forecast.reasons.${situacao}`);
    }
  });
});

describe('the target days', () => {
  it('read already reached, or P50 with P10–P90, a day past the horizon as after it', () => {
    expect(targetDays(null, '2026-12-20', f)).toBeNull();
    expect(targetDays({ ja_atingido: true, p10: null, p50: null, p90: null }, '2026-12-20', f)).toEqual({ reached: true });
    expect(targetDays(grupo().alvo, '2026-12-20', f)).toEqual({ reached: false, p50: '12/12/2026', p10: '10/12/2026', p90: '14/12/2026', age: 11 });
    const late = targetDays({ ja_atingido: false, p10: { data: '2026-12-18', idade: 17 }, p50: { data: '2026-12-19', idade: 18 }, p90: null }, '2026-12-20', f, true);
    expect(late).toEqual({ reached: false, p50: '19/12', p10: '18/12', p90: 'flocks.forecast.after {"date":"20/12"}', age: 18 });
  });
});

describe('the dashboard tile line', () => {
  it('gives the target day P50 with P10–P90 in short dates', () => {
    expect(tileLine(previsao([grupo()]), f)).toEqual({ text: 'flocks.forecast.tile.reach {"target":"2.500","date":"12/12","from":"10/12","to":"14/12"}', trusted: true });
  });

  it('says already reached', () => {
    expect(tileLine(previsao([grupo({ alvo: { ja_atingido: true, p10: null, p50: null, p90: null } })]), f)).toEqual({ text: 'flocks.forecast.tile.reached {"target":"2.500"}', trusted: true });
  });

  it('says why instead of a number the fit does not trust', () => {
    const untrusted = grupo({ situacao: 'intervalo_largo', peso_na_data: null, alvo: null });
    expect(tileLine(previsao([untrusted]), f)).toEqual({ text: 'flocks.forecast.reasons.intervalo_largo', trusted: false });
    expect(tileLine(previsao([]), f)).toEqual({ text: 'flocks.forecast.reasons.sem_pesagens', trusted: false });
  });

  it('writes days as every screen does, dd/mm in each language', () => {
    const en: ForecastFormat = { ...f, number: (value, digits) => numberFormat('en-US').format(value, digits) };
    expect(tileLine(previsao([grupo()]), en).text).toBe('flocks.forecast.tile.reach {"target":"2,500","date":"12/12","from":"10/12","to":"14/12"}');
  });
});

describe('the groups', () => {
  it('are offered flock first, as sent', () => {
    expect(groupOptions(previsao([grupo(), grupo({ grupo: 'femea' })]), echo)).toEqual([
      { value: 'lote', label: 'flocks.forecast.groups.lote' },
      { value: 'femea', label: 'flocks.forecast.groups.femea' },
    ]);
  });
});
