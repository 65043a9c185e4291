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
});
