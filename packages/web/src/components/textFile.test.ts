import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './textFile';

describe('csvField', () => {
  it.each([
    ['plain', ';', 'plain'],
    ['1,5', ';', '1,5'],
    ['1,5', ',', '"1,5"'],
    ['a;b', ';', '"a;b"'],
    ['a\tb', '\t', '"a\tb"'],
    ['say "hi"', ';', '"say ""hi"""'],
    ['two\nlines', ';', '"two\nlines"'],
    [' edge', ';', '" edge"'],
    ['', ';', ''],
  ])('writes %j with %j as %j', (value, separator, expected) => {
    expect(csvField(value, separator)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('joins the fields by the separator, quoting only those that need it', () => {
    expect(csvLine(['L-7', '2026-11-10;L-7', '1,5'], ';')).toBe('L-7;"2026-11-10;L-7";1,5');
    expect(csvLine(['a', 'b\tc', ''], '\t')).toBe('a\t"b\tc"\t');
  });
});
