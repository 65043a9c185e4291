import type { Locator, Page } from 'playwright-core';

/**
 * Page models of the record screens built on the shared blocks of
 * packages/web/src/features/records (RecordListPage, ListTable, RecordFormFrame, useSchemaForm):
 * one model fits nucleos, lotes, silos, balancas, chaves … since the blocks give every screen the
 * same test ids: `record-*` on lists, forms and their states, `field-<path>` on every input.
 */

/** What every record screen has: its list (rows, search), its form (fields, save) and the delete dialog. */
export class RecordScreen {
  constructor(readonly page: Page) {}

  /** Opens a hash route, e.g. `silos`, `silos/add` or `fumigadores?q=x`, without waiting. */
  async goto(path: string) {
    await this.page.goto(`/#/${path}`);
  }

  title(): Locator {
    return this.page.getByTestId('page-title');
  }

  /** No sideways scroll on the page (phones): how far the page is wider than the window. */
  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  // The list.

  /** Waits until the list has settled on rows, the empty state, no match or an error. */
  async settled() {
    await this.page
      .locator('[data-testid="record-row"], [data-testid="record-empty"], [data-testid="record-error"], [data-testid="record-no-match"]')
      .first()
      .waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('record-row');
  }

  /** A row by its record's id (`data-record-id`), or the row showing a text (a name, a city …). */
  row(match: number | string | RegExp): Locator {
    if (typeof match === 'number') return this.page.locator(`[data-testid="record-row"][data-record-id="${match}"]`);
    return this.rows().filter({ hasText: match });
  }

  searchBox(): Locator {
    return this.page.getByTestId('record-search');
  }

  async search(text: string) {
    await this.searchBox().fill(text);
    // The list filters a moment after typing stops.
    await this.page.waitForTimeout(250);
  }

  /** Opens the record of the row showing `text` and waits for its form. */
  async open(text: string | RegExp) {
    await this.row(text).first().click();
    await this.page.getByTestId('record-form').waitFor();
  }

  /** The add button (in the header, or in the empty state when there are no records). */
  addButton(): Locator {
    return this.page.getByTestId('record-add');
  }

  async add() {
    await this.addButton().first().click();
    await this.page.getByTestId('record-form').waitFor();
  }

  empty(): Locator {
    return this.page.getByTestId('record-empty');
  }

  noMatch(): Locator {
    return this.page.getByTestId('record-no-match');
  }

  error(): Locator {
    return this.page.getByTestId('record-error');
  }

  async retry() {
    await this.page.getByTestId('record-retry').click();
  }

  readOnlyBadge(): Locator {
    return this.page.getByTestId('owner-read-only');
  }

  /** Chooses whose records to show by the owner's label as listed ('Ana Souza', 'Bruno (you)'). */
  async chooseOwner(label: string | RegExp) {
    await this.page.getByTestId('owner-picker').click();
    await this.page.getByRole('option', { name: label }).click();
    await this.settled();
  }

  // The form.

  /** The input of a form path: 'nome', 'aviarios.0.lados' (test id field-aviarios-0-lados). */
  field(path: string): Locator {
    return this.page.getByTestId(`field-${path.replaceAll('.', '-')}`);
  }

  async fill(values: Record<string, string | number>) {
    for (const [path, value] of Object.entries(values)) await this.field(path).fill(String(value));
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

  /** Picks an option of a segmented control (tipo) by its visible label. */
  async chooseSegment(path: string, label: string) {
    await this.field(path).getByText(label, { exact: true }).click();
  }

  /**
   * Flips a Switch or Checkbox. Its input is visually hidden (the track is what shows), so the
   * click goes to the input itself rather than to a point that a sticky bar may cover.
   */
  async toggle(path: string) {
    await this.field(path).dispatchEvent('click');
  }

  /** The error text shown under an input. */
  fieldError(path: string): Locator {
    return this.page.locator('.mantine-InputWrapper-root', { has: this.field(path) }).locator('.mantine-InputWrapper-error');
  }

  saveButton(): Locator {
    return this.page.getByTestId('record-save');
  }

  async save() {
    await this.saveButton().click();
  }

  /** Saves a new record and waits for its detail page; returns the new id. */
  async saveNew(): Promise<number> {
    await this.save();
    await this.page.waitForURL(/#\/[\w-]+\/\d+$/);
    return Number(/(\d+)$/.exec(this.page.url())?.[1]);
  }

  /** The outcome of Save when not a field's ('Check the highlighted fields', a server refusal). */
  message(): Locator {
    return this.page.getByTestId('record-message');
  }

  notFound(): Locator {
    return this.page.getByTestId('record-not-found');
  }

  /** Waits until a text shows anywhere (a toast, a message). */
  async sees(text: string) {
    await this.page.getByText(text, { exact: false }).first().waitFor();
  }

  /** Waits for a notification (toast) with this text. */
  async notified(text: string) {
    await this.page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor();
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

  /** Confirms the open dialog and waits for it to close (the delete went through). */
  async confirmDelete() {
    await this.page.getByTestId('confirm-text').waitFor();
    await this.page.getByTestId('confirm-delete').click();
    await this.page.getByTestId('confirm-text').waitFor({ state: 'hidden' });
  }

  /** Deletes the record shown; leaves the dialog open when the server refuses (see deleteMessage). */
  async delete() {
    await this.askDelete();
    await this.page.getByTestId('confirm-delete').click();
  }

  /** The refusal shown inside the delete dialog (RECORD_IN_USE …). */
  deleteMessage(): Locator {
    return this.page.getByTestId('confirm-message');
  }
}

/** A list screen such as /#/nucleos. */
export class RecordListPage extends RecordScreen {
  constructor(
    page: Page,
    /** Hash path of the list, without '#/': 'nucleos'. */
    private readonly path: string,
  ) {
    super(page);
  }

  /** Opens the list and waits until it has settled on rows, the empty state or an error. */
  override async goto() {
    await super.goto(this.path);
    await this.settled();
  }
}

/** An add or detail screen such as /#/nucleos/add or /#/nucleos/5. */
export class RecordFormPage extends RecordScreen {
  /** Opens the screen and waits for its form, or its not-found or error state. */
  override async goto(path: string) {
    await super.goto(path);
    await this.page.locator('[data-testid="record-form"], [data-testid="record-not-found"], [data-testid="record-error"]').first().waitFor();
  }
}
