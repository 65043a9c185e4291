import type { Locator, Page } from 'playwright-core';
import { RecordFormPage } from './RecordPages.js';

/**
 * A flock's weighing quality: the card on its home (lotes/:id, QualityCard.tsx: the filter and its
 * window) and its page (lotes/:id/qualidade, QualityPage.tsx: days, scales, the audit dialog).
 */
export class QualityPages {
  readonly form: RecordFormPage;

  constructor(readonly page: Page) {
    this.form = new RecordFormPage(page);
  }

  card(): Locator {
    return this.page.getByTestId('quality-card');
  }

  /** An input of the card's form by its field name (test id field-<name>). */
  field(name: string): Locator {
    return this.card().getByTestId(`field-${name}`);
  }

  async openFlock(id: number) {
    await this.page.goto(`/#/lotes/${id}`);
    await this.card().getByTestId('quality-state').waitFor();
  }

  /** Flips the filter switch (its input is visually hidden: the click goes to it). */
  async toggleFilter() {
    await this.field('ativo').dispatchEvent('click');
  }

  async save() {
    await this.card().getByTestId('quality-save').click();
  }

  async goto(id: number) {
    await this.page.goto(`/#/lotes/${id}/qualidade`);
    await this.settled();
  }

  /** Waits for the day table's rows (or its empty note) and the scales. */
  async settled() {
    await this.page.getByTestId('quality-days').waitFor();
    await this.page.getByTestId('quality-scales').waitFor();
  }

  day(date: string, sexo: string): Locator {
    return this.page.locator(`[data-testid="quality-day"][data-date="${date}"][data-sex="${sexo}"]`);
  }

  /** A count shown in a day's row (aves, aceitas, parcial, dupla, acima): the desktop's column or the phone's badge; '0' when a phone shows no badge. */
  async dayCount(row: Locator, key: 'aves' | 'aceitas' | 'parcial' | 'dupla' | 'acima'): Promise<string> {
    const cell = row.locator(`[data-count="${key}"]`);
    return (await cell.count()) > 0 ? ((await cell.first().textContent()) ?? '') : '0';
  }

  total(key: string): Locator {
    return this.page.getByTestId('quality-totals').getByTestId(`total-${key}`);
  }

  async openAudit(date: string, sexo: string) {
    await this.day(date, sexo).getByTestId('quality-day-open').click();
    await this.audit().getByTestId('audit-count').waitFor();
  }

  audit(): Locator {
    return this.page.getByTestId('quality-audit');
  }

  auditRows(): Locator {
    return this.audit().getByTestId('audit-row');
  }

  /** Filters the audit by reason (its shown label) and waits for the answer. */
  async auditReason(label: string, expectedTotal: number) {
    await this.form.chooseIn(this.audit().getByTestId('audit-reason'), label);
    await this.page.locator(`[data-testid="audit-count"][data-total="${expectedTotal}"]`).waitFor();
  }

  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /** Texts on the page that look like an i18n key left untranslated ('flocks.quality.title'). */
  async untranslatedKeys(): Promise<string[]> {
    const body = await this.page.locator('body').innerText();
    return body.match(/\b(?:flocks|records|components|screens|errors)\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)+/g) ?? [];
  }
}
