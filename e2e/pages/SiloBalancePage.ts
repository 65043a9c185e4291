import type { Locator } from 'playwright-core';
import { readRows, ReportFramePage, type DownloadedFile, type ShownRow } from './ReportFrame.js';

export type { ShownRow };

/**
 * A silo's balance from its scale (silos/:id/saldo, packages/web/src/features/silos/SiloBalancePage):
 * the period bar (?di&df), the summary, the chart, the detected deliveries with Confirm (a form
 * holding the amount) / Dismiss,
 * the day table and the CSV download.
 */
export class SiloBalancePage extends ReportFramePage {
  async goto(siloId: number, period: { di: string; df: string }) {
    await this.page.goto(`/#/silos/${siloId}/saldo?di=${period.di}&df=${period.df}`);
    await this.settled();
  }

  /** Waits until the report (or why it cannot show) is on the page. */
  async settled() {
    await this.page.locator('[data-testid="balance-table"], [data-testid="balance-not-found"], [data-testid="balance-error"]').first().waitFor();
  }

  chart(): Locator {
    return this.page.getByTestId('balance-chart');
  }

  /** Waits for the chart's canvas. */
  async chartDrawn(): Promise<void> {
    await this.chart().locator('canvas').first().waitFor();
  }

  scaleKg(): Locator {
    return this.page.getByTestId('balance-scale-kg');
  }

  days(): Promise<ShownRow[]> {
    return readRows(this.page.getByTestId('balance-row'));
  }

  /** The deliveries as listed: key (em), situation and the quantity text. */
  deliveries(): Promise<{ em: number; situacao: string; quantity: string }[]> {
    return this.page.getByTestId('delivery-row').evaluateAll((rows) =>
      rows.map((row) => ({
        em: Number(row.getAttribute('data-em')),
        situacao: row.getAttribute('data-situacao') ?? '',
        quantity: (row.querySelector('[data-testid="delivery-quantity"]')?.textContent ?? '').trim(),
      })),
    );
  }

  delivery(em: number): Locator {
    return this.page.locator(`[data-testid="delivery-row"][data-em="${em}"]`);
  }

  /**
   * Confirms (through the confirm form, with `amount` typed over the detected one when given) or
   * dismisses a delivery and waits for the success message; answers its text.
   */
  async decide(em: number, confirmar: boolean, amount?: string): Promise<string> {
    const row = this.delivery(em);
    await row.getByTestId(confirmar ? 'delivery-confirm' : 'delivery-dismiss').click();
    if (confirmar) {
      const form = row.getByTestId('delivery-confirm-form');
      if (amount !== undefined) await form.getByTestId('field-quantidade_kg').fill(amount);
      await form.getByTestId('delivery-confirm-save').click();
    }
    const message = this.page.locator('.mantine-Notification-description').first();
    await message.waitFor();
    const text = (await message.textContent()) ?? '';
    await this.page.locator(`[data-testid="delivery-row"][data-em="${em}"][data-situacao="${confirmar ? 'confirmada' : 'descartada'}"]`).waitFor();
    return text.trim();
  }

  async downloadCsv(): Promise<DownloadedFile> {
    return this.downloadFrom('balance-csv');
  }
}
