import type { Locator, Page } from 'playwright-core';

/**
 * What the record screens share (records/ blocks and the devices kit): the form's fields by
 * `field-<name>`, Mantine selects and radio cards, the save bar and the delete dialog.
 */
export class RecordScreens {
  constructor(readonly page: Page) {}

  field(name: string): Locator {
    return this.page.getByTestId(`field-${name}`);
  }

  /** The error text Mantine shows under an input (its aria-describedby). */
  async fieldError(name: string): Promise<string> {
    const input = this.field(name);
    const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
    if (ids.length === 0) return '';
    return (await this.page.locator(`[id="${ids[0]}"]`).textContent()) ?? '';
  }

  /** Picks an option of a Mantine Select (or MultiSelect) by its visible label. */
  async choose(name: string, label: string) {
    await this.field(name).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async save() {
    await this.page.getByTestId('record-save').click();
  }

  message(): Locator {
    return this.page.getByTestId('record-message');
  }

  rows(): Locator {
    return this.page.getByTestId('record-row');
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="record-row"][data-record-id="${id}"]`);
  }

  /** Confirms the 'Atenção' dialog of a delete. */
  async confirmDelete() {
    await this.page.getByTestId('confirm-text').waitFor();
    await this.page.getByTestId('confirm-delete').click();
  }

  /** No sideways scroll on the page (phones). */
  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /** Waits for a notification with this text. */
  async notified(text: string) {
    await this.page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor();
  }
}
