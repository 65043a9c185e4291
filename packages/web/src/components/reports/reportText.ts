import { csvFile, type DecimalSeparator } from '@portal/shared';
import { numberFormat } from '../../features/records/numbers';

/* The texts of report numbers and CSV files, pure (tested without a browser); useReportFormat binds them to the user. */

/** What a report shows for a period without data (spec: empty periods shown as such, never 0). */
export const EMPTY_VALUE = '—';

export type CsvCell = string | number | null;

/**
 * The number texts of a report: screen numbers with grouping, CSV numbers without (spreadsheets
 * read them). `locale` is the report's language; `decimalMark` the user's number format
 * (separador_decimal; null or left out: by the language).
 */
export interface ReportNumberFormat {
  locale: string;
  separator: string;
  decimalMark?: DecimalSeparator | null;
}

/** A number for the screen in the report's number format with fixed `decimals`; '—' for no value. */
export function numberText(locale: string, value: number | null, decimals: number, decimalMark?: DecimalSeparator | null): string {
  if (value === null || !Number.isFinite(value)) return EMPTY_VALUE;
  return numberFormat(locale, decimalMark).format(value, decimals);
}

/**
 * A CSV file (lines end with CRLF, as RFC 4180 and spreadsheets expect): the header, then one line
 * per row. Numbers use the number format's decimal mark without thousands grouping; a cell holding
 * the separator (a decimal comma under ',') is quoted by csvLine, and a text starting like a formula
 * (a device named "=HYPERLINK(…)") is defused, while a negative number stays a number. An empty
 * value is an empty cell.
 */
export function csvText(format: ReportNumberFormat, header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const numbers = numberFormat(format.locale, format.decimalMark);
  const cell = (value: CsvCell) => (value === null ? '' : typeof value === 'number' ? numbers.plain(value) : value);
  return csvFile([header, ...rows.map((row) => row.map(cell))], format.separator);
}
