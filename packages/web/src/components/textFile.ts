/**
 * Saving text the browser wrote as a download (UTF-8 with a byte order mark, so spreadsheets read
 * the accents). The cells of those files follow the one rule of @portal/shared's csv.ts (quoting
 * for the separator, formulas defused), as the server's files do.
 */

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
