import type { Page } from 'playwright-core';

export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  async goto(token: string) {
    await this.page.goto(`/#/recuperar/${token}`);
    await this.page.getByTestId('reset-password').waitFor();
  }

  async setPassword(password: string, confirm = password) {
    await this.page.getByTestId('reset-password').fill(password);
    await this.page.getByTestId('reset-confirm').fill(confirm);
    await this.page.getByTestId('reset-submit').click();
  }

  message() {
    return this.page.getByTestId('reset-message');
  }
}
