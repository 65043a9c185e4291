import { z } from 'zod';

/**
 * The one rule for what can be stored, shared by every schema: a value the shared schema accepts
 * is stored the same by SQLite and PostgreSQL. PostgreSQL refuses NUL in text and integers past
 * 32 bits in INTEGER columns; SQLite takes both. So text refuses control characters and broken
 * UTF-16 (lone surrogates, which both drivers would silently turn into U+FFFD), and integers are
 * bounded to what an INTEGER column holds on both. Custom messages are error codes.
 */

/** Largest value of an INTEGER (and SERIAL id) column on PostgreSQL; SQLite holds more. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

// C0 controls, DEL and C1 controls; multi-line text may carry tab, line feed and carriage return.
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` is well-formed UTF-16 (no lone surrogate half). */
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value);

/** True when `value` can be stored as text on both databases. */
export function isStorableText(value: string, multiline = false): boolean {
  return isWellFormedText(value) && !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

const stringError = (issue: { input?: unknown }) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID');

/**
 * Text that is stored: trimmed, at most `max` characters, no control characters (tab and new lines
 * only when `multiline`), well-formed. `min: 1` makes it required.
 */
export function textField({ max, min = 0, multiline = false }: { max: number; min?: number; multiline?: boolean }) {
  const base = z
    .string({ error: stringError })
    .trim()
    .max(max, { error: 'FIELD_TOO_LONG' })
    .refine((value) => isStorableText(value, multiline), { error: 'FIELD_INVALID_CHARACTERS' });
  return min > 0 ? base.min(min, { error: min === 1 ? 'FIELD_REQUIRED' : 'FIELD_TOO_SHORT' }) : base;
}

/**
 * Text that is never stored as given (passwords, tokens: hashed first): any characters, but
 * well-formed, since two different broken strings would hash the same after UTF-8 encoding.
 */
export function secretField({ max, min = 1 }: { max: number; min?: number }) {
  return z
    .string({ error: stringError })
    .min(min, { error: min === 1 ? 'FIELD_REQUIRED' : 'FIELD_TOO_SHORT' })
    .max(max, { error: 'FIELD_TOO_LONG' })
    .refine(isWellFormedText, { error: 'FIELD_INVALID_CHARACTERS' });
}

/** A whole number an INTEGER column holds on both databases, within [min, max]. */
export function integerField({ min = INT32_MIN, max = INT32_MAX }: { min?: number; max?: number } = {}) {
  // Range first: a huge number is out of range (not 'invalid') whatever its fraction.
  return z
    .number({ error: 'FIELD_INVALID' })
    .min(Math.max(min, INT32_MIN), { error: 'FIELD_OUT_OF_RANGE', abort: true })
    .max(Math.min(max, INT32_MAX), { error: 'FIELD_OUT_OF_RANGE', abort: true })
    .int({ error: 'FIELD_INVALID' });
}

/** The id of a stored record: a positive INTEGER. A larger number cannot name a record. */
export const idField = () => integerField({ min: 1 });

/** A finite decimal number within [min, max] (stored as double precision on both databases). */
export function decimalField({ min, max, step }: { min: number; max: number; step?: number }) {
  const base = z
    .number({ error: 'FIELD_INVALID' })
    .min(min, { error: 'FIELD_OUT_OF_RANGE' })
    .max(max, { error: 'FIELD_OUT_OF_RANGE' });
  return step === undefined ? base : base.multipleOf(step, { error: 'FIELD_INVALID' });
}
