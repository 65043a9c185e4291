import type { ColetaValores, HistoricoPontoColeta, PontoColeta } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillReadings } from '../packages/server/src/simulator/backfill.js';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice, uniqueSerial } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { testServices } from '../packages/server/src/test/services.js';
import { CollectionHistoryPage, type ShownHistoryRow } from './pages/CollectionHistoryPage.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, type Lang, LANGUAGES, localToday, masked, shown } from './support/report.js';
import { signInAs } from './support/session.js';

/** Days of simulated collector sessions written before the test (the lead's backfill). */
const HISTORY_DAYS = 12;

const DECIMALS = { coletas: 0, machos: 0, femeas: 0, aves: 0, peso_total_kg: 1, pesoMedio: 1 } as const;

/** The table's rows as the API's history says they must be: per day each collector then the day's total; then period totals. */
function expectedRows(history: HistoricoPontoColeta, lang: Lang, locale: string): ShownHistoryRow[] {
  const cells = (values: ColetaValores) => ({
    ...Object.fromEntries(Object.entries(DECIMALS).map(([field, decimals]) => [field, shown(locale, values[field as keyof typeof DECIMALS], decimals)])),
    sexo: values.sexo === null ? '—' : text(lang, `collectionPoints.history.sexo.${values.sexo}`),
  });
  const rows: ShownHistoryRow[] = [];
  history.dias.forEach((day, index) => {
    for (const coletor of history.coletores) rows.push({ kind: 'coletor', date: day.data, serie: coletor.serie, cells: cells(coletor.dias[index]!) });
    rows.push({ kind: 'dia', date: day.data, serie: '', cells: cells(day) });
  });
  for (const coletor of history.coletores) rows.push({ kind: 'totalColetor', date: '', serie: coletor.serie, cells: cells(coletor.total) });
  rows.push({ kind: 'total', date: '', serie: '', cells: cells(history.total) });
  return rows;
}

describe('collection-point history (coletores/historico/:id)', () => {
  let e2e: E2E;
  let account: TestAccount;
  let point: PontoColeta;
  let serials: string[];

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Coleta' });
    const collectors = [
      await createDevice(e2e.portal, account, { modelo: 'COLETOR', serie: uniqueSerial('COLN'), chip_id: 'ESP32-N1', nome: 'Coletor norte', nucleo_id: farm.id }),
      await createDevice(e2e.portal, account, { modelo: 'COLETOR', serie: uniqueSerial('COLS'), chip_id: 'ESP32-S1', nome: 'Coletor sul', nucleo_id: farm.id }),
    ];
    serials = collectors.map((collector) => collector.serie);
    const answer = await e2e.portal.request<PontoColeta>('POST', '/api/registerpontocoleta', {
      token: account.token,
      body: { nome: 'Ponto de pesagem 1', nucleo_id: farm.id, serie_coletores: serials.join('|') },
    });
    point = answer.body;
    // The simulator's own collectors, stepped through the past days and stored as live batches are.
    const { rows } = await backfillReadings({
      services: testServices(e2e.portal),
      snapshot: { timezone: -3, devices: collectors, nucleos: [farm], lotes: [], padroes: [], silos: [] },
      ownerId: account.user.id,
      days: HISTORY_DAYS,
      seed: 9,
    });
    expect(rows.coletas).toBeGreaterThan(HISTORY_DAYS * 2 * 20);
  }, 120_000);

  afterAll(async () => {
    await e2e?.close();
  });

  const historyOf = async (period: { di: string; df: string }) =>
    (await e2e.portal.request<HistoricoPontoColeta>('GET', `/api/gethistoricopontocoleta?id=${point.id}&di=${period.di}&df=${period.df}`, { token: account.token })).body;

  for (const { lang, locale, separator } of LANGUAGES) {
    it(`shows the API's numbers, chart and CSV in ${lang}, at desktop and phone width, and prints without the menu`, async () => {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: lang, reports_language: lang, separador_csv: separator } });
      // Two days before the history starts (empty) up to today.
      const period = { di: daysBefore(localToday(), HISTORY_DAYS + 1), df: localToday() };
      const history = await historyOf(period);
      expect(history.dias[0]!.coletas).toBeNull();
      expect(history.coletores.every((coletor) => coletor.total.coletas! > 0)).toBe(true);

      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, lang);
        await signInAs(page, account);
        const screen = new CollectionHistoryPage(page);
        await screen.goto(point.id, period);
        expect(await page.getByTestId('page-title').textContent()).toBe(text(lang, 'screens.collectionPointHistory.title'));

        // Totals and every row equal the API's history, written in the language's number format.
        expect(await screen.total('coletas').textContent()).toBe(shown(locale, history.total.coletas, 0));
        expect(await screen.total('aves').textContent()).toBe(shown(locale, history.total.aves, 0));
        expect(await screen.total('pesoMedio').textContent()).toBe(`${shown(locale, history.total.pesoMedio, 1)} g`);
        expect(await screen.total('peso_total_kg').textContent()).toBe(`${shown(locale, history.total.peso_total_kg, 1)} kg`);
        expect(await screen.total('sexo').textContent()).toBe(text(lang, `collectionPoints.history.sexo.${history.total.sexo!}`));
        expect(await screen.rows()).toEqual(expectedRows(history, lang, locale));
        // The empty first day shows dashes, not zeros.
        const firstDay = (await screen.rows()).filter((row) => row.date === period.di);
        expect(firstDay.every((row) => Object.values(row.cells).every((cell) => cell === '—'))).toBe(true);

        await screen.chartDrawn();
        await page.getByTestId('history-row').first().scrollIntoViewIfNeeded();
        expect(await screen.overflow()).toBeLessThanOrEqual(0);
        // From the top: a full-page shot scrolled down draws the fixed menu mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await e2e.screenshot(page, `collection-history-${lang}-${width}`);
        await saveScreenshot(screen.chart(), { path: `${SCREENSHOT_DIR}/collection-history-${lang}-${width}-chart.png` });

        if (width === 'desktop') {
          // CSV in the user's separator, numbers with the language's decimal mark, empty days empty.
          const csv = await screen.downloadCsv();
          expect(csv.name).toBe(`coleta_${point.id}_${period.di}_${period.df}.csv`);
          const lines = csv.text.split('\r\n');
          expect(lines[0]).toBe(['data', 'serie', 'coletor', 'coletas', 'machos', 'femeas', 'aves', 'peso_total_kg', 'pesoMedio', 'sexo'].join(separator));
          const decimal = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 });
          const quoted = (value: string) => (value.includes(separator) ? `"${value}"` : value);
          const day = history.dias.findIndex((entry) => entry.coletas !== null);
          const first = history.coletores[0]!;
          const values = first.dias[day]!;
          expect(lines).toContain(
            [history.dias[day]!.data, first.serie, first.nome, values.coletas, values.machos, values.femeas, values.aves]
              .map(String)
              .concat([quoted(decimal.format(values.peso_total_kg!)), quoted(decimal.format(values.pesoMedio!)), values.sexo!])
              .join(separator),
          );
          expect(lines).toContain([period.di, first.serie, first.nome, '', '', '', '', '', '', ''].join(separator));

          // Print: the side menu and the period inputs are left off; the chart and the table stay.
          expect(await screen.print()).toBe(true);
          await page.emulateMedia({ media: 'print' });
          expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
          expect(await page.getByTestId('period-di').isVisible()).toBe(false);
          expect(await screen.chart().isVisible()).toBe(true);
          expect(await page.getByTestId('history-table').isVisible()).toBe(true);
          await e2e.screenshot(page, `collection-history-${lang}-print`);
          await page.emulateMedia({ media: 'screen' });
        }
      }
    });
  }

  it('reaches the history from the list and the detail, and the quick range puts 30 days in the url', async () => {
    await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'pt', reports_language: 'pt', separador_csv: ';' } });
    const page = await e2e.newPage(DESKTOP, 'pt');
    await signInAs(page, account);
    await page.goto('/#/coletores');
    await page.getByTestId('point-history-link').first().click();
    await page.waitForURL(new RegExp(`#/coletores/historico/${point.id}`));
    const screen = new CollectionHistoryPage(page);
    await screen.settled();
    // Without dates: the last 30 days.
    const today = localToday();
    expect(await page.getByTestId('period-df').inputValue()).toBe(masked(today));
    await screen.quickRange(365);
    await expect.poll(() => screen.query().get('di')).toBe(daysBefore(today, 365));
    await screen.quickRange(30);
    await expect.poll(() => screen.query().get('di')).toBe(daysBefore(today, 30));
    await screen.settled();
    const history = await historyOf({ di: daysBefore(today, 30), df: today });
    await expect.poll(() => screen.total('coletas').textContent()).toBe(shown('pt-BR', history.total.coletas, 0));

    await page.goto(`/#/coletores/${point.id}`);
    await page.getByRole('link', { name: text('pt', 'collectionPoints.form.history') }).click();
    await page.waitForURL(new RegExp(`#/coletores/historico/${point.id}$`));
    await screen.settled();

    // Another owner's point (or none) says it was not found.
    await screen.goto(2_000_000_000);
    await page.getByTestId('history-not-found').waitFor();
  });
});
