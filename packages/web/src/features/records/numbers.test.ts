import { describe, expect, it } from 'vitest';
import { numberFormat } from './numbers';

describe('numberFormat', () => {
  it('writes pt-BR numbers with a dot for thousands and a comma for decimals', () => {
    const pt = numberFormat('pt-BR');
    expect(pt.format(45000)).toBe('45.000');
    expect(pt.format(-23.5505)).toBe('-23,55');
    expect(pt.format(2500.04, 1)).toBe('2.500,0');
    expect(pt.format(null)).toBe('');
    expect([pt.decimalSeparator, pt.thousandSeparator]).toEqual([',', '.']);
  });

  it('writes en-US numbers the other way round', () => {
    const en = numberFormat('en-US');
    expect(en.format(45000.5)).toBe('45,000.5');
    expect([en.decimalSeparator, en.thousandSeparator]).toEqual(['.', ',']);
  });
});
