import type { UseFormReturnType } from '@mantine/form';
import { isIsoDate } from '@portal/shared';

/**
 * Screens show dates as dd/mm/yyyy (typed with the date mask of spec section 5, see DateInput);
 * the wire carries YYYY-MM-DD. These two convert between them at the edge of a form.
 */

/** '2026-03-05' → '05/03/2026'; anything that is not an ISO date gives '' (an empty field). */
export function isoToMasked(iso: string | null | undefined): string {
  if (!iso) return '';
  // Timestamps (2026-03-05T10:00:00Z) show their calendar date as written.
  const date = iso.slice(0, 10);
  if (!isIsoDate(date)) return '';
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * '05/03/2026' (or '5/3/2026', which the mask allows) → '2026-03-05'; null while the text is
 * incomplete or not a real calendar date, so the form can say 'invalid' instead of sending it.
 */
export function maskedToIso(masked: string | null | undefined): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((masked ?? '').trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * Date fields of a form hold the masked text; these build the body. A text that is not a date
 * yet is sent as typed, so the shared dateField refuses it (FIELD_INVALID, or FIELD_REQUIRED when
 * empty) under the right input instead of the form inventing a value.
 */
export const requiredDate = (masked: string): string => maskedToIso(masked) ?? masked.trim();

/** As requiredDate, for a nullable date: an empty field is null. */
export const optionalDate = (masked: string): string | null => (masked.trim() === '' ? null : requiredDate(masked));

/** Today on this device as dd/mm/yyyy: the day the user is standing in, not UTC's. */
export function todayMasked(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
}

/**
 * The props of a DateInput bound to a form path: getInputProps, with the value as the text
 * DateInput needs (the form holds dates as typed, dd/mm/yyyy).
 */
export function dateInputProps<V>(form: UseFormReturnType<V>, path: string) {
  const props = form.getInputProps(path);
  return { ...props, value: typeof props.value === 'string' ? props.value : '', onChange: props.onChange as (value: string) => void };
}
