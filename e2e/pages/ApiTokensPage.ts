import type { Locator, Page } from 'playwright-core';

export type TokenScope = 'leitura' | 'importacao';

/**
 * tokens: the owner's API tokens (list as a table or, on a phone, cards), the create dialog that
 * shows the token once, and the revoke question. Test ids from packages/web/src/features/apiTokens.
 */
export class ApiTokensPage {
  constructor(readonly page: Page) {}

  /** Opens the screen and waits until it settled on the list, the empty state or the owner-only notice. */
  async goto() {
    await this.page.goto('/#/tokens');
    await this.settled();
  }

  async settled() {
    await this.page.locator('[data-testid="token-list"], [data-testid="record-empty"], [data-testid="owner-only"]').first().waitFor();
  }

  title(): Locator {
    return this.page.getByTestId('page-title');
  }

  list(): Locator {
    return this.page.getByTestId('token-list');
  }

  empty(): Locator {
    return this.page.getByTestId('record-empty');
  }

  ownerOnly(): Locator {
    return this.page.getByTestId('owner-only');
  }

  addButton(): Locator {
    return this.page.getByTestId('token-add').first();
  }

  rows(): Locator {
    return this.page.getByTestId('token-row');
  }

  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByTestId('token-name').getByText(name, { exact: true }) });
  }

  modal(): Locator {
    return this.page.getByTestId('token-modal');
  }

  field(path: string): Locator {
    return this.modal().getByTestId(`field-${path}`);
  }

  /** Fills the create dialog; `farms` limits the token to those farms (by name), else every farm. */
  async fillForm(options: { nome: string; escopo?: TokenScope; farms?: string[]; expira?: string }) {
    await this.addButton().click();
    await this.field('nome').waitFor();
    await this.field('nome').fill(options.nome);
    await this.modal().getByTestId(`token-scope-${options.escopo ?? 'leitura'}`).click();
    if (options.farms) {
      await this.field('todosNucleos').uncheck();
      const picker = this.field('nucleos');
      for (const farm of options.farms) {
        await picker.click();
        await this.page.getByRole('option', { name: farm, exact: true }).click();
      }
      // Leaving the input folds its dropdown (Escape would also close the dialog).
      await this.page.keyboard.press('Tab');
    }
    if (options.expira) await this.field('expira_em').fill(options.expira);
  }

  async submit() {
    await this.modal().getByTestId('token-create').click();
  }

  /** Creates a token through the dialog and answers the token shown once. */
  async create(options: Parameters<ApiTokensPage['fillForm']>[0]): Promise<string> {
    await this.fillForm(options);
    await this.submit();
    await this.created().waitFor();
    return this.tokenValue().inputValue();
  }

  created(): Locator {
    return this.page.getByTestId('token-created');
  }

  tokenValue(): Locator {
    return this.page.getByTestId('token-value');
  }

  curl(): Locator {
    return this.page.getByTestId('token-curl');
  }

  async closeCreated() {
    await this.page.getByTestId('token-created-close').click();
    await this.modal().waitFor({ state: 'detached' });
  }

  /** Asks to revoke the token named `name`; answers the question's dialog. */
  async askRevoke(name: string): Promise<Locator> {
    await this.row(name).getByTestId('token-revoke').click();
    // The modal's root is a layout-less wrapper: wait for what it shows.
    await this.page.getByTestId('token-revoke-confirm').waitFor();
    return this.page.getByTestId('token-revoke-modal');
  }

  async confirmRevoke() {
    await this.page.getByTestId('token-revoke-confirm').click();
    await this.page.getByTestId('token-revoke-modal').waitFor({ state: 'detached' });
  }

  async cancelRevoke() {
    await this.page.getByTestId('token-revoke-cancel').click();
    await this.page.getByTestId('token-revoke-modal').waitFor({ state: 'detached' });
  }

  /** No sideways scroll on the page (phones): how far the page is wider than the window. */
  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}
