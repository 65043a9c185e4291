import { describe, expect, it } from 'vitest';
import { csvInEverySeparator, formulaCells, HOSTILE } from './hostileNames.testing';
import { csvText, EMPTY_VALUE, numberText } from './reportText';

describe('report numbers', () => {
  it('shows numbers in the language with fixed decimals and empty as a dash', () => {
    expect(numberText('pt-BR', 12345.67, 1)).toBe('12.345,7');
    expect(numberText('en-US', 12345.67, 1)).toBe('12,345.7');
    expect(numberText('pt-BR', 0, 1)).toBe('0,0');
    expect(numberText('pt-BR', null, 1)).toBe(EMPTY_VALUE);
    expect(numberText('pt-BR', Number.NaN, 1)).toBe(EMPTY_VALUE);
  });
});

describe('report CSV', () => {
  const header = ['data', 'peso_medio'];
  const rows = [
    ['2026-03-01', 1234.5],
    ['2026-03-02', null],
    ['2026-03-03', 0],
  ];

  it("uses the user's separator and decimal mark, without grouping, empty cells for no data", () => {
    expect(csvText({ locale: 'pt-BR', separator: ';' }, header, rows)).toBe('data;peso_medio\r\n2026-03-01;1234,5\r\n2026-03-02;\r\n2026-03-03;0\r\n');
    expect(csvText({ locale: 'en-US', separator: ',' }, header, rows)).toBe('data,peso_medio\r\n2026-03-01,1234.5\r\n2026-03-02,\r\n2026-03-03,0\r\n');
    expect(csvText({ locale: 'en-US', separator: '\t' }, header, rows.slice(0, 1))).toBe('data\tpeso_medio\r\n2026-03-01\t1234.5\r\n');
  });

  it('quotes a decimal comma under a comma separator, and texts holding the separator or quotes', () => {
    expect(csvText({ locale: 'pt-BR', separator: ',' }, header, rows.slice(0, 1))).toBe('data,peso_medio\r\n2026-03-01,"1234,5"\r\n');
    expect(csvText({ locale: 'pt-BR', separator: ';' }, ['a;b', 'say "hi"'], [])).toBe('"a;b";"say ""hi"""\r\n');
  });

  it('defuses texts written like formulas in header and rows, and keeps negative numbers (typed or as text) numbers', () => {
    for (const { separator, cells } of csvInEverySeparator([HOSTILE.farm, 'temperatura'], [[HOSTILE.flock, -2.5], [HOSTILE.side, -0.5], [HOSTILE.device, '-12,5']])) {
      expect(cells.flatMap(formulaCells), separator).toEqual([]);
      expect(cells, separator).toEqual([
        [`'${HOSTILE.farm}`, 'temperatura'],
        [`'${HOSTILE.flock}`, '-2,5'],
        [`'${HOSTILE.side}`, '-0,5'],
        [`'${HOSTILE.device}`, '-12,5'],
      ]);
    }
  });
});
