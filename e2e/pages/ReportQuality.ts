import type { Locator } from 'playwright-core';
import type { WeighingReportPage } from './ReportPages.js';

/** Accepted and set-aside counts as a quality line shows them (data-value of each part). */
export interface ShownCounts {
  aceitas: number;
  parcial: number;
  dupla: number;
  acima: number;
}

/**
 * The weight report's issue 20 parts (packages/web/src/features/reports: QualityLine,
 * SexSplitSection, WindowFields): quality counts on the total, a group and a box, a box's sex split
 * on demand, and "recompute with another window" in the filters.
 */
export class ReportQualityParts {
  constructor(readonly report: WeighingReportPage) {}

  get page() {
    return this.report.page;
  }

  /** The quality line in `scope` (the total, a group heading, a box), or its absence. */
  qualityLine(scope: Locator): Locator {
    return scope.getByTestId('quality-counts');
  }

  /** The counts a quality line shows. */
  async counts(scope: Locator): Promise<ShownCounts> {
    const line = this.qualityLine(scope).first();
    const value = async (name: keyof ShownCounts) => Number(await line.locator(`[data-count="${name}"]`).getAttribute('data-value'));
    return { aceitas: await value('aceitas'), parcial: await value('parcial'), dupla: await value('dupla'), acima: await value('acima') };
  }

  /** The first group heading, scrolled into view. */
  async groupHeading(): Promise<Locator> {
    const heading = this.page.getByTestId('report-group').first();
    await heading.scrollIntoViewIfNeeded();
    return heading;
  }

  /** Presses "Separate sexes" on a box and waits for the answer (a split, a refusal or an error). */
  async openSplit(box: Locator): Promise<Locator> {
    await box.getByTestId('sex-split-open').click();
    const panel = box.getByTestId('sex-split');
    await box.locator('[data-testid="sex-split"]:not([data-situacao="loading"])').waitFor();
    return panel;
  }

  /** Turns "recompute with another window" on with these edges and generates the report again. */
  async recompute(abaixo: number, acima: number) {
    const toggle = this.page.getByTestId('filter-outra-janela');
    const lower = this.page.getByTestId('filter-janela-abaixo');
    // The switch's input is drawn by its label, so it is pressed as a user does. CI once saw the
    // edges stay hidden after a press on a loaded phone run (the virtual box list below may still be
    // measuring rows and move the page between Playwright's aim and its press): the panel is unfolded
    // and the switch pressed again until the edges show, never pressed once it is on.
    for (let attempt = 1; ; attempt++) {
      await this.report.unfoldFilters();
      await this.page.locator('[data-testid="report-filters"][data-folded="false"]').waitFor();
      if (!(await toggle.isChecked())) {
        const track = this.page.locator(`label[for="${await toggle.getAttribute('id')}"]`).first();
        await track.scrollIntoViewIfNeeded();
        await track.click();
      }
      try {
        await lower.waitFor({ timeout: 8_000 });
        break;
      } catch (error) {
        if (attempt === 4) {
          const folded = await this.page.getByTestId('report-filters').getAttribute('data-folded');
          throw new Error(`the window's edges stayed hidden: switch on ${await toggle.isChecked()}, filters folded ${folded}`, { cause: error });
        }
      }
    }
    await lower.fill(String(abaixo));
    await this.page.getByTestId('filter-janela-acima').fill(String(acima));
    await this.report.generate();
  }
}
