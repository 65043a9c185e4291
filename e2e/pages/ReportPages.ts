import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/**
 * The weighing report screens (aves, aves-incubatorio; packages/web/src/features/reports):
 * filters kept in the url, Generate, the report tree, its downloads and its printed layout.
 */
export class WeighingReportPage {
  constructor(
    readonly page: Page,
    readonly path: 'aves' | 'aves-incubatorio' = 'aves',
  ) {}

  /** Opens the screen, optionally with a url query (a bookmarked report), and waits for the filters. */
  async goto(query = '') {
    await this.page.goto(`/#/${this.path}${query ? `?${query}` : ''}`);
    await this.page.getByTestId('report-filters').waitFor();
  }

  /** The query of the current url (the report's filters). */
  query(): URLSearchParams {
    const hash = new URL(this.page.url()).hash;
    return new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
  }

  filter(name: 'nucleo' | 'lote' | 'aviario' | 'sexo' | 'inicio' | 'fim'): Locator {
    return this.page.getByTestId(`filter-${name}`);
  }

  /** Picks an option of a filter by its visible label. */
  async choose(name: 'nucleo' | 'lote' | 'aviario' | 'sexo', option: string) {
    await this.filter(name).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  }

  /** Types a date (dd/mm/yyyy) into From or To, digits only, as the mask expects. */
  async typeDate(name: 'inicio' | 'fim', masked: string) {
    await this.filter(name).fill('');
    await this.filter(name).pressSequentially(masked.replace(/\//g, ''));
  }

  async quickRange(days: 30 | 365) {
    await this.page.getByTestId(`range-${days}`).click();
  }

  /** Generate, then wait until the report, the empty notice or an error shows. */
  async generate() {
    await this.page.getByTestId('report-generate').click();
    await this.settled();
  }

  async settled() {
    await this.page.locator('[data-testid="report-result"], [data-testid="report-empty"], [data-testid="report-error"]').first().waitFor();
  }

  boxes(): Locator {
    return this.page.getByTestId('report-box');
  }

  /** A box by the end of its key (e.g. ';Aviário 1;A;1.R.P'). */
  box(keyEnd: string): Locator {
    return this.page.locator(`[data-testid="report-box"][data-key$="${keyEnd}"]`);
  }

  /** A statistic of a node (pesoMedio, cv, uni …) as shown. */
  async stat(node: Locator, name: string): Promise<string> {
    return ((await node.getByTestId(`stat-${name}`).first().textContent()) ?? '').trim();
  }

  total(): Locator {
    return this.page.getByTestId('report-total');
  }

  /** Downloads the report as csv, txt or html, or the server's summary file (aves), and answers the file's name and text. */
  async download(format: 'csv' | 'txt' | 'html' | 'summary'): Promise<{ name: string; text: string }> {
    await this.page.getByTestId('report-download').click();
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(`download-${format}`).click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }

  /** The entries of the Download menu (test ids download-…), the menu closed again. */
  async downloadEntries(): Promise<string[]> {
    await this.page.getByTestId('report-download').click();
    const items = this.page.locator('[data-testid^="download-"]');
    await items.first().waitFor();
    const ids = await items.evaluateAll((list) => list.map((item) => item.getAttribute('data-testid') ?? ''));
    await this.page.keyboard.press('Escape');
    await items.first().waitFor({ state: 'hidden' });
    return ids;
  }

  /**
   * Print: the browser's dialog is replaced by a marker (a headless browser has none), then
   * waits until the printed layout's graphs are decoded. Answers whether print() was called.
   */
  async print(): Promise<boolean> {
    await this.page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await this.page.getByTestId('report-print').click();
    await this.page.locator('[data-testid="print-report"][data-print-ready="true"]').waitFor({ state: 'attached' });
    await this.page.waitForFunction(() => (window as unknown as { printed: number }).printed > 0);
    return true;
  }

  /** Scrolls every box's histogram into view (they are drawn once seen) and waits until all are drawn. */
  async revealCharts() {
    const charts = this.page.getByTestId('box-histogram');
    const count = await charts.count();
    for (let index = 0; index < count; index += 1) await charts.nth(index).scrollIntoViewIfNeeded();
    await this.page.waitForFunction(
      (expected) => document.querySelectorAll('[data-testid="box-histogram"][data-drawn="true"] canvas').length === expected,
      count,
    );
    await this.page.evaluate(() => window.scrollTo(0, 0));
  }

  /** How far the page is wider than the window (0: no sideways scrolling). */
  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}
