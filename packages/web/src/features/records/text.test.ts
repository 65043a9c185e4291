import { describe, expect, it } from 'vitest';
import { compareValues, matchesSearch, normalizeText } from './text';

describe('normalizeText', () => {
  it('drops accents, capitals and extra spaces', () => {
    expect(normalizeText('  São  JOÃO  do Açaí ')).toBe('sao joao do acai');
    expect(normalizeText('Niño Ñandú')).toBe('nino nandu');
  });
});

describe('matchesSearch', () => {
  const farm = ['Granja Boa Esperança', 'Uberlândia', 'MG-012'];
  it.each(['', '   ', 'esperanca', 'ESPERANÇA', 'uberl', 'boa uberlandia', 'mg-012'])('finds %j', (query) => {
    expect(matchesSearch(farm, query)).toBe(true);
  });
  it.each(['campinas', 'boa campinas', 'esperancas'])('does not find %j', (query) => {
    expect(matchesSearch(farm, query)).toBe(false);
  });
  it('ignores missing fields and matches numbers', () => {
    expect(matchesSearch([null, undefined, 42], '42')).toBe(true);
  });
  it('does not match across two fields', () => {
    expect(matchesSearch(['ab', 'cd'], 'bc')).toBe(false);
  });
});

describe('compareValues', () => {
  const sort = (values: (string | number | null)[]) => [...values].sort((a, b) => compareValues(a, b, 'pt-BR'));
  it('sorts text naturally and without regard to accents or case', () => {
    expect(sort(['Aviário 10', 'aviário 2', 'Ávila', 'Zebu'])).toEqual(['aviário 2', 'Aviário 10', 'Ávila', 'Zebu']);
  });
  it('sorts numbers by value and blanks last', () => {
    expect(sort([10, null, 2, 33])).toEqual([2, 10, 33, null]);
    expect(sort(['', 'b', 'a'])).toEqual(['a', 'b', '']);
  });
});
