import { csvFile, defuseFormula } from '@portal/shared';
import type { ReportTable } from './reportTable';

/**
 * The downloads of a weight report, built in the browser from the table of reportTable.ts (cells
 * already in the user's number format): CSV in the user's separator, an aligned plain-text report
 * (TXT) and a standalone HTML page. Lines end with CRLF, as spreadsheets and RFC 4180 expect.
 * Spreadsheets open all three (a TXT through their column import, an HTML table as cells), so every
 * cell and meta value goes through the shared formula rule: a flock named "=HYPERLINK(…)" by a
 * device, an import or a grantee is written "'=HYPERLINK(…)"; numbers stay as they are.
 */

const EOL = '\r\n';

/** Header row of column titles, then one line per row; no title or meta lines, so it opens as a plain table. */
export function toCsv(table: ReportTable, separator: string): string {
  return csvFile([table.columns.map((column) => column.title), ...table.rows], separator);
}

/** The table's cells and meta values with the formula rule applied (CSV applies it itself, in csvFile). */
function defused(table: ReportTable): ReportTable {
  return {
    ...table,
    meta: table.meta.map(([label, value]) => [label, defuseFormula(value)]),
    rows: table.rows.map((cells) => cells.map(defuseFormula)),
  };
}

/** Title, meta lines and the table in aligned columns (numbers to the right), for reading and printing as text. */
export function toTxt(report: ReportTable): string {
  const table = defused(report);
  const widths = table.columns.map((column, index) =>
    Math.max([...column.title].length, ...table.rows.map((cells) => [...(cells[index] ?? '')].length)),
  );
  const pad = (text: string, index: number) => {
    const fill = ' '.repeat(widths[index]! - [...text].length);
    return table.columns[index]!.numeric ? fill + text : text + fill;
  };
  const line = (cells: string[]) => cells.map((cell, index) => pad(cell, index)).join('  ').trimEnd();
  const header = line(table.columns.map((column) => column.title));
  const metaWidth = Math.max(0, ...table.meta.map(([label]) => [...label].length));
  return (
    [
      table.title,
      '='.repeat([...table.title].length),
      ...table.meta.map(([label, value]) => `${label}:${' '.repeat(metaWidth - [...label].length + 1)}${value}`),
      '',
      header,
      '-'.repeat([...header].length),
      ...table.rows.map(line),
    ].join(EOL) + EOL
  );
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A standalone page (its own styles, no script) that opens and prints anywhere. */
export function toHtml(report: ReportTable, language: string): string {
  const table = defused(report);
  const cell = (tag: 'th' | 'td', text: string, numeric: boolean) => `<${tag}${numeric ? ' class="n"' : ''}>${escapeHtml(text)}</${tag}>`;
  const head = table.columns.map((column) => cell('th', column.title, column.numeric)).join('');
  const body = table.rows.map((cells) => `<tr>${cells.map((text, index) => cell('td', text, table.columns[index]!.numeric)).join('')}</tr>`);
  const meta = table.meta.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(table.title)}</title>`,
    '<style>',
    'body{font-family:system-ui,sans-serif;margin:24px;color:#1a1b1e}',
    'dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}dt{font-weight:600}dd{margin:0}',
    'table{border-collapse:collapse;font-size:12px}th,td{border:1px solid #ced4da;padding:4px 6px;white-space:nowrap}',
    'th{background:#f1f3f5;text-align:left}.n{text-align:right}',
    '</style>',
    '</head>',
    '<body>',
    `<h1>${escapeHtml(table.title)}</h1>`,
    `<dl>${meta}</dl>`,
    `<table><thead><tr>${head}</tr></thead><tbody>`,
    ...body,
    '</tbody></table>',
    '</body>',
    '</html>',
  ].join(EOL) + EOL;
}
