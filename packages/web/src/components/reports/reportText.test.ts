import { describe, expect, it } from 'vitest';
import { csvCells, csvInEverySeparator, formulaCells, HOSTILE } from './hostileNames.testing';
import { csvText, EMPTY_VALUE, numberText } from './reportText';

describe('report numbers', () => {
  it('shows numbers in the language with fixed decimals and empty as a dash', () => {
    expect(numberText('pt-BR', 12345.67, 1)).toBe('12.345,7');
    expect(numberText('en-US', 12345.67, 1)).toBe('12,345.7');
    expect(numberText('pt-BR', 0, 1)).toBe('0,0');
    expect(numberText('pt-BR', null, 1)).toBe(EMPTY_VALUE);
    expect(numberText('pt-BR', Number.NaN, 1)).toBe(EMPTY_VALUE);
  });

  it("groups Spanish thousands from four digits and follows the user's number format over the language", () => {
    expect(numberText('es-ES', 2099.9, 1)).toBe('2.099,9');
    expect(numberText('es-ES', 2099.9, 1, '.')).toBe('2,099.9');
    expect(numberText('en-US', 2099.9, 1, ',')).toBe('2.099,9');
    expect(numberText('pt-BR', 2099.9, 1, null)).toBe('2.099,9');
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

  it("writes the user's decimal mark whatever the language, and a decimal comma under a comma separator still makes a valid file", () => {
    expect(csvText({ locale: 'en-US', separator: ';', decimalMark: ',' }, header, rows.slice(0, 1))).toBe('data;peso_medio\r\n2026-03-01;1234,5\r\n');
    expect(csvText({ locale: 'pt-BR', separator: ';', decimalMark: '.' }, header, rows.slice(0, 1))).toBe('data;peso_medio\r\n2026-03-01;1234.5\r\n');
    // Numbers in files are never grouped (1.234,5 would read as text), in Spanish too.
    expect(csvText({ locale: 'es-ES', separator: ';' }, header, [['2026-03-01', 12345.5]])).toBe('data;peso_medio\r\n2026-03-01;12345,5\r\n');
    const comma = csvText({ locale: 'en-US', separator: ',', decimalMark: ',' }, ['a', 'b', 'c'], [[1234.5, 'x', -2.25]]);
    expect(comma).toBe('a,b,c\r\n"1234,5",x,"-2,25"\r\n');
    expect(csvCells(comma, ',')).toEqual([['a', 'b', 'c'], ['1234,5', 'x', '-2,25']]);
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
