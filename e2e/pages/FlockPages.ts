import type { Locator, Page } from 'playwright-core';
import { RecordFormPage } from './RecordPages.js';

/** What the daily record form is given: the house's label, the date dd/mm/yyyy, deaths by the cause's shown label. */
export interface DailyEntry {
  house?: string;
  date?: string;
  deaths?: Record<string, number>;
  values?: Partial<Record<'eliminados' | 'entradas' | 'saidas' | 'agua_l' | 'temp_min' | 'temp_max' | 'obs', string | number>>;
}

/**
 * The flock's home (route lotes/:id, packages/web/src/features/flocks/FlockHome.tsx): facts,
 * indicator cards, charts, daily records (form in a dialog, history), close-out and its report
 * (lotes/:id/fechamento).
 */
export class FlockHomePage {
  readonly form: RecordFormPage;

  constructor(readonly page: Page) {
    this.form = new RecordFormPage(page);
  }

  async goto(id: number) {
    await this.page.goto(`/#/lotes/${id}`);
    await this.settled();
  }

  /** Waits for the indicators and the daily table. */
  async settled() {
    await this.page.getByTestId('flock-indicators').waitFor();
    await this.page.getByTestId('daily-table').waitFor();
  }

  /** Waits for the lazily loaded charts' canvases (or their empty notes). */
  async chartsDrawn() {
    await this.page.locator('[data-testid="flock-chart-growth"] canvas, [data-testid="flock-chart-growth-empty"]').first().waitFor();
    await this.page.locator('[data-testid="flock-chart-losses"] canvas, [data-testid="flock-chart-losses-empty"]').first().waitFor();
  }

  indicator(key: string): Locator {
    return this.page.getByTestId(`indicator-${key}-value`);
  }

  dailyRows(): Locator {
    return this.page.getByTestId('daily-row');
  }

  dailyRow(date: string, house: string): Locator {
    return this.page.locator(`[data-testid="daily-row"][data-date="${date}"][data-house="${house}"]`);
  }

  async openNewDay() {
    await this.page.getByTestId('daily-add').first().click();
    await this.page.getByTestId('daily-form').waitFor();
  }

  async openDay(date: string, house: string) {
    await this.dailyRow(date, house).locator('td').first().click();
    await this.page.getByTestId('daily-form').waitFor();
  }

  /** The count input of a cause in the open daily form, by its shown label. */
  causeInput(label: string): Locator {
    return this.page.getByTestId('daily-form').getByLabel(label, { exact: true });
  }

  async fillDay(entry: DailyEntry) {
    if (entry.house) await this.form.choose('aviario_id', entry.house);
    if (entry.date) await this.form.fill({ data: entry.date });
    for (const [label, birds] of Object.entries(entry.deaths ?? {})) await this.causeInput(label).fill(String(birds));
    await this.form.fill(entry.values ?? {});
  }

  /** Saves the daily form and waits for the dialog to close. */
  async saveDay() {
    await this.page.getByTestId('daily-save').click();
    await this.page.getByTestId('daily-form').waitFor({ state: 'detached' });
  }

  async openHistory(id: number) {
    await this.page.getByTestId(`daily-history-${id}`).click();
    await this.page.getByTestId('daily-history').waitFor();
    // Once the dialog's opening transition is over (a screenshot before it shows it half faded).
    await this.page.waitForFunction(() => {
      const content = document.querySelector('[data-testid="daily-history"]')?.closest('.mantine-Modal-content');
      return content !== null && content !== undefined && getComputedStyle(content).opacity === '1';
    });
  }

  async closeOut(values: { data?: string; aves_entregues: number; kg_entregues: number | string; racao_kg?: number | string }) {
    await this.page.getByTestId('flock-close').click();
    await this.page.getByTestId('closeout-form').waitFor();
    await this.form.fill(values);
    await this.page.getByTestId('closeout-save').click();
    await this.page.waitForURL(/#\/lotes\/\d+\/fechamento$/);
    await this.page.getByTestId('closeout-cards').waitFor();
  }

  closeOutCard(key: string): Locator {
    return this.page.getByTestId('closeout-cards').getByTestId(`total-${key}`);
  }

  /** No sideways scroll on the page (phones): how far the page is wider than the window. */
  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /** Texts on the page that look like an i18n key left untranslated ('flocks.daily.title'). */
  async untranslatedKeys(): Promise<string[]> {
    const body = await this.page.locator('body').innerText();
    return body.match(/\b(?:flocks|records|components|screens|errors)\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)+/g) ?? [];
  }
}
