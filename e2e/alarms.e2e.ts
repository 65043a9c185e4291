import { ALARM_TITLES, describeAlarm, type AlarmeRegrasResponse, type AlarmesResponse, type Nucleo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { AlarmsPage } from './pages/AlarmsPage.js';
import { ProfilePage } from './pages/ProfilePage.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { signInAs } from './support/session.js';

const MINUTE = 60_000;
const LANGUAGES = ['pt', 'en', 'es'] as const;

/**
 * Alarms in the browser (issue 19): a silo scale falls silent on the portal's clock, the alarms
 * job runs, and the bell of the open tab counts it through the live channel; acknowledging and
 * clearing it with a note; the rules screen; every language at desktop and phone width; the
 * morning digest e-mail in the outbox.
 */
describe('alarms: bell, page, rules, digest', () => {
  let e2e: E2E;
  /** Whose silo scale falls silent in the first test (and who gets the digest). */
  let owner: TestAccount;
  let farm: Nucleo;
  /** One account per language with a silent scale of its own, for the screens in every language. */
  const byLanguage = new Map<(typeof LANGUAGES)[number], TestAccount>();

  /** How far the test moved the portal's clock (it runs on the real clock plus this). */
  let advanced = 0;

  const alarmsOf = async (account: TestAccount, estado = 'ativos') =>
    (await e2e.portal.request<AlarmesResponse>('GET', `/api/getalarmes?estado=${estado}`, { token: account.token })).body;

  /**
   * A silo scale on a farm of the account with a flock placed (devices are watched only while their
   * farm has one), that last spoke now (the portal's clock has not moved yet).
   */
  async function siloScale(account: TestAccount, farmName: string): Promise<Nucleo> {
    const site = await createNucleo(e2e.portal, account, { nome: farmName });
    await createLote(e2e.portal, account, site, {});
    const device = await createDevice(e2e.portal, account, { modelo: 'BSILO', nucleo_id: site.id, chip_id: 'S1', nome: 'Silo 1' });
    await e2e.portal.services.devices.touchContacts([device.id], Date.now());
    return site;
  }

  beforeAll(async () => {
    e2e = await startE2E();
    owner = await createAccount(e2e.portal, { name: 'Ana Operadora' });
    farm = await siloScale(owner, 'Granja Sino');
    for (const language of LANGUAGES) {
      const account = await createAccount(e2e.portal, { language });
      await siloScale(account, `Granja ${language}`);
      byLanguage.set(language, account);
    }
  }, 120_000);

  afterAll(async () => {
    await e2e?.close();
  });

  it('counts a new alarm on the bell live, acknowledges it with a note and clears it by hand', async () => {
    const page = await e2e.newPage(DESKTOP, 'pt');
    await signInAs(page, owner);
    const alarms = new AlarmsPage(page);
    await alarms.bell().waitFor();
    expect(await alarms.bellCount()).toBe(0);

    // 31 minutes later the silo scale (threshold 30 min) is silent: the job raises one alarm and the
    // live channel tells the open tab, long before the bell's once-a-minute fallback read.
    e2e.portal.advanceClock(31 * MINUTE);
    advanced += 31 * MINUTE;
    await e2e.portal.services.alarmsJob.runOnce();
    await expect.poll(() => alarms.bellCount(), { timeout: 15_000 }).toBe(1);
    const [raised] = (await alarmsOf(owner)).alarmes;
    expect(raised).toMatchObject({ tipo: 'sem_dados', severidade: 'alerta', estado: 'aberto', nucleo_id: farm.id });

    await alarms.openBell();
    expect(await alarms.bellItems().count()).toBe(1);
    const item = alarms.bellItems().first();
    expect(await item.getByTestId('alarm-severity').textContent()).toBe(text('pt', 'alarms.severidades.alerta'));
    expect(await item.textContent()).toContain(ALARM_TITLES.pt.sem_dados);
    expect(await item.textContent()).toContain('(limite 30 min)');
    await e2e.screenshot(page, 'alarms-bell-pt-desktop');

    await alarms.seeAllFromBell();
    const row = alarms.row(raised!.id);
    await row.waitFor();
    expect(await row.getAttribute('data-estado')).toBe('aberto');
    expect(await row.getByTestId('alarm-target').textContent()).toContain('Granja Sino');
    await alarms.act(raised!.id, 'ack', 'Trocando a bateria');
    await expect.poll(() => row.getAttribute('data-estado')).toBe('reconhecido');
    expect(await row.getByTestId('alarm-history-ack').textContent()).toContain('Ana Operadora');
    expect(await row.getByTestId('alarm-history-note').textContent()).toContain('Trocando a bateria');
    await expect.poll(() => alarms.bellCount()).toBe(0);
    expect((await alarmsOf(owner)).alarmes[0]).toMatchObject({ estado: 'reconhecido', obs: 'Trocando a bateria' });
    await e2e.screenshot(page, 'alarms-acknowledged-pt-desktop');

    await alarms.act(raised!.id, 'clear', 'Bateria trocada');
    await page.getByTestId('alarm-empty').waitFor();
    await alarms.filterEstado(text('pt', 'alarms.filters.estados.encerrado'));
    await expect.poll(() => row.getAttribute('data-estado')).toBe('encerrado');
    expect(await row.getByTestId('alarm-history-cleared').textContent()).toContain('Ana Operadora');
    expect(await alarmsOf(owner, 'encerrado')).toMatchObject({ abertos: 0, alarmes: [{ id: raised!.id, obs: 'Bateria trocada' }] });
    expect(e2e.consoleErrors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('saves a threshold of the account and a farm of its own on the rules screen, refusing one out of range', async () => {
    const page = await e2e.newPage(PHONE, 'pt');
    await signInAs(page, owner);
    const alarms = new AlarmsPage(page);
    await alarms.gotoRules();
    const rules = async () => (await e2e.portal.request<AlarmeRegrasResponse>('GET', '/api/getalarmeregras', { token: owner.token })).body;

    await alarms.threshold('sem_dados.minutos_silo').fill('0');
    await page.getByTestId('rules-account').getByTestId('rules-save').click();
    await page.getByTestId('rules-account').getByText(text('pt', 'records.form.checkFields')).waitFor();
    expect((await rules()).personalizado).toBe(false);

    await alarms.threshold('sem_dados.minutos_silo').fill('45');
    await page.getByTestId('rules-account').getByTestId('rules-save').click();
    await expect.poll(async () => (await rules()).padrao.sem_dados.minutos_silo).toBe(45);
    expect((await rules()).personalizado).toBe(true);
    await page.getByTestId('rules-default').waitFor({ state: 'detached' });

    await page.getByTestId('rules-add-farm').click();
    await page.getByRole('option', { name: 'Granja Sino' }).click();
    await page.getByTestId('rules-add').click();
    const own = page.getByTestId('rules-farm-new');
    await alarms.threshold('balancas_divergentes.pct', own).fill('10');
    await own.getByTestId('rules-save').click();
    await expect.poll(async () => (await rules()).nucleos.map((entry) => [entry.nucleo_id, entry.regras.balancas_divergentes.pct])).toEqual([[farm.id, 10]]);
    await page.locator(`[data-testid="rules-farm"][data-nucleo-id="${farm.id}"]`).waitFor();
    expect(await alarms.overflow()).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'alarm-rules-pt-phone');
    expect(e2e.consoleErrors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('shows the bell, the alarms and the rules in PT, EN and ES on a desktop and a phone', async () => {
    // Every language's silo scale is silent by now (the first test moved the clock 31 minutes).
    await e2e.portal.services.alarmsJob.runOnce();
    for (const language of LANGUAGES) {
      const account = byLanguage.get(language)!;
      expect((await alarmsOf(account)).abertos).toBe(1);
      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, language);
        await signInAs(page, account);
        const alarms = new AlarmsPage(page);
        await expect.poll(() => alarms.bellCount()).toBe(1);
        await alarms.openBell();
        expect(await alarms.bellItems().first().textContent()).toContain(ALARM_TITLES[language].sem_dados);
        await e2e.screenshot(page, `alarms-bell-${language}-${width}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('alarm-bell-list').waitFor({ state: 'hidden' });

        await alarms.goto();
        await alarms.rows().first().waitFor();
        expect(await page.getByTestId('page-title').textContent()).toBe(text(language, 'screens.alarms.title'));
        expect(await alarms.list().getAttribute('data-layout')).toBe(width === 'phone' ? 'cards' : 'table');
        expect(await alarms.rows().first().getByTestId('alarm-severity').textContent()).toBe(text(language, 'alarms.severidades.alerta'));
        // The sentence's words after the time of the last contact: "(limit 30 min)." as the language writes it.
        const silentDevice = { tipo: 'sem_dados' as const, detalhe: { ultimo_contato: '2030-01-01T00:00:00.000Z', limite_min: 30 }, alvo_nome: '' };
        const limit = describeAlarm(silentDevice, language, { number: String, dateTime: () => '|', date: () => '|' }).split('|')[1]!;
        expect(await alarms.rows().first().getByTestId('alarm-message').textContent()).toContain(limit);
        expect(await alarms.overflow()).toBeLessThanOrEqual(0);
        await e2e.screenshot(page, `alarms-list-${language}-${width}`);

        await alarms.gotoRules();
        expect(await page.getByTestId('page-title').textContent()).toBe(text(language, 'screens.alarmRules.title'));
        expect(await alarms.overflow()).toBeLessThanOrEqual(0);
        await e2e.screenshot(page, `alarm-rules-${language}-${width}`);

        await new ProfilePage(page).goto();
        await alarms.preferences().getByTestId('alarm-preferences-save').waitFor();
        expect(await alarms.overflow()).toBeLessThanOrEqual(0);
        await saveScreenshot(alarms.preferences(), { path: `${process.env.ALARM_SHOTS ?? '/tmp/f-shots'}/alarm-preferences-${language}-${width}.png` });
        await page.context().close();
      }
    }
    expect(e2e.consoleErrors).toEqual([]);
  }, 300_000);

  it('sends the morning digest at the time chosen on the profile page, read from the outbox', async () => {
    const page = await e2e.newPage(DESKTOP, 'pt');
    await signInAs(page, owner);
    // The rules test moved the silo threshold to 45 min: 15 more minutes of silence raise the
    // scale's alarm again (it was cleared by hand), and the digest lists it.
    e2e.portal.advanceClock(15 * MINUTE);
    advanced += 15 * MINUTE;
    await e2e.portal.services.alarmsJob.runOnce();
    expect((await alarmsOf(owner)).abertos).toBe(1);
    await new ProfilePage(page).goto();
    const card = new AlarmsPage(page).preferences();
    await card.getByTestId('alarm-preferences-save').waitFor();
    // The user's local time on the portal's clock, a minute ago: the digest is due at the next run.
    const now = localTime(owner);
    await card.getByTestId('field-resumo_hora').fill(now);
    await card.getByTestId('alarm-preferences-save').click();
    await expect
      .poll(async () => (await e2e.portal.request('GET', '/api/getalarmepreferencias', { token: owner.token })).body.resumo_hora)
      .toBe(now);
    const before = e2e.portal.outbox().length;
    await e2e.portal.services.alarmsJob.runOnce();
    const sent = e2e.portal.outbox().slice(before);
    // The subject is MIME-encoded; the body (plain UTF-8) says what this mail is.
    const digests = sent.filter((mail) => mail.includes('Você recebe este resumo'));
    expect(digests).toHaveLength(1);
    expect(digests[0]).toContain(owner.email);
    expect(digests[0]).toContain('#/alarmes');
    expect(digests[0]).toContain('Alarmes abertos');
    expect(digests[0]).toContain('Silo 1');
    expect(e2e.consoleErrors).toEqual([]);
    await page.context().close();
  }, 120_000);

  /** HH:MM a minute before the portal's now, in the account's timezone (hours from UTC). */
  function localTime(account: TestAccount): string {
    return new Date(Date.now() + advanced + account.user.timezone * 3_600_000 - MINUTE).toISOString().slice(11, 16);
  }
});
