/**
 * The one rule for every CSV (and text table) the product writes, on the server and in the browser.
 *
 * Formula injection (OWASP "CSV Injection", ASVS 1.2.10): a spreadsheet runs a cell that starts with
 * = + - @ (and, after its own trimming, tab, carriage return or line feed) as a formula, so a farm
 * named `=HYPERLINK(...)` by a device, an import or a grantee would run on the reader's machine.
 * Such a cell gets a leading apostrophe, which spreadsheets read as "this is text".
 *
 * A plain number is left alone: the weights, temperatures and balances the product writes itself
 * may be negative ("-2,5", "-1.234,5" with grouping) and must stay numbers. A plain number is an
 * optional minus and digits, with only '.' or ',' between them (the decimal mark and grouping of
 * the user's number format): no operator, no function, nothing a spreadsheet can run. "-2+3" is
 * not one, so it is defused.
 */

/** First characters that make a spreadsheet read a cell as a formula (or skip to one). */
const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/** `-12`, `-2,5`, `-1.234,5`, `-1,234.5`: digits with '.' or ',' between them, optionally negative. */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)*$/;

/** Whether `text` is a plain number in any of the product's number formats (see the top of this file). */
export const isPlainNumber = (text: string): boolean => PLAIN_NUMBER.test(text);

/** `text` made safe to open in a spreadsheet: an apostrophe before a formula start, unless it is a plain number. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !isPlainNumber(text) ? `'${text}` : text;
}

/**
 * One CSV cell: defused (above), then quoted as RFC 4180 says when it holds the separator, a quote
 * or a line break (quotes doubled), or starts or ends with white space (which spreadsheets trim).
 */
export function csvCell(text: string, separator: string): string {
  const safe = defuseFormula(text);
  const needsQuotes = safe.includes(separator) || /["\r\n]/.test(safe) || safe !== safe.trim();
  return needsQuotes ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (without its end): every cell through csvCell, joined by the separator. */
export const csvLine = (cells: readonly string[], separator: string): string => cells.map((cell) => csvCell(cell, separator)).join(separator);

/** A whole CSV file: one csvLine per row, each ended with CRLF (as RFC 4180 and spreadsheets expect). */
export const csvFile = (rows: readonly (readonly string[])[], separator: string): string =>
  rows.map((cells) => `${csvLine(cells, separator)}\r\n`).join('');
