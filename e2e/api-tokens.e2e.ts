import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Nucleo } from '@portal/shared';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createNucleo, grantAccess } from '../packages/server/src/test/factories/farms.js';
import { ApiTokensPage } from './pages/ApiTokensPage.js';
import { AppMenu } from './pages/AppMenu.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { signInAs } from './support/session.js';

type Language = 'pt' | 'en' | 'es';
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;
type Width = keyof typeof VIEWPORTS;

/**
 * API tokens in the browser (issue 21): an owner creates a token on the tokens screen, sees it
 * once (a reload shows only its first characters), a machine client (this test, with fetch) reads
 * with it and is refused a write, and once revoked the token is refused altogether. A grantee
 * acting for the owner gets the owner-only explanation instead of the form. Every language, at
 * desktop and phone (390 px) width.
 */
describe('API tokens: create, shown once, use, revoke', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** What a machine client does: a call with the token as bearer, no cookie, no session. */
  async function callWith(token: string, name: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}) {
    const response = await fetch(`${e2e.portal.baseUrl}/api/${name}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = (await response.json().catch(() => null)) as unknown;
    return { status: response.status, body };
  }

  /** The whole screen (the viewport stretched to the page first), with earlier notifications gone unless kept. */
  async function shot(page: Page, name: string, language: Language, width: Width) {
    await page.waitForTimeout(300);
    const size = page.viewportSize() ?? VIEWPORTS[width];
    const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
    if (height > size.height) await page.setViewportSize({ width: size.width, height: Math.min(height, 4000) });
    await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/api-tokens-${name}-${language}-${width}.png` });
    if (height > size.height) await page.setViewportSize(size);
  }

  async function ownerWithFarms(language: Language): Promise<{ account: TestAccount; farms: Nucleo[] }> {
    const account = await createAccount(e2e.portal, { language });
    const farms = [await createNucleo(e2e.portal, account, { nome: `Granja Norte ${language}` }), await createNucleo(e2e.portal, account, { nome: `Granja Sul ${language}` })];
    return { account, farms };
  }

  for (const [language, width] of [
    ['pt', 'desktop'],
    ['en', 'phone'],
    ['es', 'desktop'],
    ['pt', 'phone'],
    ['es', 'phone'],
  ] as const) {
    it(`creates a read token, shows it once, reads with it, is refused a write, revokes it (${language}, ${width})`, async () => {
      const { account, farms } = await ownerWithFarms(language);
      const page = await e2e.newPage(VIEWPORTS[width], language);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInAs(page, account);
      const tokens = new ApiTokensPage(page);

      // The menu leads there, after the keys.
      const menu = new AppMenu(page);
      await menu.open();
      expect(await menu.reveal('apiTokens')).toBe(true);
      expect((await menu.entry('apiTokens').textContent())?.trim()).toBe(text(language, 'menu.apiTokens'));
      await menu.entry('apiTokens').click();
      await page.waitForURL(/#\/tokens$/);
      await tokens.settled();
      expect(await tokens.title().textContent()).toBe(text(language, 'screens.apiTokens.title'));
      expect(await tokens.empty().textContent()).toContain(text(language, 'apiTokens.list.emptyTitle'));
      await shot(page, 'empty', language, width);

      // A name is required: the form says so on its input, and nothing is created.
      await tokens.addButton().click();
      await tokens.submit();
      await expect.poll(() => page.getByText(text(language, 'errors.FIELD_REQUIRED')).count()).toBeGreaterThan(0);
      await page.getByTestId('token-cancel').click();
      await tokens.modal().waitFor({ state: 'detached' });

      await tokens.fillForm({ nome: `ERP Integradora ${language}`, escopo: 'leitura' });
      await shot(page, 'form', language, width);
      await tokens.submit();
      await tokens.created().waitFor();
      const token = await tokens.tokenValue().inputValue();
      expect(token).toMatch(/^pat_\S{20,}$/);
      expect(await tokens.curl().textContent()).toBe(`curl -H "Authorization: Bearer ${token}" "${e2e.portal.baseUrl}/api/getnucleo"`);
      expect(await tokens.created().textContent()).toContain(text(language, 'apiTokens.created.once'));
      await page.getByTestId('token-value-copy').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await page.getByTestId('token-curl-copy').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`Bearer ${token}`);
      await shot(page, 'created', language, width);
      await tokens.closeCreated();

      const row = tokens.row(`ERP Integradora ${language}`);
      await row.waitFor();
      expect(await tokens.list().getAttribute('data-layout')).toBe(width === 'phone' ? 'cards' : 'table');
      expect(await row.getAttribute('data-state')).toBe('ativo');
      expect(await row.getByTestId('token-prefix').textContent()).toBe(`${token.slice(0, 8)}…`);
      expect(await row.getByTestId('token-farms').textContent()).toBe(text(language, 'apiTokens.list.allFarms'));
      expect(await row.getByTestId('token-last-use').textContent()).toBe(text(language, 'apiTokens.list.neverUsed'));

      // Shown once: after a reload the page holds its first characters only.
      await page.reload();
      await tokens.settled();
      await tokens.row(`ERP Integradora ${language}`).waitFor();
      expect(await page.content()).not.toContain(token);
      expect(await tokens.tokenValue().count()).toBe(0);

      // A machine client reads with it, and is refused a write.
      const read = await callWith(token, 'getnucleo');
      expect(read.status).toBe(200);
      expect((read.body as Nucleo[]).map((farm) => farm.id).sort()).toEqual(farms.map((farm) => farm.id).sort());
      const write = await callWith(token, 'registernucleo', { method: 'POST', body: { nome: 'Granja do robô', cidade: 'Chapecó', estado: 'SC', pais: 'Brasil', aviarios: [] } });
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({ code: 'TOKEN_SCOPE' });

      // Its use shows in the list.
      await page.reload();
      await tokens.settled();
      await expect.poll(() => tokens.row(`ERP Integradora ${language}`).getByTestId('token-last-use').textContent()).not.toBe(text(language, 'apiTokens.list.neverUsed'));
      if (width === 'phone') expect(await tokens.horizontalOverflow()).toBeLessThanOrEqual(0);
      await shot(page, 'list', language, width);

      // Revoking asks first; cancelling keeps it working.
      const question = await tokens.askRevoke(`ERP Integradora ${language}`);
      expect(await question.getByTestId('token-revoke-text').textContent()).toBe(text(language, 'apiTokens.revoke.question', { name: `ERP Integradora ${language}` }));
      await shot(page, 'revoke', language, width);
      await tokens.cancelRevoke();
      expect((await callWith(token, 'getnucleo')).status).toBe(200);

      await tokens.askRevoke(`ERP Integradora ${language}`);
      await tokens.confirmRevoke();
      await expect.poll(() => tokens.row(`ERP Integradora ${language}`).getAttribute('data-state')).toBe('revogado');
      expect(await tokens.row(`ERP Integradora ${language}`).getByTestId('token-state').textContent()).toBe(text(language, 'apiTokens.estado.revogado'));
      expect(await tokens.row(`ERP Integradora ${language}`).getByTestId('token-revoke').count()).toBe(0);
      await tokens.row(`ERP Integradora ${language}`).getByTestId('token-revoked-at').waitFor();
      const refused = await callWith(token, 'getnucleo');
      expect(refused.status).toBe(401);
      await shot(page, 'revoked', language, width);
      await page.context().close();
    });
  }

  it('limits a token to the farms chosen, with read and import, and an expiry (en, desktop)', async () => {
    const { account, farms } = await ownerWithFarms('en');
    const page = await e2e.newPage(DESKTOP, 'en');
    await signInAs(page, account);
    const tokens = new ApiTokensPage(page);
    await tokens.goto();

    // A last day in the past is refused on its input (the server decides, in the account's time zone).
    await tokens.fillForm({ nome: 'Importer', escopo: 'importacao', farms: [farms[1]!.nome], expira: '01/01/2020' });
    await tokens.submit();
    await expect.poll(() => tokens.modal().getByText(text('en', 'errors.FIELD_OUT_OF_RANGE')).count()).toBeGreaterThan(0);
    await tokens.field('expira_em').fill('31/12/2099');
    await shot(page, 'form-farms', 'en', 'desktop');
    await tokens.submit();
    await tokens.created().waitFor();
    const token = await tokens.tokenValue().inputValue();
    await tokens.closeCreated();

    const row = tokens.row('Importer');
    await row.waitFor();
    expect(await row.getByTestId('token-farms').textContent()).toBe(farms[1]!.nome);
    expect(await row.getByTestId('token-expiry').textContent()).toBe('31/12/2099');
    expect(await row.getByTestId('token-scope').textContent()).toBe(text('en', 'apiTokens.escopo.importacao'));

    const read = await callWith(token, 'getnucleo');
    expect(read.status).toBe(200);
    expect((read.body as Nucleo[]).map((farm) => farm.id)).toEqual([farms[1]!.id]);
    await shot(page, 'list-farms', 'en', 'desktop');
    await page.context().close();
  });

  for (const [language, width] of [
    ['pt', 'phone'],
    ['es', 'desktop'],
  ] as const) {
    it(`tells a grantee acting for the owner that tokens stay with their owner (${language}, ${width})`, async () => {
      const { account: owner } = await ownerWithFarms(language);
      const grantee = await createAccount(e2e.portal, { language, name: 'Técnico Convidado' });
      await grantAccess(e2e.portal, owner, grantee, 'gestao');
      const page = await e2e.newPage(VIEWPORTS[width], language);
      await signInAs(page, grantee);
      const tokens = new ApiTokensPage(page);
      await tokens.goto();
      await tokens.ownerOnly().waitFor();
      expect(await tokens.ownerOnly().textContent()).toContain(text(language, 'apiTokens.ownerOnly'));
      expect(await page.getByTestId('token-add').count()).toBe(0);
      await shot(page, 'owner-only', language, width);

      // Back to one's own data: the screen is theirs to use.
      await page.getByTestId('owner-only-self').click();
      await tokens.empty().waitFor();
      expect(await tokens.addButton().isVisible()).toBe(true);
      await page.context().close();
    });
  }
});
