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

  /** The part of the menu that scrolls (between the user block and Logout). */
  scrollViewport() {
    return this.page.getByTestId('menu-scroll');
  }

  /**
   * Scrolls the menu to `key`'s entry and answers whether all of it shows inside the scrolling part
   * (not under its edge) and in the window.
   */
  async reveal(key: string): Promise<boolean> {
    const entry = this.entry(key);
    await entry.scrollIntoViewIfNeeded();
    return entry.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const area = element.closest('[data-testid="menu-scroll"]')?.getBoundingClientRect() ?? new DOMRect(0, 0, window.innerWidth, window.innerHeight);
      return box.height > 0 && box.top >= area.top - 1 && box.bottom <= area.bottom + 1 && box.bottom <= window.innerHeight && box.left >= 0;
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
