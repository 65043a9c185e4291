import type { Page } from 'playwright-core';

/** The readings retention card of the profile page (features/retention). */
export class RetentionCard {
  constructor(private readonly page: Page) {}

  card() {
    return this.page.getByTestId('retention-card');
  }

  days() {
    return this.page.getByTestId('retention-days');
  }

  async setDays(days: string) {
    await this.days().fill(days);
    await this.page.getByTestId('retention-save').click();
  }

  levels() {
    return this.page.getByTestId('retention-levels');
  }

  message() {
    return this.page.getByTestId('retention-message');
  }
}
