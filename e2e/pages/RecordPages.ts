import type { Locator, Page } from 'playwright-core';

/**
 * Page models of the farm record screens built on the shared blocks of
 * packages/web/src/features/records (RecordListPage, RecordFormFrame): one model fits nucleos,
 * lotes, silos … since the blocks give every screen the same test ids.
 */

/** A list screen such as /#/nucleos. */
export class RecordListPage {
  constructor(
    private readonly page: Page,
    /** Hash path of the list, without '#/': 'nucleos'. */
    private readonly path: string,
  ) {}

  /** Opens the list and waits until it has settled on rows, the empty state or an error. */
  async goto() {
    await this.page.goto(`/#/${this.path}`);
    await this.settled();
  }

  async settled() {
    await this.page
      .locator('[data-testid="record-row"], [data-testid="record-empty"], [data-testid="record-error"], [data-testid="record-no-match"]')
      .first()
      .waitFor();
  }

  rows(): Locator {
    return this.page.getByTestId('record-row');
  }

  /** The row showing `text` (a name, a city …). */
  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }

  async search(text: string) {
    await this.page.getByTestId('record-search').fill(text);
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
}

/** An add or detail screen such as /#/nucleos/add or /#/nucleos/5. */
export class RecordFormPage {
  constructor(private readonly page: Page) {}

  async goto(path: string) {
    await this.page.goto(`/#/${path}`);
    await this.page.locator('[data-testid="record-form"], [data-testid="record-not-found"], [data-testid="record-error"]').first().waitFor();
  }

  /** The input of a form path: 'nome', 'aviarios.0.lados' (test id field-aviarios-0-lados). */
  field(path: string): Locator {
    return this.page.getByTestId(`field-${path.replaceAll('.', '-')}`);
  }

  async fill(values: Record<string, string | number>) {
    for (const [path, value] of Object.entries(values)) await this.field(path).fill(String(value));
  }

  /** Picks an option of a segmented control (tipo) by its visible label. */
  async choose(path: string, label: string) {
    await this.field(path).getByText(label, { exact: true }).click();
  }

  /** The error text shown under an input. */
  fieldError(path: string): Locator {
    return this.page.locator('.mantine-InputWrapper-root', { has: this.field(path) }).locator('.mantine-InputWrapper-error');
  }

  async save() {
    await this.page.getByTestId('record-save').click();
  }

  /** Saves a new record and waits for its detail page; returns the new id. */
  async saveNew(): Promise<number> {
    await this.save();
    await this.page.waitForURL(/#\/[\w-]+\/\d+$/);
    return Number(/(\d+)$/.exec(this.page.url())?.[1]);
  }

  saveButton(): Locator {
    return this.page.getByTestId('record-save');
  }

  /** The outcome of Save when not a field's ('Check the highlighted fields', a server refusal). */
  message(): Locator {
    return this.page.getByTestId('record-message');
  }

  /** Deletes through the 'Atenção' dialog; leaves the dialog open when the server refuses. */
  async delete() {
    await this.page.getByTestId('record-delete').click();
    await this.page.getByTestId('confirm-delete').click();
  }

  /** The refusal shown inside the delete dialog (RECORD_IN_USE …). */
  deleteMessage(): Locator {
    return this.page.getByTestId('confirm-message');
  }

  async cancelDelete() {
    await this.page.getByTestId('confirm-cancel').click();
  }

  notFound(): Locator {
    return this.page.getByTestId('record-not-found');
  }

  title(): Locator {
    return this.page.getByTestId('page-title');
  }
}
