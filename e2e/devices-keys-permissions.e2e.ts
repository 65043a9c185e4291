import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chave, Device, IntegracaoConfig, Permissao } from '@portal/shared';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice, uniqueSerial } from '../packages/server/src/test/factories/devices.js';
import { createNucleo, grantAccess } from '../packages/server/src/test/factories/farms.js';
import { createChave } from '../packages/server/src/test/factories/keys.js';
import { ConfigScreenPage } from './pages/ConfigScreenPage.js';
import { DevicesPages } from './pages/DevicesPages.js';
import { KeysPages } from './pages/KeysPages.js';
import { LoginPage } from './pages/LoginPage.js';
import { PermissionsPages } from './pages/PermissionsPages.js';
import { text } from './support/locales.js';
import { PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';

type Language = 'pt' | 'en';
const DESKTOP = { width: 1280, height: 800 };
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
type Width = keyof typeof VIEWPORTS;

/** Polls for up to 10 s (Vitest's default second is short for a page doing calls). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 10_000, interval: 100 });

describe('devices, keys, permissions and integration settings', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** A new account in `language`, signed in through the login page on a page of that size. */
  async function signIn(language: Language, width: Width, account?: TestAccount): Promise<{ page: Page; account: TestAccount }> {
    const page = await e2e.newPage(VIEWPORTS[width], language);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const who = account ?? (await createAccount(e2e.portal, { language }));
    const login = new LoginPage(page);
    await login.goto();
    await login.login(who.email, who.password);
    await page.waitForURL(/#\/dashboard$/);
    return { page, account: who };
  }

  const api = <T>(account: TestAccount, method: 'GET' | 'POST', path: string, body?: unknown) =>
    e2e.portal.request<T>(method, path, { token: account.token, body });

  /**
   * The whole screen: the viewport is stretched to the page's height first (a full-page capture
   * would leave the fixed header and the sticky save bar where the viewport ended), and the
   * notifications of earlier steps are closed.
   */
  async function shot(page: Page, feature: string, screen: string, language: Language, width: Width) {
    for (const close of await page.locator('.mantine-Notification-root button').all()) await close.click().catch(() => undefined);
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' }).catch(() => undefined);
    // Animations (segmented control, drawer) settle before the picture.
    await page.waitForTimeout(300);
    const size = page.viewportSize() ?? VIEWPORTS[width];
    const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
    if (height > size.height) await page.setViewportSize({ width: size.width, height: Math.min(height, 4000) });
    await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/${feature}-${screen}-${language}-${width}.png` });
    if (height > size.height) await page.setViewportSize(size);
  }

  for (const [language, width] of [
    ['pt', 'desktop'],
    ['en', 'phone'],
    ['en', 'desktop'],
    ['pt', 'phone'],
  ] as const) {
    it(`device full cycle: register a CS with chip id, credentials once, list with icon, edit, new password, delete (${language}, ${width})`, async () => {
      const { page, account } = await signIn(language, width);
      const farm = await createNucleo(e2e.portal, account, { nome: `Granja Esperança ${language}-${width}` });
      const devices = new DevicesPages(page);

      await devices.gotoList();
      expect(await page.getByTestId('record-empty').textContent()).toContain(text(language, 'devices.list.emptyTitle'));
      await shot(page, 'devices', 'list-empty', language, width);

      await page.getByTestId('record-add').click();
      await page.waitForURL(/#\/addbalanca$/);
      await page.locator('[data-testid="device-model-option"]').first().waitFor();
      expect(await page.getByTestId('device-model-option').count()).toBe(18);
      expect(await page.locator('[data-testid="device-model-option"][data-model="CS"] img').getAttribute('alt')).toBe('CS');
      await shot(page, 'devices', 'add-models', language, width);

      await devices.chooseModel('CS');
      // A live model: the chip id is required, and the screen says why.
      expect(await page.getByText(text(language, 'devices.form.chipIdLive')).count()).toBe(1);
      const serial = uniqueSerial('CS');
      await devices.field('serie').fill(serial);
      await devices.save();
      await poll(() => devices.fieldError('chip_id').textContent()).toBe(text(language, 'errors.CHIP_ID_REQUIRED'));
      expect(await devices.credentials().count()).toBe(0);

      // A failed registration (serial taken by another account) stays on the form with the error.
      const other = await createAccount(e2e.portal);
      const taken = await createDevice(e2e.portal, other, { modelo: 'CS' });
      await devices.field('serie').fill(taken.serie);
      await devices.field('chip_id').fill('ESP32-A7');
      await devices.save();
      await poll(() => devices.fieldError('serie').textContent()).toBe(text(language, 'errors.DEVICE_ALREADY_REGISTERED'));
      expect(page.url()).toMatch(/#\/addbalanca$/);
      expect(await devices.credentials().count()).toBe(0);

      await devices.field('serie').fill(serial);
      await devices.field('versao').fill('2.4.1');
      await devices.field('nome').fill('Balança aviário 1');
      await devices.choose('nucleo_id', farm.nome);
      await devices.choose('aviario_id', farm.aviarios[0]!.nome);
      await devices.field('obs').fill('Instalada no lado A');
      await shot(page, 'devices', 'add-form', language, width);
      await devices.save();

      const credential = await devices.readCredentials();
      expect(credential.usuario).not.toBe('');
      expect(credential.senha.length).toBeGreaterThanOrEqual(16);
      expect(await page.getByTestId('credentials-warning').textContent()).toContain(text(language, 'devices.credentials.once'));
      await page.getByTestId('credential-password-copy').click();
      await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(credential.senha);
      await shot(page, 'devices', 'credentials', language, width);
      await devices.closeCredentials();

      await page.waitForURL(/#\/balancas\/\d+$/);
      const id = Number(/balancas\/(\d+)$/.exec(page.url())?.[1]);
      const stored = (await api<Device>(account, 'GET', `/api/getdevice?id=${id}`)).body;
      expect(stored).toMatchObject({ modelo: 'CS', serie: serial, chip_id: 'ESP32-A7', versao: '2.4.1', nome: 'Balança aviário 1', nucleo_id: farm.id, aviario_id: farm.aviarios[0]!.id });
      // The password is never shown again: not on the device's page, nor in its connection card.
      await page.getByTestId('conn-user').waitFor();
      expect(await page.getByTestId('conn-user').inputValue()).toBe(credential.usuario);
      expect(await page.content()).not.toContain(credential.senha);
      expect(await page.getByTestId('device-last-contact').getAttribute('data-state')).toBe('never');
      await shot(page, 'devices', 'detail', language, width);

      // The list shows it with its model's icon, and 'never connected'.
      await devices.gotoList();
      const row = devices.row(id);
      await row.waitFor();
      expect(await row.locator('img[data-testid="device-icon"]').getAttribute('alt')).toBe('CS');
      expect(await row.locator('img[data-testid="device-icon"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await row.textContent()).toContain('Balança aviário 1');
      expect(await row.getByTestId('device-last-contact').filter({ visible: true }).textContent()).toBe(text(language, 'devices.contact.never'));
      if (width === 'desktop') {
        expect(await row.textContent()).toContain(serial);
        expect(await row.textContent()).toContain('2.4.1');
        expect(await row.textContent()).toContain(farm.nome);
      }

      // Filter by model.
      await createDevice(e2e.portal, account, { modelo: 'COLETOR', nome: 'Coletor do galpão' });
      await page.reload();
      await poll(() => devices.rows().count()).toBe(2);
      await devices.filterModel('COLETOR');
      await poll(() => devices.rows().count()).toBe(1);
      expect(await devices.rows().first().textContent()).toContain('Coletor do galpão');
      await shot(page, 'devices', 'list', language, width);
      expect(await devices.horizontalOverflow()).toBeLessThanOrEqual(0);
      await page.goto('/#/balancas');
      await poll(() => devices.rows().count()).toBe(2);

      // Edit the name.
      await row.locator('a').first().click();
      await page.waitForURL(new RegExp(`#/balancas/${id}$`));
      await devices.field('nome').fill('Balança aviário 1 lado B');
      await devices.save();
      await devices.notified(text(language, 'feedback.done'));
      await poll(async () => (await api<Device>(account, 'GET', `/api/getdevice?id=${id}`)).body.nome).toBe('Balança aviário 1 lado B');
      expect(await devices.field('modelo').getAttribute('readonly')).not.toBeNull();
      expect(await devices.field('serie').getAttribute('readonly')).not.toBeNull();

      // A new password, asked first, shown once.
      await page.getByTestId('device-renew').click();
      await page.getByTestId('renew-confirm').click();
      const renewed = await devices.readCredentials();
      expect(renewed.usuario).toBe(credential.usuario);
      expect(renewed.senha).not.toBe(credential.senha);
      await devices.closeCredentials();

      // Delete through the confirmation dialog.
      await page.getByTestId('record-delete').click();
      expect(await page.getByTestId('confirm-text').textContent()).toContain('Balança aviário 1 lado B');
      await page.getByTestId('confirm-cancel').click();
      expect((await api(account, 'GET', `/api/getdevice?id=${id}`)).status).toBe(200);
      await page.getByTestId('record-delete').click();
      await devices.confirmDelete();
      await devices.notified(text(language, 'feedback.deleted'));
      await page.waitForURL(/#\/balancas$/);
      expect((await api(account, 'GET', `/api/getdevice?id=${id}`)).status).toBe(404);
      await poll(() => devices.rows().count()).toBe(1);
    });
  }

  it('a device key: created and shown once, registers a device from a second account into the first, and the history shows it', async () => {
    const owner = await signIn('pt', 'desktop');
    const keys = new KeysPages(owner.page);
    await keys.gotoList();
    await keys.page.getByTestId('record-add').click();
    await keys.field('descricao').waitFor();
    const { id: keyId, chave } = await keys.create('Instalador João');
    expect(chave).toMatch(/^[A-Z2-7]{21}$/);
    expect(await keys.page.getByTestId('key-link').inputValue()).toMatch(new RegExp(`#/d/${chave}$`));
    await keys.page.getByTestId('key-value-copy').click();
    await poll(() => keys.page.evaluate(() => navigator.clipboard.readText())).toBe(chave);

    // Shown once: a reload, or the list, never show it again.
    await keys.page.reload();
    await keys.field('descricao').waitFor();
    expect(await keys.page.getByTestId('key-revealed').count()).toBe(0);
    expect(await keys.page.content()).not.toContain(chave);
    const listed = (await api<Chave[]>(owner.account, 'GET', '/api/getchave')).body;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(chave);
    await keys.gotoList();
    const keyRow = keys.row(keyId);
    expect(await keyRow.getByTestId('key-start').textContent()).toBe(`${chave.slice(0, listed[0]!.inicio.length)}…`);

    // A second account opens the link: the device lands in the first account.
    const installer = await signIn('en', 'phone');
    const devices = new DevicesPages(installer.page);
    await devices.gotoAdd(chave);
    expect(await installer.page.getByTestId('device-key-notice').textContent()).toContain(text('en', 'devices.key.notice'));
    await devices.chooseModel('SEQ');
    const serial = uniqueSerial('SEQ');
    await devices.field('serie').fill(serial);
    expect(await devices.field('nucleo_id').count()).toBe(0);
    await devices.save();
    await devices.readCredentials();
    await devices.closeCredentials();
    await installer.page.getByTestId('device-key-done').waitFor();
    const ownerDevices = (await api<Device[]>(owner.account, 'GET', '/api/getdevice')).body;
    expect(ownerDevices.map((device) => device.serie)).toContain(serial);
    expect((await api<Device[]>(installer.account, 'GET', '/api/getdevice')).body).toEqual([]);

    // A key that is well formed but not valid: the translated refusal, and the form stays.
    await devices.gotoAdd('AAAAAAAAAAAAAAAAAAAAA');
    await devices.chooseModel('SEQ');
    await devices.field('serie').fill(uniqueSerial('SEQ'));
    await devices.save();
    await poll(() => devices.message().textContent()).toBe(text('en', 'errors.KEY_INVALID'));
    expect(await devices.credentials().count()).toBe(0);
    // A malformed key is refused before anything is typed.
    await devices.gotoAdd('abc123');
    expect(await installer.page.getByTestId('device-key-invalid').textContent()).toContain(text('en', 'errors.KEY_INVALID'));

    // The owner's history: the registration, with the installer's e-mail, newest first.
    await keys.gotoList();
    await keys.page.getByTestId('keys-history').click();
    await keys.page.waitForURL(/#\/chaves\/historico$/);
    await keys.rows().first().waitFor();
    const use = keys.rows().first();
    const action = use.getByTestId('key-use-action').filter({ visible: true });
    expect(await action.getAttribute('data-action')).toBe('dispositivo_registrado');
    expect(await action.textContent()).toBe(text('pt', 'keys.acao.dispositivo_registrado'));
    expect(await use.textContent()).toContain(installer.account.email);
    expect(await use.textContent()).toContain(serial);
    expect(await use.textContent()).toContain('Instalador João');
    // Filtered by another key: nothing yet.
    const second = await createChave(e2e.portal, owner.account, { descricao: 'Integração ERP', escopo: 'integracao' });
    await keys.gotoHistory(second.id);
    await keys.page.getByTestId('record-empty').waitFor();
    await keys.gotoHistory(keyId);
    await poll(() => keys.rows().count()).toBe(1);
  });

  it('a permission: errors keep the form, the grantee picks the owner and sees its farm read-only, then the grant is changed and removed', async () => {
    const owner = await signIn('pt', 'desktop');
    const farm = await createNucleo(e2e.portal, owner.account, { nome: 'Granja Boa Vista' });
    await createNucleo(e2e.portal, owner.account, { nome: 'Granja Santa Luzia' });
    const grantee = await createAccount(e2e.portal, { language: 'en', name: 'Vet Helena' });
    const permissions = new PermissionsPages(owner.page);

    await permissions.gotoList();
    await owner.page.getByTestId('record-add').click();
    await permissions.field('email').waitFor();
    await permissions.field('email').fill(`nobody-${Date.now()}@example.test`);
    await permissions.save();
    await poll(() => permissions.fieldError('email').textContent()).toBe(text('pt', 'errors.USER_NOT_FOUND'));
    expect(owner.page.url()).toMatch(/#\/permissoes\/add$/);
    await permissions.field('email').fill(owner.account.email);
    await permissions.save();
    await poll(() => permissions.fieldError('email').textContent()).toBe(text('pt', 'errors.PERMISSION_SELF'));
    expect(owner.page.url()).toMatch(/#\/permissoes\/add$/);

    await permissions.field('email').fill(grantee.email);
    await permissions.level('leitura');
    await permissions.scope('nucleos');
    await permissions.save();
    await poll(() => permissions.fieldError('nucleos').textContent()).toBe(text('pt', 'errors.FIELD_REQUIRED'));
    await permissions.scope('nucleos', [farm.nome]);
    await permissions.save();
    await owner.page.waitForURL(/#\/permissoes\/\d+$/);
    await permissions.notified(text('pt', 'feedback.registered'));
    expect((await api<Permissao[]>(owner.account, 'POST', '/api/permissoes', {})).body).toMatchObject([
      { email: grantee.email, nivel: 'leitura', nucleos: [{ id: farm.id, nome: farm.nome }] },
    ]);
    await permissions.gotoList();
    const grantRow = permissions.row(grantee.user.id);
    expect(await grantRow.getByTestId('nivel-badge').textContent()).toBe(text('pt', 'permissions.nivel.leitura'));
    expect(await grantRow.getByTestId('grant-scope').textContent()).toBe(farm.nome);

    // The grantee: the owner in its picker, the owner's farm read-only.
    const guest = await signIn('en', 'phone', grantee);
    const guestPermissions = new PermissionsPages(guest.page);
    await guestPermissions.gotoList();
    await guestPermissions.grantedOwners().first().waitFor();
    expect(await guestPermissions.grantedOwners().first().textContent()).toContain(owner.account.email);
    await guest.page.goto('/#/nucleos');
    await guest.page.getByTestId('owner-picker').click();
    await guest.page.getByRole('option').filter({ hasText: owner.account.user.name }).click();
    await guest.page.getByTestId('owner-read-only').waitFor();
    await guest.page.getByTestId('record-row').first().waitFor();
    expect(await guest.page.getByTestId('record-row').count()).toBe(1);
    expect(await guest.page.getByTestId('record-row').first().textContent()).toContain(farm.nome);
    expect(await guest.page.getByTestId('record-add').count()).toBe(0);
    await guest.page.getByTestId('record-row').first().locator('a').first().click();
    await guest.page.getByTestId('record-form').waitFor();
    expect(await guest.page.getByTestId('record-save').count()).toBe(0);
    expect(await guest.page.getByTestId('field-nome').isDisabled()).toBe(true);
    // Keys and integration settings stay with their owner, explained.
    await guest.page.goto('/#/integracao');
    await guest.page.getByTestId('owner-only').waitFor();
    await guest.page.goto('/#/chaves');
    await guest.page.getByTestId('owner-only').waitFor();
    await guest.page.getByTestId('owner-only-self').click();
    await guest.page.getByTestId('record-empty').waitFor();

    // The owner changes the grant, then removes it through the confirmation dialog.
    await grantRow.locator('a').first().click();
    await owner.page.waitForURL(new RegExp(`#/permissoes/${grantee.user.id}$`));
    await permissions.level('gestao');
    await permissions.scope('todos');
    await permissions.save();
    await permissions.notified(text('pt', 'feedback.done'));
    expect((await api<Permissao[]>(owner.account, 'POST', '/api/permissoes', {})).body).toMatchObject([{ nivel: 'gestao', nucleos: null }]);
    await owner.page.getByTestId('permission-remove').click();
    await permissions.confirmDelete();
    await permissions.notified(text('pt', 'feedback.deleted'));
    await owner.page.waitForURL(/#\/permissoes$/);
    await owner.page.getByTestId('record-empty').waitFor();
    expect((await api<Permissao[]>(owner.account, 'POST', '/api/permissoes', {})).body).toEqual([]);
  });

  it('integration settings: create, edit keeping the password, delete; the password is never shown', async () => {
    const { page, account } = await signIn('pt', 'phone');
    const screen = new ConfigScreenPage(page, 'integracao');
    await screen.goto();
    await screen.openAdd();
    await screen.field('nome').fill('ERP da integradora');
    await screen.field('sistema').fill('TOTVS');
    await screen.field('endpoint').fill('ftp://erp.example.test');
    await screen.field('usuario').fill('granja01');
    await screen.field('senha').fill('segredo-123');
    await screen.schedule('diaria');
    await screen.field('hora').fill('0630');
    expect(await screen.field('hora').inputValue()).toBe('06:30');
    await screen.saveForm();
    await poll(() => screen.fieldError('endpoint').textContent()).toBe(text('pt', 'errors.URL_INVALID'));
    expect(await screen.form().getByText(text('pt', 'errors.FIELD_REQUIRED'), { exact: true }).count()).toBe(1);
    await screen.field('endpoint').fill('https://erp.example.test/api');
    await screen.tick('lotes');
    await screen.tick('pesagens');
    await screen.saveForm();
    await screen.notified(text('pt', 'feedback.registered'));
    await screen.form().waitFor({ state: 'detached' });
    // The signing secret is shown once (integrations.e2e.ts covers it).
    await screen.closeSecret();
    const card = screen.cards().first();
    expect(await card.getByTestId('config-password-stored').getAttribute('data-stored')).toBe('true');
    expect(await card.textContent()).toContain('06:30');
    const stored = (await api<IntegracaoConfig[]>(account, 'GET', '/api/getintegracao_config')).body;
    expect(stored).toMatchObject([{ nome: 'ERP da integradora', sistema: 'TOTVS', agenda: 'diaria', hora: '06:30', dados: ['lotes', 'pesagens'], senha_definida: true }]);
    expect(JSON.stringify(stored)).not.toContain('segredo-123');
    expect(await page.content()).not.toContain('segredo-123');

    // Edit: the password field starts empty; left empty, the stored one is kept.
    await card.getByTestId('config-edit').click();
    await screen.form().waitFor();
    expect(await screen.field('senha').inputValue()).toBe('');
    expect(await page.content()).not.toContain('segredo-123');
    await screen.field('nome').fill('ERP principal');
    await screen.saveForm();
    await screen.notified(text('pt', 'feedback.done'));
    await expect
      .poll(async () => (await api<IntegracaoConfig[]>(account, 'GET', '/api/getintegracao_config')).body[0])
      .toMatchObject({ nome: 'ERP principal', senha_definida: true });

    await screen.cards().first().getByTestId('config-delete').click();
    await screen.confirmDelete();
    await screen.notified(text('pt', 'feedback.deleted'));
    await page.getByTestId('record-empty').waitFor();
    expect((await api<IntegracaoConfig[]>(account, 'GET', '/api/getintegracao_config')).body).toEqual([]);
  });

  for (const language of ['pt', 'en'] as const) {
    for (const width of ['desktop', 'phone'] as const) {
      it(`keys, permissions, integration and Mtech screens look finished (${language}, ${width})`, async () => {
        const { page, account } = await signIn(language, width);
        const farm = await createNucleo(e2e.portal, account, { nome: 'Granja São Bento' });
        await createNucleo(e2e.portal, account, { nome: 'Granja Água Limpa' });
        const friend = await createAccount(e2e.portal, { name: 'Carla Técnica', company: 'Avícola Serrana' });
        await grantAccess(e2e.portal, account, friend, 'leitura', [farm.id]);
        await grantAccess(e2e.portal, friend, account, 'gestao');
        const chave = await createChave(e2e.portal, account, { descricao: 'Instalador da granja', validade: '2030-12-31' });
        const installer = await createAccount(e2e.portal);
        await api(installer, 'POST', '/api/registerdevice', { modelo: 'CS', serie: uniqueSerial('CS'), chip_id: 'ESP32-B2', chave: chave.chave });
        await createChave(e2e.portal, account, { descricao: 'Leitura do ERP', escopo: 'integracao', ativa: false });
        await api(account, 'POST', '/api/register_config_mtech', {
          nome: 'Mtech da empresa',
          empresa: 'EMP-042',
          endpoint: 'https://api.mtech.example.test/v2',
          usuario: 'integra',
          senha: 'outro-segredo-9',
          agenda: 'horaria',
          dados: ['nucleos', 'lotes', 'pesagens', 'mortalidade'],
        });
        const overflow: Record<string, number> = {};
        const check = async (name: string) => {
          overflow[name] = await new KeysPages(page).horizontalOverflow();
        };

        const keys = new KeysPages(page);
        await keys.gotoList();
        await poll(() => keys.rows().count()).toBe(2);
        await shot(page, 'keys', 'list', language, width);
        await check('keys-list');
        await keys.gotoAdd();
        await shot(page, 'keys', 'add', language, width);
        await check('keys-add');
        await keys.create(language === 'pt' ? 'Chave do técnico' : "Technician's key");
        await shot(page, 'keys', 'created', language, width);
        await check('keys-created');
        await keys.gotoHistory();
        await keys.rows().first().waitFor();
        await shot(page, 'keys', 'history', language, width);
        await check('keys-history');

        const permissions = new PermissionsPages(page);
        await permissions.gotoList();
        await permissions.grantedOwners().first().waitFor();
        await shot(page, 'permissions', 'list', language, width);
        await check('permissions-list');
        await permissions.gotoAdd();
        await permissions.scope('nucleos');
        await shot(page, 'permissions', 'add', language, width);
        await check('permissions-add');
        await page.goto(`/#/permissoes/${friend.user.id}`);
        await permissions.field('email').waitFor();
        await shot(page, 'permissions', 'user', language, width);
        await check('permissions-user');

        for (const route of ['integracao', 'mtech'] as const) {
          const screen = new ConfigScreenPage(page, route);
          await screen.goto();
          await shot(page, 'settings', `${route}-list`, language, width);
          await check(`${route}-list`);
          if (route === 'mtech') await screen.cards().first().getByTestId('config-edit').click();
          else await screen.openAdd();
          await screen.form().waitFor();
          await screen.schedule('diaria');
          await shot(page, 'settings', `${route}-form`, language, width);
        }
        expect(Object.entries(overflow).filter(([, pixels]) => pixels > 0)).toEqual([]);
      });
    }
  }
});
