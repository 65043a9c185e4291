import type { CalhaGraphResponse, CalhaMonitor, Device } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillReadings } from '../packages/server/src/simulator/backfill.js';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice, uniqueSerial } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { testServices } from '../packages/server/src/test/services.js';
import { TroughsPage, type ShownRow } from './pages/TroughsPage.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, type Lang, LANGUAGES, localToday, shown } from './support/report.js';
import { signInAs } from './support/session.js';

/** Days of simulated trough history written before the test (the simulator's own monitor, backfilled). */
const HISTORY_DAYS = 8;
const DAY_COLUMNS = { minutos_ligada: 0, voltas: 0, minutos_lacuna: 1, paradas: 0, presenca_pct: 1 } as const;

/** An instant as the screen writes it at -3: dd/mm/yyyy HH:MM. */
const localTime = (iso: string) => {
  const local = new Date(Date.parse(iso) - 3 * 3_600_000).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
};

/** The intervals table as the API's gaps and stoppages say it must read, in time order. */
function expectedIntervals(graph: CalhaGraphResponse, lang: Lang, locale: string) {
  const rows = [...graph.lacunas.map((lacuna) => ({ kind: 'lacuna', ...lacuna })), ...graph.paradas.map((parada) => ({ kind: parada.tipo, ...parada }))];
  rows.sort((a, b) => a.inicio.localeCompare(b.inicio) || (a.kind === 'lacuna' ? -1 : b.kind === 'lacuna' ? 1 : 0));
  return rows.map((row) => [text(lang, `troughs.kind.${row.kind}`), localTime(row.inicio), localTime(row.fim), shown(locale, row.minutos, 1)].join(' | '));
}

describe('feeder troughs (calhas)', () => {
  let e2e: E2E;
  let account: TestAccount;
  let monitor: Device;
  let sac: Device;

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Calhas' });
    monitor = await createDevice(e2e.portal, account, { modelo: 'MCALHA', serie: uniqueSerial('MCA'), chip_id: 'ESP32-C1', nome: 'Calhas aviário 1', nucleo_id: farm.id });
    sac = await createDevice(e2e.portal, account, { modelo: 'SAC', serie: uniqueSerial('SAC'), chip_id: 'ESP32-C2', nome: 'SAC aviário 2', nucleo_id: farm.id });
    // The simulator's trough monitors (with their jams, empty troughs and offline gaps), stepped through the past days.
    const { rows } = await backfillReadings({
      services: testServices(e2e.portal),
      snapshot: { timezone: -3, devices: [monitor, sac], nucleos: [farm], lotes: [], padroes: [], silos: [] },
      ownerId: account.user.id,
      days: HISTORY_DAYS,
      seed: 4,
    });
    expect(rows.calha_leituras).toBeGreaterThan(HISTORY_DAYS * 1440 * 5);
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  });

  const graphOf = async (id: number, idcalha: number, period: { di: string; df: string }) =>
    (await e2e.portal.request<CalhaGraphResponse>('GET', `/api/getgraph_calha?id=${id}&idcalha=${idcalha}&di=${period.di}&df=${period.df}`, { token: account.token })).body;

  for (const { lang, locale, separator } of LANGUAGES) {
    it(`shows the API's gaps, stoppages and days in ${lang}, at desktop and phone width, with CSV and print`, async () => {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: lang, reports_language: lang, separador_csv: separator } });
      // From two days before the history (empty days) to today.
      const period = { di: daysBefore(localToday(), HISTORY_DAYS + 1), df: localToday() };
      const graph = await graphOf(monitor.id, 2, period);
      expect(graph.lacunas.length).toBeGreaterThan(0);
      expect(new Set(graph.paradas.map((parada) => parada.tipo))).toEqual(new Set(['travada', 'sem_racao']));
      expect(graph.dias[0]!.minutos_ligada).toBeNull();

      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, lang);
        await signInAs(page, account);
        const screen = new TroughsPage(page);
        await screen.goto({ id: monitor.id, calha: 2, ...period });
        expect(await page.getByTestId('page-title').textContent()).toBe(text(lang, 'screens.troughs.title'));

        // The chart drew what the API answered; the tables read the same gaps, stoppages and days.
        expect(await screen.chartDrawn()).toEqual({ points: graph.pontos.length, gaps: graph.lacunas.length, stoppages: graph.paradas.length });
        await screen.showAllIntervals();
        expect((await screen.intervals()).map((row) => row.text)).toEqual(expectedIntervals(graph, lang, locale));
        const days = await screen.days();
        expect(days.map((row: ShownRow) => row.attributes.date)).toEqual(graph.dias.map((dia) => dia.data));
        days.forEach((row, index) => {
          const dia = graph.dias[index]!;
          expect(row.cells).toEqual(Object.fromEntries(Object.entries(DAY_COLUMNS).map(([column, decimals]) => [column, shown(locale, dia[column as keyof typeof DAY_COLUMNS], decimals)])));
        });
        // Empty days read '—', never 0.
        expect(Object.values(days[0]!.cells).every((cell) => cell === '—')).toBe(true);
        expect(await screen.total('paradas').textContent()).toBe(shown(locale, graph.dias.reduce((sum, dia) => sum + (dia.paradas ?? 0), 0), 0));

        expect(await screen.overflow()).toBeLessThanOrEqual(0);
        await screen.chart().scrollIntoViewIfNeeded();
        await e2e.screenshot(page, `troughs-${lang}-${width}`);
        await saveScreenshot(screen.chart(), { path: `${SCREENSHOT_DIR}/troughs-${lang}-${width}-chart.png` });

        if (width === 'desktop') {
          const csvDays = await screen.downloadCsv('trough-csv-days');
          expect(csvDays.name).toBe(`calhas-${monitor.serie}-2-${period.di}_${period.df}-dias.csv`);
          const dayLines = csvDays.text.split('\r\n');
          expect(dayLines[0]!.split(separator)).toHaveLength(6);
          expect(dayLines[1]).toBe([period.di, '', '', '', '', ''].join(separator));
          const full = graph.dias.find((dia) => dia.minutos_ligada !== null)!;
          expect(dayLines).toContain([full.data, full.minutos_ligada, full.voltas].join(separator) + separator + [full.minutos_lacuna, full.paradas, full.presenca_pct].map((value) => {
            const written = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(value!);
            return written.includes(separator) ? `"${written}"` : written;
          }).join(separator));
          const csvIntervals = await screen.downloadCsv('trough-csv-intervals');
          expect(csvIntervals.text.split('\r\n').filter((line) => line !== '')).toHaveLength(1 + graph.lacunas.length + graph.paradas.length);

          // Print: the menu, pickers and period inputs are left off; the chart and the tables stay.
          expect(await screen.print()).toBe(true);
          await page.emulateMedia({ media: 'print' });
          expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
          expect(await page.getByTestId('trough-device').isVisible()).toBe(false);
          expect(await screen.chart().isVisible()).toBe(true);
          expect(await page.getByTestId('trough-intervals').isVisible()).toBe(true);
          await e2e.screenshot(page, `troughs-${lang}-print`);
          await page.emulateMedia({ media: 'screen' });
        }
      }
    });
  }

  it('opens the first monitor and trough by default (yesterday and today), and the pickers change the url and data', async () => {
    await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'pt', reports_language: 'pt', separador_csv: ';' } });
    const monitors = (await e2e.portal.request<CalhaMonitor[]>('GET', '/api/getcalhas', { token: account.token })).body;
    expect(monitors.map((item) => [item.id, item.calhas])).toEqual(
      [[monitor.id, [1, 2, 3, 4], monitor.serie], [sac.id, [1, 2], sac.serie]].sort((a, b) => String(a[2]).localeCompare(String(b[2]))).map(([id, calhas]) => [id, calhas]),
    );
    const page = await e2e.newPage(DESKTOP, 'pt');
    await signInAs(page, account);
    const screen = new TroughsPage(page);
    await screen.goto();
    const first = monitors[0]!;
    const today = localToday();
    const graph = await graphOf(first.id, 1, { di: daysBefore(today, 1), df: today });
    expect((await screen.days()).map((row) => row.attributes.date)).toEqual([daysBefore(today, 1), today]);
    expect((await screen.chartDrawn()).points).toBe(graph.pontos.length);
    // Today is still running: the time axis ends now, not at midnight ahead (no width spent on the future).
    const axisEnd = Date.parse((await screen.chart().getAttribute('data-axis-end'))!);
    expect(axisEnd).toBeLessThanOrEqual(Date.now());
    expect(axisEnd).toBeGreaterThan(Date.now() - 5 * 60_000);

    await screen.chooseTrough(text('pt', 'troughs.troughNumber', { number: 2 }));
    await expect.poll(() => screen.query().get('calha')).toBe('2');
    const second = await graphOf(first.id, 2, { di: daysBefore(today, 1), df: today });
    await expect.poll(async () => (await screen.intervals()).length).toBe(second.lacunas.length + second.paradas.length);

    const other = monitors[1]!;
    await screen.chooseMonitor(other.serie);
    await expect.poll(() => screen.query().get('id')).toBe(String(other.id));
    expect(screen.query().get('calha')).toBeNull();
    await screen.settled();

    // Another owner's monitor (or none) says it was not found.
    await screen.goto({ id: 2_000_000_000 });
    await page.getByTestId('trough-not-found').waitFor();
  });
});
