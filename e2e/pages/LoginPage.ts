import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(returnUrl?: string) {
    await this.page.goto(returnUrl ? `/#/login?url=${encodeURIComponent(returnUrl)}` : '/#/login');
    await this.page.getByTestId('login-email').waitFor();
  }

  async login(email: string, password: string) {
    await this.page.getByTestId('login-email').fill(email);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  message() {
    return this.page.getByTestId('login-message');
  }

  async askRecovery(email: string) {
    await this.page.getByTestId('forgot-link').click();
    await this.page.getByTestId('recover-email').fill(email);
    await this.page.getByTestId('recover-submit').click();
    await this.page.getByTestId('recover-message').waitFor();
  }
}
