import type { Page } from 'playwright-core';
import { RecordScreen } from './RecordPages.js';

/** integracao and mtech: cards of settings and the add/edit drawer. */
export class ConfigScreenPage extends RecordScreen {
  constructor(page: Page, readonly route: 'integracao' | 'mtech') {
    super(page);
  }

  override async goto() {
    await this.page.goto(`/#/${this.route}`);
    await this.page.locator('[data-testid="config-card"], [data-testid="record-empty"], [data-testid="owner-only"]').first().waitFor();
  }

  cards() {
    return this.page.getByTestId('config-card');
  }

  form() {
    return this.page.getByTestId('config-form');
  }

  async openAdd() {
    await this.page.getByTestId('record-add').first().click();
    await this.form().waitFor();
  }

  async schedule(agenda: 'manual' | 'horaria' | 'diaria') {
    const index = { manual: 0, horaria: 1, diaria: 2 }[agenda];
    await this.field('agenda').locator('label').nth(index).click();
  }

  async tick(dado: string) {
    await this.page.getByTestId(`dado-${dado}`).check();
  }

  async saveForm() {
    await this.page.getByTestId('config-save').click();
  }

  /** Closes the signing secret shown once after creating a configuration. */
  async closeSecret() {
    await this.page.getByTestId('secret-done').click();
    await this.page.getByTestId('secret-modal').waitFor({ state: 'detached' });
  }
}
