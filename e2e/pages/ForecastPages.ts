import type { Locator, Page } from 'playwright-core';

/**
 * The growth forecast: the card on a flock's page (packages/web/src/features/flocks/ForecastCard.tsx)
 * and the line on a dashboard tile (features/dashboard/ForecastLine.tsx).
 */
export class ForecastCard {
  readonly card: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('forecast-card');
  }

  /** Waits for the answer and the lazily loaded chart's canvas (or the reason there is none). */
  async drawn() {
    await this.page.locator('[data-testid="forecast-card"][data-loaded="true"]').waitFor();
    await this.card.locator('[data-testid="forecast-chart"] canvas').first().waitFor();
  }

  chart(): Locator {
    return this.card.getByTestId('forecast-chart');
  }

  value(testId: 'forecast-weight' | 'forecast-weight-range' | 'forecast-target' | 'forecast-target-range' | 'forecast-used' | 'forecast-rmse' | 'forecast-standard-share' | 'forecast-reason'): Locator {
    return this.card.getByTestId(testId);
  }

  /** Chooses a group (flock, males…) by its shown label. */
  async chooseGroup(label: string) {
    await this.card.getByTestId('forecast-group').getByText(label, { exact: true }).click();
  }

  /** Types a target weight and waits for the forecast asked with it. */
  async askTarget(grams: number) {
    const answered = this.page.waitForResponse((response) => response.url().includes('/api/getprevisao') && response.url().includes(`alvo_g=${grams}`));
    await this.card.getByTestId('forecast-target-input').fill(String(grams));
    await answered;
  }
}

/** A dashboard tile's forecast line, by flock. */
export const tileForecast = (page: Page, loteId: number): Locator => page.locator(`[data-testid="dashboard-flock"][data-lote="${loteId}"] [data-testid="dashboard-flock-forecast"]`);
