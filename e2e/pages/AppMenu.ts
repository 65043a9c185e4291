import type { Page } from 'playwright-core';

/** The side menu; on a phone it sits behind the burger. */
export class AppMenu {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('menu');
  }

  entry(key: string) {
    return this.page.getByTestId(`menu-${key}`);
  }

  /** On a phone the menu slides in from off-screen, so "visible" is not enough: ask the burger. */
  async open() {
    await this.root().waitFor({ state: 'attached' });
    const burger = this.page.getByTestId('burger');
    if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true') await burger.click();
    await this.entry('dashboard').waitFor();
    await this.page.waitForFunction(() => {
      const menu = document.querySelector('[data-testid="menu"]');
      return !!menu && menu.getBoundingClientRect().left >= 0;
    });
  }

  async go(key: string) {
    await this.open();
    await this.entry(key).click();
  }

  async switchLanguage(language: 'pt' | 'en' | 'es') {
    await this.open();
    await this.page.getByTestId(`lang-${language}`).click();
  }

  async logout() {
    await this.open();
    await this.entry('logout').click();
  }

  pageTitle() {
    return this.page.getByTestId('page-title');
  }
}
