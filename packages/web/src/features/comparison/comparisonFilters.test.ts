import { describe, expect, it } from 'vitest';
import { comparativoQueryOf, readFilters, readSort, withFilters, withSort } from './comparisonFilters';

describe('comparison filters in the url', () => {
  it('reads defaults from an empty query and drops malformed values', () => {
    expect(readFilters(new URLSearchParams())).toEqual({ por: 'lote', ativos: false, todos: false });
    expect(readFilters(new URLSearchParams('por=galinha&nucleo=-3&sexo=x&idade_min=4.5&idade_max=999&ativos=yes'))).toEqual({ por: 'lote', ativos: false, todos: false });
  });

  it('writes filters and reads them back, keeping the period and leaving defaults out', () => {
    const filters = { por: 'aviario' as const, nucleo: 7, linhagem: 'Cobb 500', sexo: 'macho' as const, idade_min: 35, idade_max: 49, ativos: true, todos: true };
    const params = withFilters(new URLSearchParams('di=2025-01-01&df=2025-03-31'), filters);
    expect(params.get('di')).toBe('2025-01-01');
    expect(readFilters(params)).toEqual(filters);
    const cleared = withFilters(params, { por: 'lote', ativos: false, todos: false });
    expect(cleared.toString()).toBe('di=2025-01-01&df=2025-03-31');
  });

  it('keeps the sort in the url unless it is the IEP rank', () => {
    expect(readSort(new URLSearchParams('ordem=ca&sentido=asc'))).toEqual({ key: 'ca', direction: 'asc' });
    expect(readSort(new URLSearchParams('ordem=drop table'))).toEqual({ key: 'posicao', direction: 'asc' });
    expect(withSort(new URLSearchParams('ordem=ca&sentido=asc&di=2025-01-01'), { key: 'posicao', direction: 'asc' }).toString()).toBe('di=2025-01-01');
  });
});

describe('comparativoQueryOf', () => {
  const period = { di: '2025-01-01', df: '2025-03-31' };

  it('asks for every owner only for a user who reaches other owners', () => {
    const filters = { por: 'proprietario' as const, ativos: true, todos: true };
    expect(comparativoQueryOf(period, filters, { prop: undefined, reachesOthers: true })).toEqual({ ...period, por: 'proprietario', ativos: true, todos: true });
    expect(comparativoQueryOf(period, filters, { prop: undefined, reachesOthers: false })).toEqual({ ...period, por: 'proprietario', ativos: true });
  });

  it('names the farm, breed, sex, ages and the owner acted for', () => {
    const filters = { por: 'lote' as const, nucleo: 4, linhagem: 'Ross', sexo: 'femea' as const, idade_min: 30, ativos: false, todos: false };
    expect(comparativoQueryOf(period, filters, { prop: 12, reachesOthers: true })).toEqual({ ...period, prop: 12, por: 'lote', nucleo_id: 4, linhagem: 'Ross', sexo: 'femea', idade_min: 30 });
  });
});
