import type { Lote, Nucleo, Padrao, RacaoResponse, Silo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillReadings } from '../packages/server/src/simulator/backfill.js';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice, uniqueSerial } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote, recordDeaths } from '../packages/server/src/test/factories/flocks.js';
import { addMovement, createSilo } from '../packages/server/src/test/factories/silos.js';
import { createPadrao } from '../packages/server/src/test/factories/standards.js';
import { createPesagens, generatedWeighings } from '../packages/server/src/test/factories/weighings.js';
import { testServices } from '../packages/server/src/test/services.js';
import { FeedReportPage, type ShownFeedRow } from './pages/FeedReportPage.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, LANGUAGES, localToday, masked, shown } from './support/report.js';
import { signInAs } from './support/session.js';

/** The flock's age today; the silo scale's history covers the last HISTORY_DAYS of it. */
const AGE = 20;
const HISTORY_DAYS = 14;

const FLOCK_DECIMALS = {
  idade: 0, aves_vivas: 0, consumo_kg: 1, acumulado_kg: 1, g_ave_dia: 1, consumo_acumulado_g_ave: 1, consumo_acumulado_padrao_g: 1,
  peso_medio_g: 1, ganho_kg: 1, conversao: 3, conversao_padrao: 3,
} as const;

/** The table rows the API's report says the flock view must show. */
const flockRows = (report: RacaoResponse, locale: string): ShownFeedRow[] =>
  report.dias.map((dia) => ({
    date: dia.data,
    partial: dia.consumo_kg !== null && !dia.completo,
    cells: Object.fromEntries(Object.entries(FLOCK_DECIMALS).map(([field, decimals]) => [field, shown(locale, dia[field as keyof typeof FLOCK_DECIMALS], decimals)])),
  }));

describe('feed consumption report (racao)', () => {
  let e2e: E2E;
  let account: TestAccount;
  let farm: Nucleo;
  let lote: Lote;
  let closed: Lote;
  let silos: Silo[];
  const today = localToday();
  const placement = daysBefore(today, AGE);

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    farm = await createNucleo(e2e.portal, account, { nome: 'Granja Ração' });
    const [h1, h2] = farm.aviarios.map((house) => house.id) as [number, number];
    const padrao: Padrao = await createPadrao(e2e.portal, account, {
      nome: 'Ross 308 misto',
      pontos: [
        { idade: 0, peso: 42 },
        { idade: 7, peso: 190, conversao: 0.86, consumo_acumulado: 165 },
        { idade: 14, peso: 480, conversao: 1.07, consumo_acumulado: 515 },
        { idade: 21, peso: 930, conversao: 1.25, consumo_acumulado: 1160 },
        { idade: 28, peso: 1500, conversao: 1.39, consumo_acumulado: 2090 },
      ],
    });
    lote = await createLote(e2e.portal, account, farm, {
      codigo: 'L-2026-07',
      aviarios: [h1, h2],
      data_alojamento: placement,
      aves_misto: 18_000,
      padrao_id: padrao.id,
    });
    await recordDeaths(e2e.portal, account, lote, [3, 5, 9, 12, 17].map((age, index) => ({ data: daysBefore(today, AGE - age), aves: 20 + index * 7 })));
    lote = (await e2e.portal.request<Lote>('GET', `/api/getlote?id=${lote.id}`, { token: account.token })).body;
    closed = await createLote(e2e.portal, account, farm, {
      codigo: 'L-2026-05', aviarios: [h1], data_alojamento: daysBefore(today, 90), data_encerramento: daysBefore(today, 48), aves_misto: 9000,
    });
    const scale = await createDevice(e2e.portal, account, { modelo: 'BSILO', serie: uniqueSerial('BSR'), chip_id: 'ESP32-S9', nome: 'Balança silo 1', nucleo_id: farm.id });
    const silo1 = await createSilo(e2e.portal, account, farm, { nome: 'Silo 1', capacidade_kg: 18000, device_id: scale.id, aviarios: [h1, h2] });
    const silo2 = await createSilo(e2e.portal, account, farm, { nome: 'Silo 2', capacidade_kg: 8000, aviarios: [h1] });
    // Silo 2 is weighed by hand: consumption recorded most days from age 4 (not on every day).
    await addMovement(e2e.portal, account, { idsilo: silo2.id, tipo: 'entrada', data: placement, quantidade_kg: 7500 });
    for (let age = 4; age < AGE; age += 1) {
      if (age % 5 === 0) continue;
      await addMovement(e2e.portal, account, { idsilo: silo2.id, tipo: 'consumo', data: daysBefore(today, AGE - age), quantidade_kg: 90 + age * 12.5 });
    }
    silos = [silo1, silo2].map((silo) => ({ ...silo }));
    const fresh = async <T>(path: string) => (await e2e.portal.request<T>('GET', path, { token: account.token })).body;
    // The simulator's own silo scale, stepped through the past days and stored as live readings are.
    const { rows } = await backfillReadings({
      services: testServices(e2e.portal),
      snapshot: {
        timezone: -3,
        devices: [scale],
        nucleos: [farm],
        lotes: [await fresh<Lote>(`/api/getlote?id=${lote.id}`)],
        padroes: [padrao],
        silos: [await fresh<Silo>(`/api/getsilo?id=${silo1.id}`), await fresh<Silo>(`/api/getsilo?id=${silo2.id}`)],
      },
      ownerId: account.user.id,
      days: HISTORY_DAYS,
      seed: 11,
    });
    expect(rows.silo_leituras).toBeGreaterThan(HISTORY_DAYS * 280);
    for (const [index, age] of [7, 14, 19].entries()) {
      await createPesagens(e2e.portal, account, {
        nucleo: farm,
        lote,
        rows: generatedWeighings(40 + index, 80, { datas: [daysBefore(today, AGE - age)], pesoInicial: [185, 470, 800][index]!, idadeInicial: age }),
      });
    }
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  });

  const reportOf = async (period: { di: string; df: string }, id = lote.id) =>
    (await e2e.portal.request<RacaoResponse>('GET', `/api/getracao?id=${id}&di=${period.di}&df=${period.df}`, { token: account.token })).body;

  for (const { lang, locale, separator } of LANGUAGES) {
    it(`shows the API's numbers, charts, views and CSV in ${lang}, at desktop and phone width, and prints without the menu`, async () => {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: lang, reports_language: lang, separador_csv: separator } });
      const life = { di: placement, df: today };
      const report = await reportOf(life);
      // The generated data has every kind of day: empty, partial, complete, weighed.
      expect(report.dias.some((dia) => dia.consumo_kg === null)).toBe(true);
      expect(report.dias.some((dia) => dia.consumo_kg !== null && !dia.completo)).toBe(true);
      expect(report.dias.some((dia) => dia.completo && dia.g_ave_dia !== null)).toBe(true);
      expect(report.dias.filter((dia) => dia.conversao !== null).length).toBe(3);

      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, lang);
        await signInAs(page, account);
        const screen = new FeedReportPage(page);
        // Without a flock or dates: the first active flock over its whole life.
        await screen.goto();
        await expect.poll(() => screen.query().get('di')).toBe(placement);
        expect(await page.getByTestId('period-di').inputValue()).toBe(masked(placement));
        expect(await page.getByTestId('period-df').inputValue()).toBe(masked(today));
        expect(await page.getByTestId('page-title').textContent()).toBe(text(lang, 'screens.consumption.title'));
        await screen.settled();
        await page.getByTestId('racao-table').waitFor();

        expect(await screen.total('consumo_kg').textContent()).toBe(`${shown(locale, report.totais.consumo_kg, 1)} kg`);
        expect(await screen.total('acumulado_kg').textContent()).toBe(`${shown(locale, report.totais.acumulado_kg, 1)} kg`);
        expect(await screen.total('g_ave_dia').textContent()).toBe(`${shown(locale, report.totais.g_ave_dia, 1)} g`);
        expect(await screen.total('aves_vivas').textContent()).toBe(shown(locale, report.dias.at(-1)!.aves_vivas, 0));
        expect(await screen.total('conversao').textContent()).toBe(shown(locale, report.totais.conversao, 3));
        expect(await screen.total('conversao_padrao').textContent()).toBe(shown(locale, report.totais.conversao_padrao, 3));
        expect(await screen.rows()).toEqual(flockRows(report, locale));
        await page.getByTestId('racao-incomplete').waitFor();

        // The per-silo view shows each silo's share for the flock; the per-house view each house's feed.
        await screen.view('silos', text(lang, 'feed.table.view.silos'));
        const siloRows = await screen.rows();
        report.dias.forEach((dia, index) => {
          for (const [position, silo] of report.header.silos.entries()) {
            expect(siloRows[index]!.cells[`silo-${silo.id}`]).toBe(shown(locale, dia.silos[position]!.parte_kg, 1));
          }
        });
        await screen.view('aviarios', text(lang, 'feed.table.view.aviarios'));
        const houseRows = await screen.rows();
        report.dias.forEach((dia, index) => {
          for (const [position, house] of report.header.aviarios.entries()) {
            expect(houseRows[index]!.cells[`aviario-${house.id}`]).toBe(shown(locale, dia.aviarios[position]!.consumo_kg, 1));
          }
        });
        const silosShown = await screen.breakdown('racao-silos');
        // The "no birds" column appears only when some silo had feed no flock's birds were there to eat.
        const noBirds = report.totais.silos.some((silo) => (silo.sem_aves_kg ?? 0) > 0);
        for (const [position, silo] of silos.entries()) {
          expect(silosShown[String(silo.id)]).toEqual({
            consumo_kg: shown(locale, report.totais.silos[position]!.consumo_kg, 1),
            parte_kg: shown(locale, report.totais.silos[position]!.parte_kg, 1),
            ...(noBirds ? { sem_aves_kg: shown(locale, report.totais.silos[position]!.sem_aves_kg, 1) } : {}),
          });
        }
        const housesShown = await screen.breakdown('racao-houses');
        for (const [position, house] of report.header.aviarios.entries()) {
          expect(housesShown[String(house.id)]).toEqual({ consumo_kg: shown(locale, report.totais.aviarios[position]!.consumo_kg, 1) });
        }
        await screen.view('lote', text(lang, 'feed.table.view.lote'));
        if (width === 'desktop') {
          // The flock's columns fit beside the side menu at 1366 px: nothing cut at the right, nothing to scroll.
          const hidden = await page.getByTestId('racao-table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
          expect(hidden).toBeLessThanOrEqual(0);
        }
        // The line under the title names the flock once ('Lote L-…', never 'Lote Lote …').
        expect(await page.getByTestId('page-description').textContent()).toBe(
          text(lang, 'feed.place', {
            flock: text(lang, 'flocks.form.titleOf', { code: lote.codigo }),
            farm: report.header.nucleo.nome,
            houses: report.header.aviarios.map((house) => house.nome).join(', '),
          }),
        );

        await screen.chartsDrawn();
        await page.getByTestId('racao-row').first().scrollIntoViewIfNeeded();
        expect(await screen.overflow()).toBeLessThanOrEqual(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await e2e.screenshot(page, `racao-${lang}-${width}`);
        await saveScreenshot(page.locator('[data-testid="racao-chart-consumo"]').locator('..'), { path: `${SCREENSHOT_DIR}/racao-${lang}-${width}-charts.png` });

        if (width === 'desktop') {
          // CSV in the user's separator, numbers with the language's decimal mark, empty days empty.
          const csv = await screen.downloadCsv();
          expect(csv.name).toBe(`racao_L-2026-07_${placement}_${today}.csv`);
          const lines = csv.text.split('\r\n');
          const column = (name: string) => text(lang, `feed.columns.${name}`);
          expect(lines[0]!.split(separator).slice(0, 5)).toEqual(['data', 'idade', 'aves_vivas', 'consumo_kg', 'completo'].map(column));
          expect(lines[0]).toContain(text(lang, 'feed.csv.siloShare', { silo: 'Silo 1' }));
          expect(lines.length).toBe(report.dias.length + 2);
          const decimal = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 });
          const cell = (value: number | null) => (value === null ? '' : decimal.format(value).includes(separator) ? `"${decimal.format(value)}"` : decimal.format(value));
          const weighed = report.dias.findIndex((dia) => dia.conversao !== null);
          const dia = report.dias[weighed]!;
          const fields = lines[weighed + 1]!;
          expect(fields.startsWith([dia.data, dia.idade, dia.aves_vivas, cell(dia.consumo_kg)].join(separator) + separator)).toBe(true);
          expect(fields.endsWith([cell(dia.ganho_kg), cell(dia.conversao), cell(dia.conversao_padrao)].join(separator))).toBe(true);
          const empty = report.dias.findIndex((day) => day.consumo_kg === null);
          expect(lines[empty + 1]!.split(separator).slice(0, 5)).toEqual([report.dias[empty]!.data, String(report.dias[empty]!.idade), String(report.dias[empty]!.aves_vivas), '', text(lang, 'feed.csv.no')]);

          // Print: the menu, the pickers and the period inputs are left off; charts and table stay.
          expect(await screen.print()).toBe(true);
          await page.emulateMedia({ media: 'print' });
          expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
          expect(await page.getByTestId('period-di').isVisible()).toBe(false);
          expect(await page.getByTestId('racao-flock').isVisible()).toBe(false);
          expect(await page.getByTestId('racao-chart-consumo').isVisible()).toBe(true);
          expect(await page.getByTestId('racao-table').isVisible()).toBe(true);
          await e2e.screenshot(page, `racao-${lang}-print`);
          await page.emulateMedia({ media: 'screen' });
        }
        await page.close();
      }
    });
  }

  it('lists active flocks first, switches flock, takes a quick range and says when a flock is not found', async () => {
    await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'pt', reports_language: 'pt', separador_csv: ';' } });
    const page = await e2e.newPage(DESKTOP, 'pt');
    await signInAs(page, account);
    const screen = new FeedReportPage(page);
    await screen.goto({ lote: lote.id });
    expect(await screen.flockOptions()).toEqual([`L-2026-07 · ${farm.nome}`, `L-2026-05 · ${farm.nome}`]);

    // Another flock: its own life (a closed flock ends at its closing).
    await screen.chooseFlock(`L-2026-05 · ${farm.nome}`);
    await expect.poll(() => screen.query().get('df')).toBe(closed.data_encerramento);
    await screen.settled();
    const old = await reportOf({ di: closed.data_alojamento!, df: closed.data_encerramento! }, closed.id);
    await expect.poll(() => screen.rows().then((rows) => rows.length)).toBe(old.dias.length);
    expect((await screen.rows()).every((row) => row.cells.consumo_kg === '—')).toBe(true);

    // The last 30 days: the closed flock did not live in them.
    await page.getByTestId('period-quick-30').click();
    await expect.poll(() => screen.query().get('di')).toBe(daysBefore(today, 30));
    await page.getByTestId('racao-empty').waitFor();
    await page.getByTestId('racao-life').click();
    await expect.poll(() => screen.query().get('di')).toBe(closed.data_alojamento);

    await screen.goto({ lote: 2_000_000_000 });
    await page.getByTestId('racao-not-found').waitFor();
  });

  it('writes the report, its print and its CSV in the reports language and the chosen number format, the screen around them in the interface language', async () => {
    // Interface Portuguese; reports Spanish with the decimal point (1,234.5) some Latin American farms write.
    await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'pt', reports_language: 'es', separador_decimal: '.', separador_csv: ';' } });
    try {
      const life = { di: placement, df: today };
      const report = await reportOf(life);
      const page = await e2e.newPage(DESKTOP, 'pt');
      await signInAs(page, account);
      const screen = new FeedReportPage(page);
      await screen.goto({ lote: lote.id, di: life.di, df: life.df });
      await page.getByTestId('racao-table').waitFor();
      // The screen: Portuguese title, picker, buttons and view switch.
      expect(await page.getByTestId('page-title').textContent()).toBe(text('pt', 'screens.consumption.title'));
      expect(await page.getByTestId('racao-csv').textContent()).toBe(text('pt', 'components.reports.download'));
      expect(await page.getByTestId('racao-view').textContent()).toContain(text('pt', 'feed.table.view.aviarios'));
      // The report: Spanish words, numbers 1,234.5 (en-US digits) whatever the language.
      expect(await page.getByTestId('racao-table').locator('thead').textContent()).toContain(text('es', 'feed.columns.consumo_acumulado_g_ave'));
      expect(await page.getByTestId('racao-totals').textContent()).toContain(text('es', 'feed.totals.acumulado_kg'));
      expect(await screen.total('acumulado_kg').textContent()).toBe(`${shown('en-US', report.totais.acumulado_kg, 1)} kg`);
      expect(report.totais.acumulado_kg!).toBeGreaterThan(1000);
      expect(await screen.total('aves_vivas').textContent()).toBe(shown('en-US', report.dias.at(-1)!.aves_vivas, 0));
      expect(await screen.rows()).toEqual(flockRows(report, 'en-US'));

      // Print: the title and the period line in Spanish, the screen's Portuguese heading left off.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('report-print-title').textContent()).toContain(text('es', 'screens.consumption.title'));
      expect(await page.getByTestId('report-print-period').textContent()).toBe(text('es', 'components.reports.period', { from: masked(life.di), to: masked(life.df) }));
      expect(await page.getByTestId('page-title').isVisible()).toBe(false);
      await e2e.screenshot(page, 'racao-report-language-print');
      await page.emulateMedia({ media: 'screen' });

      // The file: Spanish headers, the decimal point, no thousands grouping.
      const csv = await screen.downloadCsv();
      const [header, ...lines] = csv.text.split('\r\n');
      expect(header!.split(';').slice(0, 4)).toEqual(['data', 'idade', 'aves_vivas', 'consumo_kg'].map((name) => text('es', `feed.columns.${name}`)));
      const last = report.dias.at(-1)!;
      expect(lines[report.dias.length - 1]!.split(';').slice(0, 3)).toEqual([last.data, String(last.idade), String(last.aves_vivas)]);
      const fractional = report.dias.findIndex((dia) => dia.consumo_kg !== null && !Number.isInteger(dia.consumo_kg));
      expect(lines[fractional]!.split(';')[3]).toBe(String(report.dias[fractional]!.consumo_kg));
      expect(lines[fractional]!.split(';')[3]).toMatch(/^\d+\.\d+$/);
      expect(lines[report.dias.length - 1]!.split(';')[header!.split(';').indexOf(text('es', 'feed.columns.acumulado_kg'))]).toBe(String(last.acumulado_kg));
      await page.close();
    } finally {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'pt', reports_language: 'pt', separador_decimal: null, separador_csv: ';' } });
    }
  });
});
