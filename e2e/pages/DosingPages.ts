import type { Locator } from 'playwright-core';
import { readRows, ReportFramePage, type DownloadedFile, type ShownRow } from './ReportFrame.js';

export type { ShownRow };

/**
 * A fumigator's dosing history (fumigadores/historico/:id, packages/web/src/features/fumigators):
 * the period bar, totals, daily chart, doser chart, applications and days tables, CSVs, and the
 * manual application dialog.
 */
export class DosingHistoryPage extends ReportFramePage {
  async goto(id: number, period?: { di: string; df: string }) {
    const query = period ? `?di=${period.di}&df=${period.df}` : '';
    await this.page.goto(`/#/fumigadores/historico/${id}${query}`);
    await this.settled();
  }

  async settled() {
    await this.page.locator('[data-testid="dosing-days"], [data-testid="dosing-not-found"], [data-testid="dosing-error"]').first().waitFor();
  }

  days(): Promise<ShownRow[]> {
    return readRows(this.page.getByTestId('dosing-day'));
  }

  events(): Promise<ShownRow[]> {
    return readRows(this.page.getByTestId('dosing-event'));
  }

  /** The link of the application `id` in the table. */
  eventLink(id: number): Locator {
    return this.page.locator(`[data-testid="dosing-event"][data-id="${id}"] a`);
  }

  /** Waits for both charts' canvases. */
  async chartsDrawn() {
    await this.page.getByTestId('dosing-daily-chart').locator('canvas').first().waitFor();
    await this.page.getByTestId('dosing-doser-chart').locator('canvas').first().waitFor();
  }

  async download(which: 'days' | 'events'): Promise<DownloadedFile> {
    return this.downloadFrom(`dosing-csv-${which}`);
  }
}

/** One application (fumigadores/historico/:id/detalhe/:iddosagens): fields, chart, notes form, pictures. */
export class DosingDetailPage extends ReportFramePage {
  async goto(fumigadorId: number, dosagemId: number) {
    await this.page.goto(`/#/fumigadores/historico/${fumigadorId}/detalhe/${dosagemId}`);
    await this.settled();
  }

  async settled() {
    await this.page.locator('[data-testid="dosing-fields"], [data-testid="dosing-not-found"], [data-testid="dosing-error"]').first().waitFor();
  }

  field(name: string): Locator {
    return this.page.getByTestId(`field-${name}`);
  }

  input(name: string): Locator {
    return this.page.getByTestId(`dosagem-${name}`);
  }

  async save() {
    await this.page.getByTestId('dosagem-save').click();
    await this.page.getByTestId('dosagem-saved').waitFor();
  }

  /** The pictures shown, with whether each image decoded. */
  async photos(): Promise<Array<{ id: string; loaded: boolean }>> {
    await this.page.getByTestId('dosing-photo').first().locator('img').waitFor();
    await this.page.waitForFunction(() => Array.from(document.querySelectorAll('[data-testid="dosing-photo"] img')).every((image) => (image as HTMLImageElement).complete));
    return this.page.getByTestId('dosing-photo').evaluateAll((elements) =>
      elements.map((element) => {
        const image = element.querySelector('img') as HTMLImageElement | null;
        return { id: element.getAttribute('data-id') ?? '', loaded: Boolean(image && image.naturalWidth > 0) };
      }),
    );
  }
}
