import type { Locator } from 'playwright-core';
import { ReportFramePage, readRows, type DownloadedFile, type ShownRow } from './ReportFrame.js';

/**
 * The comparison screen (route comparativo, packages/web/src/features/comparison): filters and the
 * period in the url, the IEP chart, the ranking table with quartiles and the mean row, CSV.
 */
export class ComparisonPage extends ReportFramePage {
  async goto(query: Record<string, string | number> = {}) {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    await this.page.goto(`/#/comparativo${params.size > 0 ? `?${params}` : ''}`);
    await this.settled();
  }

  /** Waits until the ranking (or a reason it cannot show) is on the page. */
  async settled() {
    await this.page.locator('[data-testid="comparison-table"], [data-testid="comparison-empty"], [data-testid="comparison-error"]').first().waitFor();
  }

  table(): Locator {
    return this.page.getByTestId('comparison-table');
  }

  rows(): Promise<ShownRow[]> {
    return readRows(this.page.getByTestId('comparison-row'));
  }

  /** The names of the lines, in the order shown. */
  names(): Promise<string[]> {
    return this.page.getByTestId('comparison-name').allTextContents();
  }

  /** The quartile labels of the lines, in the order shown. */
  quartileLabels(): Promise<string[]> {
    return this.table().getByTestId('comparison-quartile').allTextContents();
  }

  mean(): Promise<ShownRow[]> {
    return readRows(this.page.getByTestId('comparison-mean'));
  }

  async sortBy(key: string) {
    await this.page.getByTestId(`comparison-sort-${key}`).click();
  }

  /** Waits for the IEP chart's canvas (ECharts, loaded lazily). */
  async chartDrawn() {
    await this.page.getByTestId('comparison-chart').locator('canvas').first().waitFor();
  }

  filter(name: 'por' | 'farm' | 'breed' | 'sex' | 'age-min' | 'age-max' | 'active' | 'all-owners'): Locator {
    return this.page.getByTestId(`comparison-filter-${name}`);
  }

  /** Picks an option of a filter's select by its text. */
  async choose(name: 'por' | 'farm' | 'breed' | 'sex', option: string) {
    await this.filter(name).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** How far the table reaches past its own box (it scrolls inside it on a phone). */
  tableScrollWidth(): Promise<{ scroll: number; client: number }> {
    return this.table().evaluate((table) => {
      const box = table.parentElement!;
      return { scroll: box.scrollWidth, client: box.clientWidth };
    });
  }

  download(): Promise<DownloadedFile> {
    return this.downloadFrom('comparison-csv');
  }
}
