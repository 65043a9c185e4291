import type { Locator, Page } from 'playwright-core';

/** The uniformization screen (route uniformizacao): its filters, the totals and the before/after figures. */
export class UniformizationPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/#/uniformizacao${query ? `?${query}` : ''}`);
    await this.page.getByTestId('page-title').waitFor();
  }

  /** Picks an option of one of the filters (uni-farm, uni-flock, uni-house, uni-grader) by its label. */
  async choose(filter: 'farm' | 'flock' | 'house' | 'grader', option: string) {
    await this.page.getByTestId(`uni-${filter}`).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  }

  value(filter: 'farm' | 'flock' | 'house' | 'grader'): Promise<string> {
    return this.page.getByTestId(`uni-${filter}`).inputValue();
  }

  /** A row of the grader's totals by its category as the grader names it. */
  totalsRow(category: string): Locator {
    return this.page.locator(`[data-testid="uni-totals-row"][data-category="${category}"]`);
  }

  /** The text of one cell (data-col) of a row. */
  async cell(row: Locator, column: string): Promise<string> {
    return ((await row.locator(`[data-col="${column}"]`).first().textContent()) ?? '').trim();
  }

  totalsTotal(): Locator {
    return this.page.getByTestId('uni-totals-total');
  }

  afterRow(category: string): Locator {
    return this.page.locator(`[data-testid="uni-after-row"][data-category="${category}"]`);
  }

  async before(figure: 'aves' | 'peso' | 'uni' | 'cv'): Promise<string> {
    return ((await this.page.getByTestId(`uni-before-${figure}`).textContent()) ?? '').trim();
  }

  /** Nothing on the page overflows the viewport sideways. */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
}
