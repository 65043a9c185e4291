import { z } from 'zod';
import { idField, integerField, textField } from '../primitives.js';

/**
 * Pieces every farm record shares. `prop` is the owner a call acts for (spec section 6:
 * owners can be chosen); absent, the caller acts for itself.
 */
export const propField = idField().optional();
export const ownerQuery = z.object({ prop: z.coerce.number().pipe(idField()).optional() });
export type OwnerQuery = z.input<typeof ownerQuery>;

/** `?id&prop` of the get calls: with id one record, without it the list. */
export const recordQuery = ownerQuery.extend({ id: z.coerce.number().pipe(idField()).optional() });
export type RecordQuery = z.input<typeof recordQuery>;

/** A query id that must be present (getdevice_conn?id, getsilomov?id). */
export const requiredIdQuery = ownerQuery.extend({ id: z.coerce.number({ error: 'FIELD_INVALID' }).pipe(idField()) });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD between 1900 and 2100. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date on the wire: YYYY-MM-DD (screens show dd/mm/yyyy with the date mask). */
export const dateField = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID') })
  .refine(isIsoDate, { error: 'FIELD_INVALID' });

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A time of day, HH:MM, 24-hour. */
export const timeOfDayField = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID') })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'FIELD_INVALID' });

export const nameOf = (max = 120) => textField({ max, min: 1 });
export const optionalText = (max: number) => textField({ max }).default('');
export const notesField = textField({ max: 2000, multiline: true }).default('');

/** A count of birds, kilograms or the like that a record holds. */
export const countField = (max = 10_000_000) => integerField({ min: 0, max });

/** A list of record ids without repeats. */
export const idListField = ({ min = 0, max = 500 } = {}) =>
  z
    .array(idField(), { error: 'FIELD_INVALID' })
    .min(min, { error: 'FIELD_REQUIRED' })
    .max(max, { error: 'FIELD_TOO_LONG' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'FIELD_INVALID' });

/** An optional link to another record: an id or null. */
export const optionalIdField = idField().nullable().default(null);

/** Every delete answers this. */
export const deletedResponse = z.object({ ok: z.literal(true), id: z.number().int() });
export type DeletedResponse = z.infer<typeof deletedResponse>;

/** Times on the wire are ISO 8601 strings. */
export const timestamp = z.string();

/** Splits a pipe-separated list (serie_coletores), dropping blanks around the pipes. */
export const splitPiped = (value: string): string[] =>
  value
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/**
 * A pipe-separated list of device serials: at least one, each letters, digits, dot, dash or
 * underscore (at most 40), no repeats. Normalised to `A|B|C`.
 */
export const textFieldPiped = textField({ max: 2000, min: 1 })
  .transform(splitPiped)
  .refine((serials) => serials.length > 0, { error: 'FIELD_REQUIRED' })
  .refine((serials) => serials.every((serial) => /^[A-Za-z0-9._-]{1,40}$/.test(serial)), { error: 'FIELD_INVALID' })
  .refine((serials) => new Set(serials).size === serials.length, { error: 'FIELD_INVALID' })
  .transform((serials) => serials.join('|'));
