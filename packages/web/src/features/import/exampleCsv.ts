import { csvFile, IMPORT_FIELDS } from '@portal/shared';

/** The separator character a form value stands for. */
export const separatorChar = (value: string) => (value === 'tab' ? '\t' : value);

const EXAMPLE_ROWS = [
  ['05/11/2026', '08:00', 'Granja Santa Clara', 'L-101', 'Aviário 1', '1', '1', 'Macho', '2045.5', '35', 'Cobb 500', '', 'SEL-0042', ''],
  ['05/11/2026', '08:00', 'Granja Santa Clara', 'L-101', 'Aviário 1', '1', '2', 'Fêmea', '1873.0', '35', 'Cobb 500', '', 'SEL-0042', ''],
  ['2026-11-06', '07:45:10', 'Granja Santa Clara', 'L-101', 'Aviário 2', '2', '1', 'Macho', '2101.4', '36', 'Cobb 500', '3', 'SEL-0042', 'pesagem manual'],
];

/**
 * An example file in the given separator and decimal mark: every section 3 column, dates in both
 * accepted forms. A comma-separated file cannot use a decimal comma unquoted, so it gets points.
 */
export function exampleCsv(separator: string, decimal: string): string {
  const char = separatorChar(separator);
  const mark = char === ',' ? '.' : decimal;
  const rows = EXAMPLE_ROWS.map((row) => row.map((cell, index) => (IMPORT_FIELDS[index] === 'peso' ? cell.replace('.', mark) : cell)));
  return csvFile([[...IMPORT_FIELDS], ...rows], char);
}

/** The first example row, as shown on the screen. */
export const exampleLine = (separator: string, decimal: string) => exampleCsv(separator, decimal).split('\r\n').slice(0, 2).join('\n');
