import type { Locator, Page } from 'playwright-core';

/**
 * A farm record's list and form screens, built on the generic record blocks of the web
 * (RecordListPage, RecordFormFrame, useRecordForm): `record-*` and `field-<path>` test ids.
 */
export class FarmRecordScreen {
  constructor(readonly page: Page) {}

  /** Opens a hash route, e.g. `silos` or `silos/add`. */
  async goto(path: string) {
    await this.page.goto(`/#/${path}`);
  }

  field(path: string): Locator {
    return this.page.getByTestId(`field-${path.replaceAll('.', '-')}`);
  }

  /** Picks one option of a Select (or adds one to a MultiSelect) by its visible label. */
  async choose(path: string, option: string | RegExp) {
    await this.chooseIn(this.field(path), option);
  }

  /** The same for any Select or MultiSelect input. */
  async chooseIn(input: Locator, option: string | RegExp) {
    await input.click();
    const listbox = this.page.getByRole('listbox');
    await listbox.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).first().click();
    // A MultiSelect keeps its dropdown open: close it so it does not cover the next field.
    if (await listbox.isVisible().catch(() => false)) await this.page.keyboard.press('Escape');
  }

  /**
   * Flips a Switch or Checkbox. Its input is visually hidden (the track is what shows), so the
   * click goes to the input itself rather than to a point that a sticky bar may cover.
   */
  async toggle(path: string) {
    await this.field(path).dispatchEvent('click');
  }

  async save() {
    await this.page.getByTestId('record-save').click();
  }

  message(): Locator {
    return this.page.getByTestId('record-message');
  }

  /** Waits until a toast or message with this text shows. */
  async sees(text: string) {
    await this.page.getByText(text, { exact: false }).first().waitFor();
  }

  title(): Locator {
    return this.page.getByTestId('page-title');
  }

  // The list screen.

  search(): Locator {
    return this.page.getByTestId('record-search');
  }

  rows(): Locator {
    return this.page.getByTestId('record-row');
  }

  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  async openRow(text: string) {
    await this.row(text).getByRole('link').first().click();
  }

  // Deleting, always through the 'Atenção' dialog.

  async askDelete() {
    await this.page.getByTestId('record-delete').click();
    await this.page.getByTestId('confirm-text').waitFor();
  }

  async cancelDelete() {
    await this.page.getByTestId('confirm-cancel').click();
    await this.page.getByTestId('confirm-text').waitFor({ state: 'hidden' });
  }

  async confirmDelete() {
    await this.page.getByTestId('confirm-delete').click();
    await this.page.getByTestId('confirm-text').waitFor({ state: 'hidden' });
  }
}
