/**
 * Text files the browser writes: CSV fields and lines in the user's separator, and saving text
 * as a download (UTF-8 with a byte order mark, so spreadsheets read the accents).
 */

/** A CSV field: quoted when it holds the separator, a quote, a line break or edge spaces. */
export function csvField(value: string, separator: string): string {
  const needsQuotes = value.includes(separator) || /["\r\n]/.test(value) || value !== value.trim();
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line (without its end): the fields, quoted where needed, joined by the separator. */
export const csvLine = (cells: readonly string[], separator: string) => cells.map((cell) => csvField(cell, separator)).join(separator);

/** Offers `text` as the file `name` to download, of type `mime`. */
export function saveTextFile(name: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: `${mime};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
