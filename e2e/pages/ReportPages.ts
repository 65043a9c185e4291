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

  /** The boxes mounted now: the list is virtualised, so only those on screen (and one row beyond) are in the page. */
  boxes(): Locator {
    return this.page.getByTestId('report-box');
  }

  /** How many boxes the report holds, mounted or not. */
  async boxCount(): Promise<number> {
    return Number(await this.page.getByTestId('report-result').getAttribute('data-boxes'));
  }

  summary(): Locator {
    return this.page.getByTestId('report-summary');
  }

  summaryRows(level?: 'grupo' | 'aviario' | 'lado'): Locator {
    return this.page.locator(level ? `[data-testid="summary-row"][data-level="${level}"]` : '[data-testid="summary-row"]');
  }

  /** Opens the filters folded away on a phone (no-op when they are open). */
  async unfoldFilters() {
    const toggle = this.page.getByTestId('filters-toggle');
    if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  }

  /**
   * Scrolls the page to the end of the box list, as far as its rows measured on the way allow,
   * until the list's last row is mounted and the page stops growing.
   */
  async scrollToEnd() {
    await this.page.waitForFunction(
      () => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const list = document.querySelector('[data-testid="report-boxes"]');
        const last = Number(list?.getAttribute('data-count')) - 1;
        const row = list?.querySelector(`[data-index="${last}"]`);
        return Boolean(row) && Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) < 2;
      },
      undefined,
      { polling: 100, timeout: 30_000 },
    );
  }

  /** Total height of the box list's mounted rows, in px. */
  async mountedHeight(): Promise<number> {
    return this.page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="report-boxes"] > [data-index]')).reduce((sum, row) => sum + row.getBoundingClientRect().height, 0),
    );
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
    // Pressed on an item: the menu hears Escape inside its dropdown, and on a busy machine the focus
    // may not have moved into it yet when the page's keyboard presses.
    await items.first().press('Escape');
    await items.first().waitFor({ state: 'hidden' });
    return ids;
  }

  /**
   * Print: the browser's dialog is replaced by a marker (a headless browser has none), then
   * waits until the printed layout's graphs are decoded. Answers whether print() was called.
   */
  async print(timeout = 30_000): Promise<boolean> {
    await this.page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await this.page.getByTestId('report-print').click();
    await this.page.locator('[data-testid="print-report"][data-print-ready="true"]').waitFor({ state: 'attached', timeout });
    await this.page.waitForFunction(() => (window as unknown as { printed: number }).printed > 0);
    return true;
  }

  /**
   * Walks the page from top to bottom, a screen at a time, waiting at each step until every
   * histogram in view is drawn (they are drawn once seen; the list unmounts boxes scrolled past).
   */
  async revealCharts() {
    await this.page.evaluate(() => window.scrollTo(0, 0));
    for (;;) {
      await this.page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid="box-histogram"]'))
          .filter((chart) => {
            const rect = chart.getBoundingClientRect();
            return rect.bottom > 0 && rect.top < window.innerHeight;
          })
          .every((chart) => chart.dataset.drawn === 'true' && chart.querySelector('canvas') !== null),
      );
      const atEnd = await this.page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, Math.round(window.innerHeight * 0.8));
        return window.scrollY === before;
      });
      if (atEnd) break;
    }
    await this.page.evaluate(() => window.scrollTo(0, 0));
  }

  /**
   * Scrolls down the page until the box of a key ending is mounted, then brings it to the middle
   * of the screen (the list is virtualised: a box exists only near the screen); answers it.
   */
  async findBox(keyEnd: string): Promise<Locator> {
    const selector = `[data-testid="report-box"][data-key$="${keyEnd}"]`;
    await this.page.evaluate(() => window.scrollTo(0, 0));
    await this.page.waitForFunction(
      (boxSelector) => {
        const box = document.querySelector(boxSelector);
        if (!box) {
          window.scrollBy(0, Math.round(window.innerHeight * 0.6));
          return false;
        }
        box.scrollIntoView({ block: 'center' });
        const rect = box.getBoundingClientRect();
        return rect.top < window.innerHeight && rect.bottom > 0;
      },
      selector,
      { polling: 100, timeout: 20_000 },
    );
    return this.box(keyEnd);
  }

  /** How far the page is wider than the window (0: no sideways scrolling). */
  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}
