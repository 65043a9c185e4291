import type { Desempenho, Diario, Lote, Nucleo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote, recordDeaths } from '../packages/server/src/test/factories/flocks.js';
import { createPadrao } from '../packages/server/src/test/factories/standards.js';
import { createPesagens, generatedWeighings } from '../packages/server/src/test/factories/weighings.js';
import { FlockHomePage } from './pages/FlockPages.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, LANGUAGES, localToday, masked, shown } from './support/report.js';
import { controlledByServiceWorker, forgiveOfflineFailures } from './support/serviceWorker.js';
import { signInAs } from './support/session.js';

/** The flock's age today; weighed at three ages before it. */
const AGE = 30;

describe('the flock page (lotes/:id)', () => {
  let e2e: E2E;
  let account: TestAccount;
  let farm: Nucleo;
  let lote: Lote;
  const today = localToday();
  const placement = daysBefore(today, AGE);
  const api = async <T>(path: string) => (await e2e.portal.request<T>('GET', path, { token: account.token })).body;

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    farm = await createNucleo(e2e.portal, account, { nome: 'Granja Desempenho', aviarios: [{ nome: 'Aviário 1' }, { nome: 'Aviário 2' }] });
    const padrao = await createPadrao(e2e.portal, account, {
      nome: 'Ross 308 misto',
      pontos: [
        { idade: 0, peso: 42, mortalidade_pct: 0 },
        { idade: 7, peso: 190, conversao: 0.86, mortalidade_pct: 0.9 },
        { idade: 14, peso: 480, conversao: 1.07, mortalidade_pct: 1.5 },
        { idade: 21, peso: 930, conversao: 1.25, mortalidade_pct: 2.1 },
        { idade: 28, peso: 1500, conversao: 1.39, mortalidade_pct: 2.8 },
        { idade: 35, peso: 2100, conversao: 1.5, mortalidade_pct: 3.4 },
      ],
    });
    const houses = farm.aviarios.map((house) => house.id);
    lote = await createLote(e2e.portal, account, farm, { codigo: 'L-2026-11', aviarios: houses, data_alojamento: placement, aves_misto: 20_000, padrao_id: padrao.id, linhagem: 'Ross 308' });
    // Deaths along the first days, a bad day at age 12, in both houses.
    const days = [1, 2, 3, 4, 5, 7, 10, 12, 15, 20, 25];
    await recordDeaths(e2e.portal, account, lote, days.map((age) => ({ data: daysBefore(today, AGE - age), aves: age === 12 ? 140 : 30 - age })), houses[0]);
    await recordDeaths(e2e.portal, account, lote, days.map((age) => ({ data: daysBefore(today, AGE - age), aves: 25 - Math.floor(age / 2) })), houses[1]);
    for (const [index, age] of [14, 21, 28].entries()) {
      await createPesagens(e2e.portal, account, {
        nucleo: farm,
        lote,
        rows: generatedWeighings(70 + index, 80, { datas: [daysBefore(today, AGE - age)], pesoInicial: [470, 900, 1450][index]!, idadeInicial: age }),
      });
    }
    lote = await api<Lote>(`/api/getlote?id=${lote.id}`);
  }, 180_000);

  afterAll(async () => {
    // The requests the cut network failed on purpose (offline entry below) are not the page's errors.
    forgiveOfflineFailures(e2e.consoleErrors);
    await e2e?.close();
  });

  for (const { lang, locale } of LANGUAGES) {
    it(`shows the API's indicators, charts and daily records in ${lang}, at desktop and phone width`, async () => {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: lang, reports_language: lang } });
      const desempenho = await api<Desempenho>(`/api/getdesempenho?lote_id=${lote.id}`);
      const stored = await api<Diario[]>(`/api/getdiario?lote_id=${lote.id}`);
      const g = desempenho.geral;
      // Enough data for the cards under test to hold numbers, not dashes.
      expect([g.viabilidade_pct, g.mortalidade_pct, g.peso_medio_g, g.uniformidade_pct]).not.toContain(null);

      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, lang);
        await signInAs(page, account);
        const home = new FlockHomePage(page);
        await home.goto(lote.id);
        expect(await page.getByTestId('page-title').textContent()).toBe(text(lang, 'flocks.form.titleOf', { code: 'L-2026-11' }));
        expect(await page.getByTestId('flock-age').textContent()).toBe(text(lang, 'flocks.age.days', { days: AGE }));
        expect(await home.indicator('viabilidade').textContent()).toBe(`${shown(locale, g.viabilidade_pct, 2)} %`);
        expect(await home.indicator('mortalidade').textContent()).toBe(`${shown(locale, g.mortalidade_pct, 2)} %`);
        expect(await home.indicator('peso').textContent()).toBe(`${shown(locale, g.peso_medio_g, 1)} g`);
        expect(await home.indicator('uniformidade').textContent()).toBe(`${shown(locale, g.uniformidade_pct, 1)} %`);
        expect(await home.indicator('iep').textContent()).toBe(shown(locale, g.iep, 1));
        expect(await home.indicator('ca').textContent()).toBe(shown(locale, g.ca, 3));
        await home.chartsDrawn();
        // Newest first, a page of 30 rows at most.
        await expect.poll(() => home.dailyRows().count()).toBe(Math.min(stored.length, 30));
        expect(await home.dailyRows().first().getAttribute('data-date')).toBe(stored.map((day) => day.data).sort().at(-1));
        expect(await page.getByTestId('flock-links').locator('a').first().getAttribute('href')).toBe(`#/aves?nucleo=${farm.id}&lote=${lote.id}`);
        expect(await home.untranslatedKeys()).toEqual([]);
        await e2e.screenshot(page, `flock-page-${lang}-${width}`);
        expect(await home.horizontalOverflow(), `flock page ${lang} ${width}`).toBeLessThanOrEqual(0);
        await page.close();
      }
    }, 120_000);
  }

  it('enters a daily record on a phone, edits it, and shows its history (pt)', async () => {
    await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'pt', reports_language: 'pt' } });
    const page = await e2e.newPage(PHONE, 'pt');
    await signInAs(page, account);
    const home = new FlockHomePage(page);
    await home.goto(lote.id);
    await home.openNewDay();
    // Today, in the account's timezone, unless told.
    expect(await home.form.field('data').inputValue()).toBe(masked(today));
    const ascite = text('pt', 'flocks.causes.ascite');
    await home.fillDay({ house: 'Aviário 2', deaths: { [ascite]: 3, [text('pt', 'flocks.causes.outras')]: 1 }, values: { eliminados: 2, agua_l: '1500', temp_min: '22', temp_max: '31,5' } });
    await expect.poll(() => page.getByTestId('daily-deaths-total').textContent()).toBe('4');
    // The dialog fills the phone's screen: the screenshot is of the screen, not the page behind it.
    await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/flock-page-daily-form-pt-phone.png` });
    expect(await home.horizontalOverflow(), 'daily form').toBeLessThanOrEqual(0);
    await home.saveDay();
    await home.dailyRow(today, 'Aviário 2').waitFor();

    const findToday = async () => (await api<Diario[]>(`/api/getdiario?lote_id=${lote.id}`)).find((day) => day.data === today && day.aviario_nome === 'Aviário 2')!;
    const created = await findToday();
    expect(created).toMatchObject({ mortos: 4, eliminados: 2, agua_l: 1500, temp_min: 22, temp_max: 31.5, historico: [] });
    expect(created.mortalidade).toEqual(expect.arrayContaining([{ causa: 'ascite', aves: 3 }, { causa: 'outras', aves: 1 }]));

    // Opening the day edits it: the stored counts are in the form.
    await home.openDay(today, 'Aviário 2');
    expect(await home.causeInput(ascite).inputValue()).toBe('3');
    await home.causeInput(ascite).fill('5');
    await home.saveDay();
    await expect.poll(async () => (await findToday()).mortos).toBe(6);
    const edited = await findToday();
    expect(edited.id).toBe(created.id);
    expect(edited.historico).toHaveLength(1);

    // The saves' notices go first: they sit where the dialog opens.
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
    await home.openHistory(edited.id);
    const history = await page.getByTestId('daily-history').textContent();
    expect(history).toContain(`${ascite}: 3`);
    expect(history).toContain(`${ascite}: 5`);
    await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/flock-page-history-pt-phone.png` });
    await page.keyboard.press('Escape');

    // Deleting asks first.
    await home.openDay(today, 'Aviário 2');
    await page.getByTestId('daily-delete').click();
    await page.getByTestId('confirm-delete').click();
    await expect.poll(() => home.dailyRow(today, 'Aviário 2').count()).toBe(0);
    expect(await findToday()).toBeUndefined();
  }, 120_000);

  it('keeps a daily record entered offline as pending across a reload, and stores it once when the network returns (pt, desktop)', async () => {
    await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'pt', reports_language: 'pt' } });
    const page = await e2e.newPage(DESKTOP, 'pt', { serviceWorkers: 'allow' });
    await signInAs(page, account);
    const home = new FlockHomePage(page);
    await home.goto(lote.id);
    await controlledByServiceWorker(page);
    await home.settled();
    await page.waitForLoadState('networkidle');
    const day = daysBefore(today, 1);
    await page.context().setOffline(true);
    await home.openNewDay();
    await home.fillDay({ house: 'Aviário 1', date: masked(day), deaths: { [text('pt', 'flocks.causes.morte_subita')]: 7 }, values: { eliminados: 1 } });
    await home.saveDay();
    await expect.poll(() => home.dailyRow(day, 'Aviário 1').getAttribute('data-pending')).toBe('pending');
    expect(await home.dailyRow(day, 'Aviário 1').getByTestId('daily-pending').textContent()).toBe(text('pt', 'flocks.daily.pending'));
    await e2e.screenshot(page, 'flock-page-pending-pt-desktop');
    const stored = async () => (await api<Diario[]>(`/api/getdiario?lote_id=${lote.id}`)).filter((entry) => entry.data === day && entry.aviario_nome === 'Aviário 1');
    expect(await stored()).toEqual([]);

    // A reload without network (the tab closed in the shed): the service worker serves the page
    // and the flock's last answers, and the entry is still there, pending.
    await page.reload();
    await home.settled();
    await expect.poll(() => home.dailyRow(day, 'Aviário 1').getAttribute('data-pending')).toBe('pending');
    await e2e.screenshot(page, 'flock-page-pending-reloaded-pt-desktop');
    expect(await stored()).toEqual([]);

    await page.context().setOffline(false);
    await expect.poll(() => home.dailyRow(day, 'Aviário 1').getAttribute('data-pending'), { timeout: 20_000 }).toBeNull();
    const sent = await stored();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ mortos: 7, eliminados: 1, mortalidade: [{ causa: 'morte_subita', aves: 7 }] });
  }, 120_000);

  it('closes a flock out, opens its printable report, and reopens it (en, desktop)', async () => {
    await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'en', reports_language: 'en' } });
    const other = await createLote(e2e.portal, account, farm, { codigo: 'L-2026-09', aviarios: [farm.aviarios[0]!.id], data_alojamento: daysBefore(today, 42), aves_misto: 5000 });
    await recordDeaths(e2e.portal, account, other, [{ data: daysBefore(today, 40), aves: 60 }, { data: daysBefore(today, 30), aves: 40 }]);
    const page = await e2e.newPage(DESKTOP, 'en');
    await signInAs(page, account);
    const home = new FlockHomePage(page);
    await home.goto(other.id);
    await home.closeOut({ aves_entregues: 4900, kg_entregues: 12_250, racao_kg: 20_000 });

    const closed = await api<Lote>(`/api/getlote?id=${other.id}`);
    expect(closed).toMatchObject({ situacao: 'encerrado', data_encerramento: today, fechamento: { data: today, aves_entregues: 4900, kg_entregues: 12_250, peso_medio_g: 2500, racao_kg: 20_000 } });
    const final = await api<Desempenho>(`/api/getdesempenho?lote_id=${other.id}`);
    expect(final.geral.ca).not.toBeNull();
    expect(await home.closeOutCard('aves_entregues').textContent()).toBe(shown('en-US', 4900, 0));
    expect(await home.closeOutCard('peso_entregue_g').textContent()).toBe(`${shown('en-US', 2500, 1)} g`);
    expect(await home.closeOutCard('idade').textContent()).toBe(`${shown('en-US', 42, 0)} d`);
    expect(await home.closeOutCard('ca').textContent()).toBe(shown('en-US', final.geral.ca, 3));
    expect(await home.closeOutCard('iep').textContent()).toBe(shown('en-US', final.geral.iep, 1));
    expect(await home.untranslatedKeys()).toEqual([]);
    await e2e.screenshot(page, 'flock-closeout-en-desktop');

    // On paper: the report's own title, without the menu or the buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('report-print-title').isVisible()).toBe(true);
    expect(await page.getByTestId('closeout-print').isVisible()).toBe(false);
    expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
    await e2e.screenshot(page, 'flock-closeout-en-print');
    await page.emulateMedia({ media: 'screen' });

    // Reopen, after confirming.
    await home.goto(other.id);
    expect(await page.getByTestId('flock-status').textContent()).toBe(text('en', 'flocks.situacao.encerrado'));
    await page.getByTestId('flock-reopen').click();
    await page.getByTestId('reopen-confirm').click();
    await expect.poll(() => page.getByTestId('flock-status').textContent()).toBe(text('en', 'flocks.situacao.ativo'));
    expect((await api<Lote>(`/api/getlote?id=${other.id}`)).data_encerramento).toBeNull();
  }, 120_000);
});
