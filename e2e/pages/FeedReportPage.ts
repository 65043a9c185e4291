import type { Locator } from 'playwright-core';
import { ReportFramePage, type DownloadedFile } from './ReportFrame.js';

/** One day row of the feed table as shown: its date and the value cells by column. */
export interface ShownFeedRow {
  date: string;
  partial: boolean;
  cells: Record<string, string>;
}

/**
 * The feed consumption report (route racao, packages/web/src/features/feed): flock picker, period
 * bar (?lote&di&df), totals, two charts, the day table in three views, silos and houses, CSV.
 */
export class FeedReportPage extends ReportFramePage {
  async goto(query: { lote?: number; di?: string; df?: string } = {}) {
    const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]));
    const search = params.size > 0 ? `?${params}` : '';
    await this.page.goto(`/#/racao${search}`);
    await this.settled();
  }

  /** Waits until the report (or a reason it cannot show) is on the page. */
  async settled() {
    await this.page
      .locator('[data-testid="racao-table"], [data-testid="racao-empty"], [data-testid="racao-not-found"], [data-testid="racao-error"], [data-testid="racao-no-flocks"]')
      .first()
      .waitFor();
  }

  /** Picks a flock in the picker by its option text. */
  async chooseFlock(label: string) {
    await this.page.getByTestId('racao-flock').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** The picker's option texts, in order. */
  async flockOptions(): Promise<string[]> {
    await this.page.getByTestId('racao-flock').click();
    const options = await this.page.getByRole('option').allTextContents();
    await this.page.keyboard.press('Escape');
    return options;
  }

  charts(): Locator {
    return this.page.locator('[data-testid^="racao-chart-"]');
  }

  /** Waits for both charts' canvases (drawn by the lazily loaded ECharts). */
  async chartsDrawn() {
    await this.page.getByTestId('racao-chart-consumo').locator('canvas').first().waitFor();
    await this.page.getByTestId('racao-chart-ave').locator('canvas').first().waitFor();
  }

  /** Switches the day table to the flock, per-silo or per-house view. */
  async view(view: 'lote' | 'silos' | 'aviarios', label: string) {
    await this.page.getByTestId('racao-view').getByText(label, { exact: true }).click();
    await this.page.locator(`[data-testid="racao-table"][data-view="${view}"]`).waitFor();
  }

  /** Every day row of the table, read in one pass. */
  async rows(): Promise<ShownFeedRow[]> {
    return this.page.getByTestId('racao-row').evaluateAll((rows) =>
      rows.map((row) => ({
        date: row.getAttribute('data-date') ?? '',
        partial: row.querySelector('[data-testid="racao-partial"]') !== null,
        cells: Object.fromEntries(Array.from(row.querySelectorAll('[data-col]')).map((cell) => [cell.getAttribute('data-col') ?? '', (cell.textContent ?? '').trim()])),
      })),
    );
  }

  /** The cells of a breakdown table (racao-silos or racao-houses) by row id. */
  async breakdown(testId: 'racao-silos' | 'racao-houses'): Promise<Record<string, Record<string, string>>> {
    return this.page.getByTestId(testId).locator('tbody tr').evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.getAttribute('data-silo') ?? row.getAttribute('data-house') ?? '',
          Object.fromEntries(Array.from(row.querySelectorAll('[data-col]')).map((cell) => [cell.getAttribute('data-col') ?? '', (cell.textContent ?? '').trim()])),
        ]),
      ),
    );
  }

  async downloadCsv(): Promise<DownloadedFile> {
    return this.downloadFrom('racao-csv');
  }
}
