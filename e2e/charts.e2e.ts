import type { ChartDataResponse, Grafico, Lote, Nucleo, Padrao, Silo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillReadings } from '../packages/server/src/simulator/backfill.js';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createGrafico } from '../packages/server/src/test/factories/charts.js';
import { createDevice, uniqueSerial } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { createSilo } from '../packages/server/src/test/factories/silos.js';
import { createPadrao } from '../packages/server/src/test/factories/standards.js';
import { createPesagens, generatedWeighings } from '../packages/server/src/test/factories/weighings.js';
import { testServices } from '../packages/server/src/test/services.js';
import { ChartViewPage } from './pages/ChartPages.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, LANGUAGES, localToday, masked, shown } from './support/report.js';
import { signInAs } from './support/session.js';

const AGE = 20;
const HISTORY_DAYS = 14;
const DECIMALS: Record<string, number> = { g: 1, '%': 2, kg: 1, rpm: 1, ml: 1 };

describe('charts (graficos) drawn with data, pinned to the dashboard', () => {
  let e2e: E2E;
  let account: TestAccount;
  let chart: Grafico;
  const today = localToday();

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    const farm: Nucleo = await createNucleo(e2e.portal, account, { nome: 'Granja Gráficos' });
    const padrao: Padrao = await createPadrao(e2e.portal, account, {
      nome: 'Ross 308',
      pontos: [{ idade: 0, peso: 42 }, { idade: 7, peso: 190 }, { idade: 14, peso: 480 }, { idade: 21, peso: 930 }, { idade: 28, peso: 1500 }],
    });
    const lote: Lote = await createLote(e2e.portal, account, farm, { codigo: 'L-G1', data_alojamento: daysBefore(today, AGE), aves_misto: 18_000, padrao_id: padrao.id });
    const scale = await createDevice(e2e.portal, account, { modelo: 'BSILO', serie: uniqueSerial('BSG'), chip_id: 'ESP32-G1', nome: 'Balança silo', nucleo_id: farm.id });
    const silo: Silo = await createSilo(e2e.portal, account, farm, { nome: 'Silo 1', capacidade_kg: 18000, device_id: scale.id });
    const fresh = async <T>(path: string) => (await e2e.portal.request<T>('GET', path, { token: account.token })).body;
    const { rows } = await backfillReadings({
      services: testServices(e2e.portal),
      snapshot: {
        timezone: -3,
        devices: [scale],
        nucleos: [farm],
        lotes: [await fresh<Lote>(`/api/getlote?id=${lote.id}`)],
        padroes: [padrao],
        silos: [await fresh<Silo>(`/api/getsilo?id=${silo.id}`)],
      },
      ownerId: account.user.id,
      days: HISTORY_DAYS,
      seed: 7,
    });
    expect(rows.silo_leituras).toBeGreaterThan(HISTORY_DAYS * 280);
    for (const [index, age] of [7, 14, 19].entries()) {
      await createPesagens(e2e.portal, account, {
        nucleo: farm,
        lote,
        rows: generatedWeighings(60 + index, 80, { datas: [daysBefore(today, AGE - age)], pesoInicial: [185, 470, 800][index]!, idadeInicial: age }),
      });
    }
    chart = await createGrafico(e2e.portal, account, {
      titulo: 'Lote L-G1 e silo',
      periodo: '30',
      linhas: [
        { tit: 'Peso médio', fonte: 'peso_medio', lote_id: lote.id },
        { tit: 'Padrão', fonte: 'padrao', padrao_id: padrao.id },
        { tit: 'Saldo silo', fonte: 'saldo_silo', silo_id: silo.id },
        { tit: 'Consumo', fonte: 'consumo_racao', silo_id: silo.id },
      ],
    });
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  });

  const dataOf = async (di: string, df: string) =>
    (await e2e.portal.request<ChartDataResponse>('POST', '/api/getgraphdata', { token: account.token, body: { id: chart.id, di, df } })).body;

  for (const [position, { lang, locale, separator }] of LANGUAGES.entries()) {
    it(`draws the API's numbers, downloads CSV, prints and pins in ${lang}, at desktop and phone width`, async () => {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: lang, reports_language: lang, separador_csv: separator } });
      const di = daysBefore(today, 30);
      const data = await dataOf(di, today);
      // The generated rows give every kind of day: weighed and not, a silo level and none.
      const [peso, , saldo] = data.chartData.linhas;
      expect(peso!.dataset.filter((point) => point.data_value !== null)).toHaveLength(3);
      expect(saldo!.dataset.some((point) => point.data_value === null)).toBe(true);
      expect(saldo!.dataset.filter((point) => point.data_value !== null).length).toBeGreaterThanOrEqual(HISTORY_DAYS);

      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, lang);
        await signInAs(page, account);
        const view = new ChartViewPage(page);
        await view.goto(chart.id);
        expect(await page.getByTestId('page-title').textContent()).toBe(chart.titulo);
        // The chart's own period (the last 30 days), put in the url so the link can be shared.
        await expect.poll(() => view.query().get('di')).toBe(di);
        expect(await page.getByTestId('period-di').inputValue()).toBe(masked(di));
        expect(await page.getByTestId('period-df').inputValue()).toBe(masked(today));
        expect(await view.headers()).toEqual([text(lang, 'charts.view.day'), ...data.chartData.linhas.map((linha) => `${linha.tit} (${linha.unidade})`)]);
        const expected = data.chartData.linhas[0]!.dataset.map((point, index) => [
          masked(point.data),
          ...data.chartData.linhas.map((linha) => shown(locale, linha.dataset[index]!.data_value, DECIMALS[linha.unidade]!)),
        ]);
        expect(await view.rows()).toEqual(expected);
        expect(await view.overflow()).toBeLessThanOrEqual(0);
        await e2e.screenshot(page, `chart-${lang}-${width}`);

        if (width === 'desktop') {
          const csv = await view.downloadCsv();
          expect(csv.name).toBe(`grafico-${chart.id}_${di}_${today}.csv`);
          const lines = csv.text.trimEnd().split('\r\n');
          expect(lines).toHaveLength(data.chartData.linhas[0]!.dataset.length + 1);
          const weighed = peso!.dataset.findIndex((point) => point.data_value !== null);
          const cell = (value: number | null) => {
            if (value === null) return '';
            const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6, useGrouping: false }).format(value);
            return number.includes(separator) ? `"${number}"` : number;
          };
          expect(lines[weighed + 1]).toBe([peso!.dataset[weighed]!.data, ...data.chartData.linhas.map((linha) => cell(linha.dataset[weighed]!.data_value))].join(separator));

          // Print: the menu and the period inputs are left off; the chart (as a picture) and the table stay.
          expect(await view.print()).toBe(true);
          await page.emulateMedia({ media: 'print' });
          expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
          expect(await page.getByTestId('period-di').isVisible()).toBe(false);
          expect(await page.getByTestId('chart-print-image').isVisible()).toBe(true);
          expect(await page.getByTestId('chart-table').isVisible()).toBe(true);
          await e2e.screenshot(page, `chart-${lang}-print`);
          await page.emulateMedia({ media: 'screen' });

          // A quick range: the last 365 days, in the url.
          await page.getByTestId('period-quick-365').click();
          await expect.poll(() => view.query().get('di')).toBe(daysBefore(today, 365));
          await expect.poll(async () => (await view.rows()).length).toBe(366);

          // Pinned once (pt), it stays pinned in the other languages.
          if (position === 0) {
            expect(await view.pin().getAttribute('aria-pressed')).toBe('false');
            await view.pin().click();
            await expect.poll(() => view.pin().getAttribute('aria-pressed')).toBe('true');
            expect((await e2e.portal.request<Grafico>('GET', `/api/getgrafico?id=${chart.id}`, { token: account.token })).body.painel).toBe(true);
          }
          expect(await view.pin().textContent()).toBe(text(lang, 'charts.view.unpin'));
        }

        // The list says which charts are pinned; the dashboard draws them.
        await page.goto('/#/graficos');
        await page.locator('[data-testid="chart-pinned"]:visible').first().waitFor();
        await page.goto('/#/dashboard');
        const pinned = page.getByTestId('pinned-chart');
        await pinned.locator('canvas').first().waitFor();
        expect(await pinned.count()).toBe(1);
        expect(await page.getByTestId('pinned-chart-title').textContent()).toBe(chart.titulo);
        expect(await view.overflow()).toBeLessThanOrEqual(0);
        await pinned.scrollIntoViewIfNeeded();
        await saveScreenshot(pinned, { path: `${SCREENSHOT_DIR}/chart-dashboard-${lang}-${width}.png` });
        await page.close();
      }
    }, 180_000);
  }
});
