import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT32_MAX, decimalField, idField, integerField, isStorableText, secretField, textField } from './primitives.js';

const firstCode = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('textField', () => {
  const single = textField({ max: 20 });
  const multi = textField({ max: 20, multiline: true });

  it.each(['\u0000', 'a\u0000b', '\u0007', 'a\tb', 'a\nb', '\u007F', '\u0085', 'x\u009F', '\uD800', 'a\uDC00b', '\uDBFF'])('refuses %j on one line', (value) => {
    expect(firstCode(single.safeParse(value))).toBe('FIELD_INVALID_CHARACTERS');
  });

  it.each(['Granja Boa Vista', 'مزرعة الأمل', '🐔 Lote 3', 'Ñandú', '\uD83D\uDC14', 'a\u200Fb'])('accepts %j', (value) => {
    expect(single.safeParse(value)).toEqual({ success: true, data: value });
  });

  it('lets multi-line text keep tabs and new lines, but not NUL', () => {
    expect(multi.safeParse('a\tb\r\nc').success).toBe(true);
    expect(firstCode(multi.safeParse('a\u0000b'))).toBe('FIELD_INVALID_CHARACTERS');
  });

  it('trims, bounds and requires', () => {
    expect(single.parse('  x  ')).toBe('x');
    expect(firstCode(single.safeParse('x'.repeat(21)))).toBe('FIELD_TOO_LONG');
    expect(firstCode(textField({ max: 5, min: 1 }).safeParse('   '))).toBe('FIELD_REQUIRED');
    expect(firstCode(single.safeParse(undefined))).toBe('FIELD_REQUIRED');
    expect(firstCode(single.safeParse(3))).toBe('FIELD_INVALID');
  });

  it('accepts exactly the strings isStorableText accepts (generated)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (value) => {
        expect(textField({ max: 100 }).safeParse(value).success).toBe(isStorableText(value.trim()));
      }),
    );
  });
});

describe('secretField', () => {
  it('takes any well-formed characters, never broken UTF-16', () => {
    expect(secretField({ max: 10 }).safeParse('a\u0000b').success).toBe(true);
    expect(firstCode(secretField({ max: 10 }).safeParse('a\uD800'))).toBe('FIELD_INVALID_CHARACTERS');
  });
});

describe('integer and id fields', () => {
  it.each([2 ** 31, INT32_MAX + 1, 2 ** 53, 1e308])('refuses %d as an id', (value) => {
    expect(firstCode(idField().safeParse(value))).toBe('FIELD_OUT_OF_RANGE');
  });

  it.each([0, -1])('refuses %d as an id', (value) => {
    expect(firstCode(idField().safeParse(value))).toBe('FIELD_OUT_OF_RANGE');
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null])('refuses %j', (value) => {
    expect(firstCode(idField().safeParse(value))).toBe('FIELD_INVALID');
  });

  it('accepts the bounds', () => {
    expect(idField().parse(INT32_MAX)).toBe(INT32_MAX);
    expect(integerField({ min: -5, max: 5 }).parse(-5)).toBe(-5);
    expect(firstCode(integerField({ min: -5, max: 5 }).safeParse(6))).toBe('FIELD_OUT_OF_RANGE');
  });

  it('keeps decimals finite and on their step', () => {
    const field = decimalField({ min: -12, max: 14, step: 0.25 });
    expect(field.parse(-3)).toBe(-3);
    expect(firstCode(field.safeParse(1e308))).toBe('FIELD_OUT_OF_RANGE');
    expect(firstCode(field.safeParse(0.3))).toBe('FIELD_INVALID');
  });
});
