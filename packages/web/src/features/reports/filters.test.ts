import { describe, expect, it } from 'vitest';
import { filtersFromSearch, isGenerated, reportBody, searchFromFilters } from './filters';

describe('report filters in the url', () => {
  it('read every filter and write them back in a fixed order', () => {
    const filters = filtersFromSearch(new URLSearchParams('fim=2026-11-30&sexo=Macho&lote=7&nucleo=3&prop=12&aviario=Avi%C3%A1rio%201&inicio=2026-11-01'));
    expect(filters).toEqual({ prop: 12, nucleo: 3, lote: 7, aviario: 'Aviário 1', sexo: 'Macho', inicio: '2026-11-01', fim: '2026-11-30' });
    expect(searchFromFilters(filters).toString()).toBe('prop=12&nucleo=3&lote=7&aviario=Avi%C3%A1rio+1&sexo=Macho&inicio=2026-11-01&fim=2026-11-30');
  });

  it('leave out what is malformed, so a hand-edited link still opens', () => {
    expect(filtersFromSearch(new URLSearchParams('prop=-1&nucleo=abc&lote=1.5&aviario=%20&inicio=2026-02-30&fim=30/11/2026'))).toEqual({});
  });

  it('keep a quality window only with both edges, whole and within 1–90 %', () => {
    expect(filtersFromSearch(new URLSearchParams('inicio=2026-11-01&fim=2026-11-30&abaixo=20&acima=10'))).toMatchObject({ abaixo: 20, acima: 10 });
    expect(searchFromFilters({ inicio: '2026-11-01', fim: '2026-11-30', abaixo: 20, acima: 10 }).toString()).toBe('inicio=2026-11-01&fim=2026-11-30&abaixo=20&acima=10');
    for (const query of ['abaixo=20', 'acima=10', 'abaixo=0&acima=10', 'abaixo=20&acima=91', 'abaixo=2.5&acima=10']) {
      const filters = filtersFromSearch(new URLSearchParams(query));
      expect([query, filters.abaixo, filters.acima]).toEqual([query, undefined, undefined]);
    }
  });

  it('count as generated only with both dates', () => {
    expect(isGenerated({ inicio: '2026-11-01' })).toBe(false);
    expect(isGenerated({ inicio: '2026-11-01', fim: '2026-11-30' })).toBe(true);
  });
});

describe('the avespesos body', () => {
  it('sends only the filters given, with the report kind', () => {
    expect(reportBody({ inicio: '2026-11-01', fim: '2026-11-30' }, false)).toEqual({ inicio: '2026-11-01', fim: '2026-11-30', incubatorio: false });
    expect(reportBody({ prop: 4, nucleo: 2, lote: 9, aviario: 'I-1', sexo: 'Cobb', inicio: '2026-11-01', fim: '2026-11-02' }, true)).toEqual({
      prop: 4,
      inicio: '2026-11-01',
      fim: '2026-11-02',
      nucleo_id: 2,
      lote_id: 9,
      aviario: 'I-1',
      sexo: 'Cobb',
      incubatorio: true,
    });
  });

  it('asks for the quality window of the url in the weight report, never in the hatchery report', () => {
    const filters = { inicio: '2026-11-01', fim: '2026-11-30', abaixo: 20, acima: 10 };
    expect(reportBody(filters, false)).toEqual({ inicio: '2026-11-01', fim: '2026-11-30', incubatorio: false, janela: { abaixo_pct: 20, acima_pct: 10 } });
    expect(reportBody(filters, true)).not.toHaveProperty('janela');
  });
});
