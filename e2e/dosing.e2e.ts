import type { Dosagem, DosagemRelatorio, DeviceSaved, Fumigador, FumigacaoLista } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillReadings } from '../packages/server/src/simulator/backfill.js';
import { shedPicture } from '../packages/server/src/simulator/picture.js';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice, uniqueSerial } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createFumigador } from '../packages/server/src/test/factories/fumigators.js';
import { testServices } from '../packages/server/src/test/services.js';
import { DosingDetailPage, DosingHistoryPage } from './pages/DosingPages.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { DAY_MS, daysBefore, LANGUAGES, localToday, masked, shown } from './support/report.js';
import { signInAs } from './support/session.js';

/** Days of the simulated doser's history (the lead's backfill: 2 minutes of pumping every 15). */
const HISTORY_DAYS = 3;

describe('dosing and fumigation history (fumigadores/historico)', () => {
  let e2e: E2E;
  let account: TestAccount;
  let doser: DeviceSaved;
  let fumigador: Fumigador;
  /** The newest closed application: it has a picture. */
  let pictured: Dosagem;
  const period = () => ({ di: daysBefore(localToday(), HISTORY_DAYS + 1), df: localToday() });
  const api = async <T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) => (await e2e.portal.request<T>(method, `/api/${path}`, { token: account.token, body })).body;

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Dosagem' });
    doser = await createDevice(e2e.portal, account, { modelo: 'DOSADOR', serie: uniqueSerial('DOS'), chip_id: 'ESP32-D1', nome: 'Dosador fumigação', nucleo_id: farm.id });
    fumigador = await createFumigador(e2e.portal, account, farm, { nome: 'Nebulizador galpão 1', device_id: doser.id, produto: 'Glutaraldeído', horarios: ['06:00', '12:00', '18:00'] });
    const now = Date.now();
    const services = testServices(e2e.portal);
    const { rows } = await backfillReadings({
      services,
      snapshot: { timezone: -3, devices: [doser], nucleos: [farm], lotes: [], padroes: [], silos: [] },
      ownerId: account.user.id,
      days: HISTORY_DAYS,
      now,
      seed: 4,
    });
    expect(rows.dose_leituras).toBeGreaterThan(HISTORY_DAYS * 2000);
    await services.dosing.syncDevice(doser.id, now - HISTORY_DAYS * DAY_MS);
    const list = await api<FumigacaoLista>('GET', `getfumigacao?id=${fumigador.id}&di=${period().di}&df=${period().df}`);
    pictured = list.eventos.find((event) => event.fim !== null)!;
    // The picture the doser would send when the application opened (CMD foto → IMAGEM).
    const picture = shedPicture('10:00', () => 0.4);
    await e2e.portal.database.db
      .insertInto('device_fotos')
      .values({ owner_id: account.user.id, device_id: doser.id, pedido: 'dos-e2e', mime: 'image/png', conteudo: picture, bytes: picture.length, created_at: Date.parse(pictured.inicio) + 20_000 })
      .execute();
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  });

  for (const { lang, locale, separator } of LANGUAGES) {
    it(`shows the history and an application in ${lang}, at desktop and phone width, and prints without the menu`, async () => {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: lang, reports_language: lang, separador_csv: separator } });
      const report = await api<DosagemRelatorio>('POST', 'reldosagem', { id: fumigador.id, ...period() });
      const events = await api<FumigacaoLista>('GET', `getfumigacao?id=${fumigador.id}&di=${period().di}&df=${period().df}`);
      expect(report.total.eventos).toBe(events.eventos.length);
      expect(report.dias[0]!.eventos).toBeNull();

      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, lang);
        await signInAs(page, account);
        const history = new DosingHistoryPage(page);
        await history.goto(fumigador.id, period());
        expect(await page.getByTestId('page-title').textContent()).toBe(text(lang, 'screens.fumigatorHistory.title'));
        expect(await history.total('eventos').textContent()).toBe(shown(locale, report.total.eventos, 0));
        expect(await history.total('volume_ml').textContent()).toBe(`${shown(locale, report.total.volume_ml, 1)} ml`);
        const days = await history.days();
        expect(days.map((row) => row.attributes.date)).toEqual(report.dias.map((day) => day.data).reverse());
        const empty = days.find((row) => row.attributes.date === period().di)!;
        expect(Object.values(empty.cells).every((cell) => cell === '—')).toBe(true);
        const full = report.dias.find((day) => day.eventos !== null && day.data !== period().df)!;
        expect(days.find((row) => row.attributes.date === full.data)!.cells).toEqual({
          eventos: shown(locale, full.eventos, 0),
          volume_ml: shown(locale, full.volume_ml, 1),
          minutos: shown(locale, full.minutos, 1),
          previstas: shown(locale, full.previstas, 0),
          feitas: shown(locale, full.feitas, 0),
        });
        // The newest 50 applications, then all of them on request.
        const rows = await history.events();
        expect(rows.map((row) => Number(row.attributes.id))).toEqual(events.eventos.slice(0, 50).map((event) => event.id));
        expect(rows[0]!.cells.fotos).toBe(shown(locale, events.eventos[0]!.fotos, 0));
        await history.chartsDrawn();
        expect(await history.overflow()).toBeLessThanOrEqual(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await e2e.screenshot(page, `dosing-history-${lang}-${width}`);
        await saveScreenshot(page.getByTestId('dosing-daily-chart'), { path: `${SCREENSHOT_DIR}/dosing-history-${lang}-${width}-chart.png` });

        if (width === 'desktop') {
          const csv = await history.download('days');
          expect(csv.name).toBe(`dosagem_${fumigador.id}_${period().di}_${period().df}.csv`);
          const lines = csv.text.split('\r\n');
          expect(lines[0]!.split(separator)).toHaveLength(6);
                    expect(lines).toContain([masked(period().di), '', '', '', '', ''].join(separator));
          await page.getByTestId('dosing-show-all').click();
          expect((await history.events()).map((row) => Number(row.attributes.id))).toEqual(events.eventos.map((event) => event.id));
          const eventsCsv = await history.download('events');
          expect(eventsCsv.text.split('\r\n').filter(Boolean)).toHaveLength(events.eventos.length + 1);

          expect(await history.print()).toBe(true);
          await page.emulateMedia({ media: 'print' });
          expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
          expect(await page.getByTestId('dosing-daily-chart').isVisible()).toBe(true);
          expect(await page.getByTestId('dosing-days').isVisible()).toBe(true);
          await e2e.screenshot(page, `dosing-history-${lang}-print`);
          await page.emulateMedia({ media: 'screen' });
        }

        // The application with a picture: its fields, flow chart, picture, and the operator saved.
        await history.eventLink(pictured.id).click();
        await page.waitForURL(new RegExp(`#/fumigadores/historico/${fumigador.id}/detalhe/${pictured.id}$`));
        const detail = new DosingDetailPage(page);
        await detail.settled();
        expect(await page.getByTestId('page-title').textContent()).toBe(text(lang, 'screens.fumigatorDosing.title'));
        expect(await detail.field('volume').textContent()).toBe(`${shown(locale, pictured.volume_ml, 1)} ml`);
        expect(await detail.field('origem').textContent()).toBe(text(lang, 'fumigators.history.origem.device'));
        await page.getByTestId('dosing-event-chart').locator('canvas').first().waitFor();
        expect(await detail.photos()).toEqual([{ id: expect.any(String), loaded: true }]);
        const operador = `Operador ${lang} ${width}`;
        await detail.input('operador').fill(operador);
        await detail.input('obs').fill('Aplicação conferida no galpão');
        await detail.save();
        const saved = await api<{ dosagem: Dosagem }>('POST', 'reldosagemdetalhe', { id: fumigador.id, iddosagens: pictured.id });
        expect(saved.dosagem).toMatchObject({ operador, obs: 'Aplicação conferida no galpão', volume_ml: pictured.volume_ml, inicio: pictured.inicio });
        expect(await detail.overflow()).toBeLessThanOrEqual(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await e2e.screenshot(page, `dosing-detail-${lang}-${width}`);
      }
    }, 180_000);
  }

  it('records a manual application from the history, reaches the history from the list, and 404s a stranger', async () => {
    await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'pt', reports_language: 'pt', separador_csv: ';' } });
    const page = await e2e.newPage(DESKTOP, 'pt');
    await signInAs(page, account);
    await page.goto('/#/fumigadores');
    await page.getByTestId('fumigator-history-link').first().click();
    await page.waitForURL(new RegExp(`#/fumigadores/historico/${fumigador.id}`));
    const history = new DosingHistoryPage(page);
    await history.settled();
    expect(history.query().get('di')).toBeNull();

    const yesterday = daysBefore(localToday(), 1);
    await page.getByTestId('dosing-add').click();
    await page.getByTestId('dosagem-day').fill(`${yesterday.slice(8, 10)}${yesterday.slice(5, 7)}${yesterday.slice(0, 4)}`);
    await page.getByTestId('dosagem-start').fill('11:50');
    await page.getByTestId('dosagem-end').fill('12:20');
    await page.getByTestId('dosagem-volume').fill('850,5');
    await page.getByTestId('dosagem-operador').fill('Maria');
    await page.getByTestId('dosagem-save').click();
    // Yesterday's application is older than the newest 50 the table shows first.
    await page.getByTestId('dosing-show-all').click();
    await page.locator('[data-testid="dosing-event"][data-origem="manual"]').waitFor();
    const list = await api<FumigacaoLista>('GET', `getfumigacao?id=${fumigador.id}&di=${yesterday}&df=${yesterday}`);
    const manual = list.eventos.find((event) => event.origem === 'manual')!;
    expect(manual).toMatchObject({ operador: 'Maria', volume_ml: 850.5, duracao_min: 30, inicio: `${yesterday}T14:50:00.000Z`, produto: 'Glutaraldeído' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await e2e.screenshot(page, 'dosing-history-pt-manual');

    await history.goto(2_000_000_000);
    await page.getByTestId('dosing-not-found').waitFor();
    await new DosingDetailPage(page).goto(fumigador.id, 2_000_000_000);
    await page.getByTestId('dosing-not-found').waitFor();
  }, 120_000);
});
