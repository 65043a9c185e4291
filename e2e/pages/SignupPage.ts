import type { Page } from 'playwright-core';

export interface SignupInput {
  name: string;
  company: string;
  email: string;
  password: string;
}

export class SignupPage {
  constructor(private readonly page: Page) {}

  /** `path` is signup, cadastro or cadastro/<encoded target>. */
  async goto(path = 'cadastro') {
    await this.page.goto(`/#/${path}`);
    await this.page.getByTestId('signup-email').waitFor();
  }

  async fill(input: SignupInput, confirm = input.password) {
    await this.page.getByTestId('signup-name').fill(input.name);
    await this.page.getByTestId('signup-company').fill(input.company);
    await this.page.getByTestId('signup-email').fill(input.email);
    await this.page.getByTestId('signup-password').fill(input.password);
    await this.page.getByTestId('signup-confirm').fill(confirm);
  }

  async submit() {
    await this.page.getByTestId('signup-submit').click();
  }

  message() {
    return this.page.getByTestId('signup-message');
  }
}
