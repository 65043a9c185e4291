import type { Locator } from 'playwright-core';
import { ReportFramePage, type DownloadedFile } from './ReportFrame.js';

/** graficos/{id}: a chart drawn with its data, its period bar, table, CSV, print and pin. */
export class ChartViewPage extends ReportFramePage {
  async goto(id: number, query = '') {
    await this.page.goto(`/#/graficos/${id}${query}`);
    await this.settled();
  }

  /** Waits until the chart is drawn and its table is filled. */
  async settled() {
    await this.page.getByTestId('chart-canvas').locator('canvas').first().waitFor();
    await this.page.getByTestId('chart-table-row').first().waitFor();
  }

  pin(): Locator {
    return this.page.getByTestId('chart-pin');
  }

  /** The table as shown: per row, the day and each series' cell text. */
  async rows(): Promise<string[][]> {
    return this.page.getByTestId('chart-table-row').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')));
  }

  async headers(): Promise<string[]> {
    return this.page.getByTestId('chart-table').locator('th').allTextContents();
  }

  async downloadCsv(): Promise<DownloadedFile> {
    return this.downloadFrom('chart-csv');
  }
}
