import type { Page } from 'playwright-core';

/** The signed-in header: whose data is shown (for a user with grants) and the devices' warnings. */
export class AppHeader {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('header');
  }

  ownerPicker() {
    return this.page.getByTestId('header-owner-picker');
  }

  ownerName() {
    return this.page.getByTestId('header-owner-name');
  }

  devicesBadge() {
    return this.page.getByTestId('header-devices-badge');
  }

  /** Opens the picker and chooses the owner with this id. */
  async chooseOwner(ownerId: number) {
    await this.ownerPicker().click();
    await this.page.locator(`[data-testid="header-owner-option"][data-owner-id="${ownerId}"]`).click();
    await this.page.locator(`[data-testid="header-owner-picker"][data-owner-id="${ownerId}"]`).waitFor();
    await this.page.getByTestId('header-owner-options').waitFor({ state: 'hidden' });
  }

  /**
   * Whether the owner's name shows whole: no ellipsis or clipped text, inside the window, and the
   * picker inside the header (a wrapped name must not spill under it).
   */
  ownerNameWhole(): Promise<boolean> {
    return this.ownerName().evaluate((element) => {
      const name = element.getBoundingClientRect();
      const button = element.closest('[data-testid="header-owner-picker"]')!.getBoundingClientRect();
      const header = element.closest('[data-testid="header"]')!.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        element.scrollWidth <= element.clientWidth &&
        element.scrollHeight <= element.clientHeight + 1 &&
        style.textOverflow !== 'ellipsis' &&
        name.left >= 0 &&
        name.right <= window.innerWidth &&
        button.top >= header.top &&
        button.bottom <= header.bottom
      );
    });
  }

  /** Whether the devices' warnings show wholly inside the window as it opened, without scrolling. */
  badgeInFirstScreen(): Promise<boolean> {
    return this.devicesBadge().evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    });
  }
}
