import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** A table row as shown: its data-* attributes, the cells that carry data-col, and all its cells' text. */
export interface ShownRow {
  attributes: Record<string, string>;
  cells: Record<string, string>;
  text: string;
}

/** A downloaded file: its suggested name and its text without the BOM. */
export interface DownloadedFile {
  name: string;
  text: string;
}

/** Reads every row of a table in one pass. */
export function readRows(rows: Locator): Promise<ShownRow[]> {
  return rows.evaluateAll((elements) =>
    elements.map((row) => ({
      attributes: Object.fromEntries(Array.from(row.attributes).filter((attribute) => attribute.name.startsWith('data-')).map((attribute) => [attribute.name.slice(5), attribute.value])),
      cells: Object.fromEntries(Array.from(row.querySelectorAll('[data-col]')).map((cell) => [cell.getAttribute('data-col') ?? '', (cell.textContent ?? '').trim()])),
      text: Array.from(row.querySelectorAll('td'))
        .map((cell) => (cell.textContent ?? '').trim())
        .join(' | '),
    })),
  );
}

/**
 * What every report screen built on the shared report frame (packages/web/src/components/reports)
 * has: the period in the url, totals, CSV downloads, the print button and a layout that must not
 * overflow sideways.
 */
export class ReportFramePage {
  constructor(readonly page: Page) {}

  /** The url's query (the hash route's ?di&df…). */
  query(): URLSearchParams {
    const hash = new URL(this.page.url()).hash;
    return new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
  }

  total(field: string): Locator {
    return this.page.getByTestId(`total-${field}`);
  }

  /** Clicks the download button `testId` and reads the saved file. */
  protected async downloadFrom(testId: string): Promise<DownloadedFile> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(testId).click()]);
    return { name: download.suggestedFilename(), text: (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '') };
  }

  /** Print with the browser's dialog replaced by a marker (a headless browser has none); true when it was asked for. */
  async print(): Promise<boolean> {
    await this.page.evaluate(() => {
      (window as unknown as { printed: boolean }).printed = false;
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await this.page.getByTestId('report-print').click();
    return this.page.evaluate(() => (window as unknown as { printed: boolean }).printed);
  }

  /** How far the page reaches past the viewport sideways (0 or less: nothing overflows). */
  overflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}
