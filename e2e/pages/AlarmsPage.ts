import type { Page } from 'playwright-core';

/** The header's alarm bell, the alarms page (#/alarmes), its rules screen and the profile's notification card (features/alarms). */
export class AlarmsPage {
  constructor(private readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/#/alarmes${query}`);
    await this.page.getByTestId('alarm-filters').waitFor();
  }

  async gotoRules() {
    await this.page.goto('/#/alarmes/regras');
    await this.page.getByTestId('rules-account').locator('[data-testid="rules-save"]').waitFor();
  }

  bell() {
    return this.page.getByTestId('header-alarm-bell');
  }

  /** The bell's count of unacknowledged alarms (its data-count). */
  async bellCount(): Promise<number> {
    return Number(await this.bell().getAttribute('data-count'));
  }

  async openBell() {
    await this.bell().click();
    await this.page.getByTestId('alarm-bell-list').waitFor();
  }

  bellItems() {
    return this.page.getByTestId('alarm-bell-item');
  }

  async seeAllFromBell() {
    await this.page.getByTestId('alarm-bell-all').click();
    await this.page.waitForURL(/#\/alarmes$/);
    await this.page.getByTestId('alarm-filters').waitFor();
  }

  rows() {
    return this.page.getByTestId('alarm-row');
  }

  row(alarmId: number) {
    return this.page.locator(`[data-testid="alarm-row"][data-alarm-id="${alarmId}"]`);
  }

  list() {
    return this.page.getByTestId('alarm-list');
  }

  /** Acknowledges (or clears by hand) the alarm with a note, and waits for the dialog to close. */
  async act(alarmId: number, action: 'ack' | 'clear', note: string) {
    await this.row(alarmId).getByTestId(action === 'ack' ? 'alarm-ack' : 'alarm-clear').click();
    await this.page.getByTestId('alarm-action-note').fill(note);
    await this.page.getByTestId('alarm-action-confirm').click();
    await this.page.getByTestId('alarm-action-modal').waitFor({ state: 'detached' });
  }

  /** Chooses a state in the filter by its visible label. */
  async filterEstado(label: string) {
    await this.page.getByTestId('alarm-filter-estado').click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** A threshold input of the account's rules (or the form inside `scope`). */
  threshold(path: string, scope = this.page.getByTestId('rules-account')) {
    return scope.getByTestId(`field-regras-${path.replaceAll('.', '-')}`);
  }

  /** How far the page reaches past the window's right edge (0: no sideways scrolling). */
  overflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  preferences() {
    return this.page.getByTestId('alarm-preferences-card');
  }
}
