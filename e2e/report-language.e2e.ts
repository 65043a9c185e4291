import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { signedIn } from './support/session.js';
import { addDays, DAY, EXPECTED, masked, openReport, seedFarm, uniformityNote, type Seeded } from './support/weighingReport.js';

/**
 * The weight report in the user's reports language (spec section 3) apart from the interface's,
 * the last report shown again on return, and the filters folding away on a phone (issue 16).
 */
describe('weight report: reports language, last filters, phone filters', () => {
  let e2e: E2E;
  let seeded: Seeded;

  beforeAll(async () => {
    e2e = await startE2E();
    const page = await e2e.newPage(DESKTOP, 'pt');
    const account = await signedIn(e2e, page);
    await page.context().close();
    seeded = { account, query: await seedFarm(e2e, account) };
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('interface in Portuguese, reports in English: the report, its print and its files are English; the filters Portuguese', async () => {
    const { page, report } = await openReport(e2e, seeded, DESKTOP, 'pt', ';', 'aves', 'en');
    // Around the report: the interface language.
    expect(await page.getByTestId('report-generate').textContent()).toBe(text('pt', 'reports.filters.generate'));
    expect(await page.getByTestId('report-print').textContent()).toBe(text('pt', 'reports.print'));
    // The report itself: the reports language, words and numbers.
    expect(await page.getByTestId('report-header').getByRole('heading').first().textContent()).toBe(text('en', 'reports.analysisTitle'));
    expect(await page.getByTestId('uniformity-note').textContent()).toBe(uniformityNote('en'));
    expect(await report.summary().getByRole('heading').textContent()).toBe(text('en', 'reports.summary.title'));
    expect(await report.summaryRows('lado').first().textContent()).toContain(`${text('en', 'reports.keys.aves.lado')} A`);
    const box = await report.findBox(';Aviário 1;A;1.R.P');
    expect(await report.stat(box, 'pesoMedio')).toBe(EXPECTED.en.pesoMedio);
    expect(await box.getByTestId('box-title').textContent()).toContain(text('en', 'reports.box.days', { count: 28 }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, { path: `${process.cwd()}/e2e/artifacts/screenshots/report-language-pt-ui-en-report.png` });

    const txt = await report.download('txt');
    expect(txt.text.replace(/^\uFEFF/, '').startsWith(`${text('en', 'reports.analysisTitle')}\r\n`)).toBe(true);
    expect(txt.text).toContain(text('en', 'reports.columns.aves.pesoMedio'));
    expect(txt.text).toContain('2,000.0');
    expect(txt.text).not.toContain(text('pt', 'reports.columns.aves.pesoMedio'));
    const csv = (await report.download('csv')).text;
    expect(csv).toContain(';5;2000.0;223.6;11.18;60.00;');

    expect(await report.print()).toBe(true);
    const sheet = page.getByTestId('print-page').first();
    // The printed layout is hidden on screen: read it as text.
    expect(await sheet.locator('h1').textContent()).toBe(text('en', 'reports.analysisTitle'));
    expect(await sheet.textContent()).toContain(text('en', 'reports.page', { page: 1, pages: 3 }));
    expect(await sheet.textContent()).toContain(EXPECTED.en.pesoMedio);
    await page.context().close();
  });

  it('back on the screen without filters in the url, the last report shows again (from the cache); per report kind', async () => {
    const { page, report } = await openReport(e2e, seeded, DESKTOP, 'pt');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/avespesos')) asked.push(request.url());
    });
    await page.goto('/#/dashboard');
    await page.getByTestId('page-title').waitFor();
    await report.goto();
    await report.settled();
    expect(report.query().toString()).toBe(seeded.query);
    expect(await report.boxCount()).toBe(9);
    // Shown from TanStack Query's cache: nothing asked again.
    expect(asked).toEqual([]);
    // Another kind keeps its own: nothing generated there yet.
    await page.goto('/#/aves-incubatorio');
    await page.getByTestId('report-idle').waitFor();
    // A reload asks the server again for the same filters.
    await report.goto();
    await page.reload();
    await report.settled();
    expect(await report.boxCount()).toBe(9);
    expect(asked).toHaveLength(1);
    await page.context().close();
  });

  it('on a phone the filters fold away behind their summary once the report shows, and open again', async () => {
    const { page, report } = await openReport(e2e, seeded, PHONE, 'es');
    const filters = page.getByTestId('report-filters');
    expect(await filters.getAttribute('data-folded')).toBe('true');
    expect(await page.getByTestId('filters-toggle').textContent()).toContain(text('es', 'reports.filters.title'));
    expect(await page.getByTestId('filters-summary').textContent()).toBe(`${text('es', 'reports.periodRange', { from: masked(addDays(DAY, -1)), to: masked(DAY) })} · Granja Primavera · L-7`);
    await expect.poll(() => report.filter('inicio').isVisible()).toBe(false);
    // The summary comes right after: on screen without scrolling.
    expect((await report.summary().boundingBox())!.y).toBeLessThan(PHONE.height * 2);
    expect(await report.horizontalOverflow()).toBeLessThanOrEqual(0);
    await saveScreenshot(page, { path: `${process.cwd()}/e2e/artifacts/screenshots/report-filters-folded-es-phone.png` });

    await page.getByTestId('filters-toggle').click();
    expect(await filters.getAttribute('data-folded')).toBe('false');
    await report.filter('inicio').waitFor();
    await report.generate();
    // The earlier result is still on screen, so generate() returns before the new one comes: the
    // fold follows the new answer, which took over 10 s on a fresh clone's run beside three busy loops.
    await expect.poll(() => filters.getAttribute('data-folded'), { timeout: 30_000 }).toBe('true');
    await page.context().close();
  });
});
