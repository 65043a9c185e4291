import type { Locator } from 'playwright-core';
import { readRows, ReportFramePage, type DownloadedFile } from './ReportFrame.js';

/** One row of the history table as shown: its kind, day, serial and the value cells by column. */
export interface ShownHistoryRow {
  kind: string;
  date: string;
  serie: string;
  cells: Record<string, string>;
}

/**
 * The collection-point history screen (coletores/historico/:id, packages/web/src/features/
 * collectionPoints): the period bar (?di&df), totals, the chart, the table by collector and day
 * and its CSV download.
 */
export class CollectionHistoryPage extends ReportFramePage {
  /** Opens a point's history, optionally for a period, and waits until it shows (or says why not). */
  async goto(id: number, period?: { di: string; df: string }) {
    const query = period ? `?di=${period.di}&df=${period.df}` : '';
    await this.page.goto(`/#/coletores/historico/${id}${query}`);
    await this.settled();
  }

  async settled() {
    await this.page
      .locator('[data-testid="history-table"], [data-testid="history-not-found"], [data-testid="history-error"]')
      .first()
      .waitFor();
  }

  async quickRange(days: 30 | 365) {
    await this.page.getByTestId(`period-quick-${days}`).click();
  }

  chart(): Locator {
    return this.page.getByTestId('history-chart');
  }

  /** Waits for the chart's canvas (drawn by the lazily loaded ECharts). */
  async chartDrawn() {
    await this.chart().locator('canvas').first().waitFor();
  }

  /** Every table row, read in one pass. */
  async rows(): Promise<ShownHistoryRow[]> {
    const rows = await readRows(this.page.getByTestId('history-row'));
    return rows.map(({ attributes, cells }) => ({ kind: attributes.kind ?? '', date: attributes.date ?? '', serie: attributes.serie ?? '', cells }));
  }

  /** Clicks the CSV button and reads the saved file. */
  async downloadCsv(): Promise<DownloadedFile> {
    return this.downloadFrom('history-csv');
  }
}
