import { describe, expect, it } from 'vitest';
import { filtersSummary } from './filters';
import { keepLastFilters, lastFiltersKey, readLastFilters } from './lastFilters';

const storage = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
};

describe('the last report, remembered per user and kind', () => {
  it('keeps a generated report’s filters and gives them back as its url query', () => {
    const store = storage();
    keepLastFilters(store, 'aves', 7, 'self', new URLSearchParams('fim=2026-11-30&nucleo=3&inicio=2026-11-01&lote=9'));
    expect(readLastFilters(store, 'aves', 7, 'self')?.toString()).toBe('nucleo=3&lote=9&inicio=2026-11-01&fim=2026-11-30');
    expect(store.values.has(lastFiltersKey('aves', 7, 'self'))).toBe(true);
  });

  it('keeps each kind, user and owner apart (choosing another owner starts from that owner’s last report)', () => {
    const store = storage();
    keepLastFilters(store, 'aves', 7, 'self', new URLSearchParams('inicio=2026-11-01&fim=2026-11-30'));
    keepLastFilters(store, 'aves', 7, 12, new URLSearchParams('prop=12&inicio=2026-10-01&fim=2026-10-31'));
    expect(readLastFilters(store, 'incubatorio', 7, 'self')).toBeNull();
    expect(readLastFilters(store, 'aves', 8, 'self')).toBeNull();
    expect(readLastFilters(store, 'aves', 7, 'self')?.toString()).toBe('inicio=2026-11-01&fim=2026-11-30');
    expect(readLastFilters(store, 'aves', 7, 12)?.toString()).toBe('prop=12&inicio=2026-10-01&fim=2026-10-31');
    expect(readLastFilters(store, 'aves', 7, 13)).toBeNull();
  });

  it('keeps nothing but generated reports, and gives back nothing that is not one', () => {
    const store = storage();
    keepLastFilters(store, 'aves', 7, 'self', new URLSearchParams('nucleo=3'));
    expect(store.values.size).toBe(0);
    store.setItem(lastFiltersKey('aves', 7, 'self'), 'inicio=2026-02-30&fim=x');
    expect(readLastFilters(store, 'aves', 7, 'self')).toBeNull();
  });

  it('survives a storage that refuses (private mode): nothing kept, nothing read, no throw', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => keepLastFilters(refusing, 'aves', 7, 'self', new URLSearchParams('inicio=2026-11-01&fim=2026-11-30'))).not.toThrow();
    expect(readLastFilters(refusing, 'aves', 7, 'self')).toBeNull();
  });
});

describe('the folded filters’ summary line', () => {
  const header = {
    separador: ';',
    nucleos: [{ id: 3, nome: 'Granja Primavera', tipo: 'granja', lotes: [{ id: 9, codigo: 'L-7', situacao: 'ativo' as const, data_alojamento: null }] }],
    aviarios: [],
    sexos: [],
    balancas: [],
    primeira: null,
    ultima: null,
  };

  it('names the period and each filter chosen, by name', () => {
    const range = (from: string, to: string) => `${from} a ${to}`;
    expect(filtersSummary({ nucleo: 3, lote: 9, sexo: 'Macho', inicio: '2026-11-01', fim: '2026-11-30' }, header, range)).toBe('01/11/2026 a 30/11/2026 · Granja Primavera · L-7 · Macho');
    expect(filtersSummary({ inicio: '2026-11-01', fim: '2026-11-30', aviario: 'Aviário 2' }, undefined, range)).toBe('01/11/2026 a 30/11/2026 · Aviário 2');
  });
});
