import { daysBetween, isIsoDate, REPORT_MAX_DAYS } from '@portal/shared';
import { AppError, fieldError } from '../../http/errors.js';

const BRAZILIAN_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A date written yyyy-mm-dd or dd/mm/yyyy, as YYYY-MM-DD; undefined when it is neither or not a real day. */
export function parseReportDate(text: string): string | undefined {
  const trimmed = text.trim();
  const brazilian = BRAZILIAN_DATE.exec(trimmed);
  const iso = brazilian ? `${brazilian[3]}-${brazilian[2]}-${brazilian[1]}` : trimmed;
  return isIsoDate(iso) ? iso : undefined;
}

/** Refused like a schema refusal: 400 VALIDATION_FAILED naming the field and its code. */
function invalid(field: string, code: 'FIELD_INVALID' | 'DATE_RANGE_INVALID' | 'FIELD_OUT_OF_RANGE'): AppError {
  return new AppError('VALIDATION_FAILED', { errors: [fieldError(field, code)] });
}

/**
 * A report period: both days included, the end not before the start, at most REPORT_MAX_DAYS.
 * `names` are the query's own field names (inicio/fim, ini/fim).
 */
export function reportPeriod(inicio: string, fim: string, names: [string, string] = ['inicio', 'fim']): { inicio: string; fim: string } {
  const start = parseReportDate(inicio);
  if (start === undefined) throw invalid(names[0], 'FIELD_INVALID');
  const end = parseReportDate(fim);
  if (end === undefined) throw invalid(names[1], 'FIELD_INVALID');
  if (end < start) throw invalid(names[1], 'DATE_RANGE_INVALID');
  if (daysBetween(start, end) > REPORT_MAX_DAYS) throw invalid(names[1], 'FIELD_OUT_OF_RANGE');
  return { inicio: start, fim: end };
}
