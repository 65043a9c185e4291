import { describe, expect, it } from 'vitest';
import { numberFormat } from './numbers';

describe('numberFormat', () => {
  it('writes pt-BR numbers with a dot for thousands and a comma for decimals', () => {
    const pt = numberFormat('pt-BR');
    expect(pt.format(45000)).toBe('45.000');
    expect(pt.format(-23.5505)).toBe('-23,55');
    expect(pt.format(2500.04, 1)).toBe('2.500,0');
    expect(pt.format(null)).toBe('');
    expect([pt.decimalSeparator, pt.thousandSeparator, pt.decimalMark]).toEqual([',', '.', ',']);
  });

  it('writes en-US numbers the other way round', () => {
    const en = numberFormat('en-US');
    expect(en.format(45000.5)).toBe('45,000.5');
    expect([en.decimalSeparator, en.thousandSeparator, en.decimalMark]).toEqual(['.', ',', '.']);
  });

  it('groups Spanish thousands from four digits, as the axis next to them does (es-ES alone waits for five)', () => {
    const es = numberFormat('es-ES');
    expect(es.format(2099.9, 1)).toBe('2.099,9');
    expect([es.format(8000, 0), es.format(10000, 0)]).toEqual(['8.000', '10.000']);
    expect([es.decimalSeparator, es.thousandSeparator]).toEqual([',', '.']);
  });

  it("follows the user's number format over the language: ',' writes 1.234,5 and '.' writes 1,234.5 in every language", () => {
    for (const locale of ['pt-BR', 'en-US', 'es-ES']) {
      const comma = numberFormat(locale, ',');
      const point = numberFormat(locale, '.');
      expect([comma.format(1234.5, 1), comma.format(-1234567.25), comma.decimalSeparator, comma.thousandSeparator], locale).toEqual(['1.234,5', '-1.234.567,25', ',', '.']);
      expect([point.format(1234.5, 1), point.format(-1234567.25), point.decimalSeparator, point.thousandSeparator], locale).toEqual(['1,234.5', '-1,234,567.25', '.', ',']);
      // Null is the default: by the language.
      expect(numberFormat(locale, null).decimalMark).toBe(locale === 'en-US' ? '.' : ',');
      // The language still names dates and sorting.
      expect(comma.locale).toBe(locale);
    }
  });

  it('writes plain numbers for files: the decimal mark without grouping, up to 6 decimals unless told', () => {
    expect(numberFormat('es-ES').plain(1234567.125)).toBe('1234567,125');
    expect(numberFormat('pt-BR', '.').plain(1234.5, 2)).toBe('1234.50');
    expect(numberFormat('en-US', ',').plain(-0.1234567)).toBe('-0,123457');
    expect([numberFormat('pt-BR').plain(null), numberFormat('pt-BR').format(Number.POSITIVE_INFINITY)]).toEqual(['', '']);
  });
});
