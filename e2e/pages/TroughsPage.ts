import type { Locator } from 'playwright-core';
import { readRows, ReportFramePage, type DownloadedFile, type ShownRow } from './ReportFrame.js';

export type { ShownRow };

/**
 * The feeder troughs screen (calhas, packages/web/src/features/troughs): monitor and trough
 * pickers (?id&calha), the period bar (?di&df), totals, the chart with gaps and stoppages, the
 * intervals table, the days table and the two CSV downloads.
 */
export class TroughsPage extends ReportFramePage {
  async goto(query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
    await this.page.goto(`/#/calhas${search ? `?${search}` : ''}`);
    await this.settled();
  }

  /** Waits until the report (or the reason it cannot show) is on the page. */
  async settled() {
    await this.page
      .locator('[data-testid="trough-days"], [data-testid="trough-none"], [data-testid="trough-not-found"], [data-testid="trough-no-readings"], [data-testid="trough-error"]')
      .first()
      .waitFor();
  }

  chart(): Locator {
    return this.page.getByTestId('trough-chart');
  }

  /** Waits for the chart's canvas, and answers the counts it says it drew. */
  async chartDrawn(): Promise<{ points: number; gaps: number; stoppages: number }> {
    await this.chart().locator('canvas').first().waitFor();
    const read = async (name: string) => Number(await this.chart().getAttribute(`data-${name}`));
    return { points: await read('points'), gaps: await read('gaps'), stoppages: await read('stoppages') };
  }

  /** Lists every gap and stoppage (the table shows the first 100 until asked). */
  async showAllIntervals() {
    const button = this.page.getByTestId('trough-intervals-all');
    if (await button.isVisible()) await button.click();
  }

  intervals(): Promise<ShownRow[]> {
    return readRows(this.page.getByTestId('interval-row'));
  }

  days(): Promise<ShownRow[]> {
    return readRows(this.page.getByTestId('day-row'));
  }

  /** Picks a trough in the trough select by its label. */
  async chooseTrough(label: string) {
    await this.page.getByTestId('trough-number').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** Picks a monitor in the monitor select by (part of) its label. */
  async chooseMonitor(label: string) {
    await this.page.getByTestId('trough-device').click();
    await this.page.getByRole('option', { name: new RegExp(label) }).click();
  }

  async downloadCsv(testId: 'trough-csv-days' | 'trough-csv-intervals'): Promise<DownloadedFile> {
    return this.downloadFrom(testId);
  }
}
