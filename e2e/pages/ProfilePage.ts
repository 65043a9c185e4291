import type { Page } from 'playwright-core';

export class ProfilePage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/#/perfil');
    await this.field('name').waitFor();
  }

  field(name: 'name' | 'company' | 'email' | 'separator' | 'number-format' | 'timezone' | 'language' | 'reports-language' | 'new-password' | 'confirm-password' | 'current-password') {
    return this.page.getByTestId(`profile-${name}`);
  }

  /** Picks an option of a native select by its value. */
  async choose(name: 'separator' | 'number-format' | 'timezone' | 'language' | 'reports-language', value: string) {
    await this.field(name).selectOption(value);
  }

  async save() {
    await this.page.getByTestId('profile-save').click();
  }

  message() {
    return this.page.getByTestId('profile-message');
  }
}
