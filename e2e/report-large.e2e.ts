import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../packages/server/src/test/factories.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { createPesagens, type PesagemInput } from '../packages/server/src/test/factories/weighings.js';
import { LoginPage } from './pages/LoginPage.js';
import { WeighingReportPage } from './pages/ReportPages.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { signedIn } from './support/session.js';

/**
 * A weight report of 1,000 boxes (issue 16): the summary first, the boxes virtualised, the end
 * reachable with its chart drawn, and the printed layout (drawn in batches, with its progress)
 * holding every box, in PT, EN and ES, at desktop width and at 390 px.
 */

const pad = (value: number) => String(value).padStart(2, '0');
const localIso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const LAST_DAY = addDays(localIso(new Date()), -2);
const DAYS = [4, 3, 2, 1, 0].map((back) => addDays(LAST_DAY, -back));
/** 'Lote 101' reads as a flock already: titles must not say 'Lote Lote 101'. */
const FLOCKS = ['L-202', 'Lote 101'];
const SEXES = ['Fêmea', 'Macho'];
const HOUSES = ['Aviário 1', 'Aviário 2', 'Aviário 3', 'Aviário 4', 'Aviário 5'];
const SIDES = ['A', 'B'];
const BOXES = ['1', '2', '3', '4', '5'];
/** 5 days × 2 flocks × 2 sexes = 20 groups; × 5 houses × 2 sides = 200 sides; × 5 boxes. */
const BOX_COUNT = DAYS.length * FLOCKS.length * SEXES.length * HOUSES.length * SIDES.length * BOXES.length;
const SUMMARY_ROWS = DAYS.length * FLOCKS.length * SEXES.length * (1 + HOUSES.length * (1 + SIDES.length));

function weighings(flock: number): PesagemInput[] {
  const rows: PesagemInput[] = [];
  let pen = 0;
  for (const data of DAYS)
    for (const sexo of SEXES)
      for (const aviario of HOUSES)
        for (const lado of SIDES)
          for (const box of BOXES) {
            pen += 1;
            const mean = 1500 + ((pen * 37 + flock * 101) % 900);
            for (const offset of [-160, -60, 0, 50, 170]) rows.push({ peso: mean + offset, data, aviario, lado, box, sexo, linha: 'Ross 308', idade_lote: 30, serie_balanca: 'BAL-0001' });
          }
  return rows;
}

type Language = 'pt' | 'en' | 'es';

describe('a weight report of 1,000 boxes', () => {
  let e2e: E2E;
  let account: TestAccount;
  let query: string;
  let lastKey: string;

  beforeAll(async () => {
    e2e = await startE2E();
    const page = await e2e.newPage(DESKTOP, 'pt');
    account = await signedIn(e2e, page);
    await page.context().close();
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Grande' });
    for (const [index, codigo] of FLOCKS.entries()) {
      const lote = await createLote(e2e.portal, account, farm, { codigo, data_alojamento: addDays(DAYS[0]!, -30) });
      await createPesagens(e2e.portal, account, { nucleo: farm, lote, rows: weighings(index) });
    }
    query = `nucleo=${farm.id}&inicio=${DAYS[0]}&fim=${LAST_DAY}`;
    // Report order: date, flock, sex, house, side, box; the key joins them with the separator.
    lastKey = [LAST_DAY, FLOCKS.at(-1), SEXES.at(-1), HOUSES.at(-1), SIDES.at(-1), BOXES.at(-1)].join(';') + '.R.P';
  }, 120_000);

  afterAll(async () => {
    await e2e?.close();
  });

  /** Signs in with the interface (and reports) language and opens the report. */
  async function open(viewport: { width: number; height: number }, language: Language) {
    const updated = await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language, reports_language: language } });
    expect(updated.status).toBe(200);
    const page = await e2e.newPage(viewport, language);
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, account.password);
    await page.waitForURL(/#\/dashboard$/);
    const report = new WeighingReportPage(page);
    await report.goto(query);
    await report.summary().waitFor();
    // On a phone the filters fold away once the report shows.
    if (viewport.width < 768) await report.filter('inicio').waitFor({ state: 'hidden' });
    return { page, report };
  }

  const shot = (report: WeighingReportPage, name: string) => saveScreenshot(report.page, { path: `${SCREENSHOT_DIR}/${name}.png` });

  /** The summary first, every box counted, the end reached with its chart drawn, few rows mounted. */
  async function checkScreen(report: WeighingReportPage, language: Language, viewport: { width: number; height: number }) {
    const { page } = report;
    expect(await report.boxCount()).toBe(BOX_COUNT);
    const scroller = page.getByTestId('summary-scroller');
    await scroller.evaluate((element) => element.scrollTo(0, 0));
    await expect.poll(() => report.summaryRows().first().getAttribute('data-level')).toBe('grupo');
    // The summary's end: the last group is the last day's 'Lote 101', its label said once.
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect.poll(async () => (await report.summaryRows('grupo').last().textContent()) ?? '').toContain('Lote 101');
    expect(await report.summaryRows('grupo').last().textContent()).not.toContain('Lote Lote');
    await expect.poll(() => report.summaryRows().last().getAttribute('data-level')).toBe('lado');
    expect(await page.getByTestId('report-summary').textContent()).toContain(text(language, 'reports.summary.title'));
    expect(await report.horizontalOverflow()).toBeLessThanOrEqual(0);
    // Only a few screens of boxes are in the page.
    expect(await report.boxes().count()).toBeLessThan(12);
    expect(await report.mountedHeight()).toBeLessThan(3 * viewport.height);
    await report.scrollToEnd();
    const last = report.box(lastKey);
    await last.waitFor();
    expect(await last.isVisible()).toBe(true);
    await last.locator('[data-testid="box-histogram"][data-drawn="true"] canvas').waitFor();
    expect(await report.mountedHeight()).toBeLessThan(3 * viewport.height);
    expect(await report.horizontalOverflow()).toBeLessThanOrEqual(0);
  }

  /** Print: the progress shows while the charts are drawn, then the layout holds every box; the PDF one page per 4 boxes. */
  async function checkPrint(report: WeighingReportPage, language: Language, pdf: boolean) {
    const { page } = report;
    const printed = report.print(60_000);
    const progress = page.getByTestId('print-progress');
    await progress.waitFor();
    expect(await progress.textContent()).toContain(text(language, 'reports.printProgress.drawing', { drawn: '#' }).split('#')[0]);
    expect(await progress.getAttribute('data-total')).toBe(String(BOX_COUNT));
    expect(await printed).toBe(true);
    await progress.waitFor({ state: 'detached' });
    expect(await page.getByTestId('print-box').count()).toBe(BOX_COUNT);
    expect(await page.getByTestId('print-page').count()).toBe(BOX_COUNT / 4);
    expect(await page.locator('[data-testid="print-chart"] > svg').count()).toBe(BOX_COUNT);
    expect(await page.getByTestId('print-page').first().textContent()).toContain(text(language, 'reports.analysisTitle'));
    if (!pdf) return;
    await page.emulateMedia({ media: 'print' });
    const file = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(file.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length).toBe(BOX_COUNT / 4);
    await page.emulateMedia({ media: 'screen' });
  }

  it('pt, desktop: summary first, a row opens its boxes, the end is reached, printed to PDF with every box', { timeout: 180_000 }, async () => {
    const { page, report } = await open(DESKTOP, 'pt');
    await shot(report, 'report-large-pt-desktop');
    // The summary's last side opens its boxes: its heading lands under the app's header.
    expect(await report.summary().getAttribute('data-rows')).toBe(String(SUMMARY_ROWS));
    const scroller = page.getByTestId('summary-scroller');
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const lastSide = report.summaryRows('lado').last();
    await lastSide.waitFor();
    expect(await lastSide.textContent()).toContain('B');
    await lastSide.click();
    const heading = page.locator(`[data-testid="report-boxes"] > [data-index="${await lastSide.getAttribute('data-item')}"]`);
    await heading.waitFor();
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(60);
    expect((await heading.boundingBox())!.y).toBeLessThan(DESKTOP.height / 2);
    expect(await heading.getByTestId('report-side').getAttribute('data-lado')).toBe('B');
    await shot(report, 'report-large-pt-desktop-opened');

    await checkScreen(report, 'pt', DESKTOP);
    await shot(report, 'report-large-pt-desktop-end');
    await checkPrint(report, 'pt', true);
    await page.context().close();
  });

  it('en, 390 px: the same report in English, no sideways scrolling, the end reached, every box printed to PDF', { timeout: 180_000 }, async () => {
    const { page, report } = await open(PHONE, 'en');
    expect(await page.getByTestId('report-filters').getAttribute('data-folded')).toBe('true');
    await shot(report, 'report-large-en-phone');
    await checkScreen(report, 'en', PHONE);
    await shot(report, 'report-large-en-phone-end');
    await checkPrint(report, 'en', true);
    await page.context().close();
  });

  it('es, desktop and 390 px: summary, the end, the printed layout with every box', { timeout: 180_000 }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, report } = await open(viewport, 'es');
      await shot(report, `report-large-es-${viewport === PHONE ? 'phone' : 'desktop'}`);
      await checkScreen(report, 'es', viewport);
      await checkPrint(report, 'es', viewport === PHONE);
      await page.context().close();
    }
  });
});
