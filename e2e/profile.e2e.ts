import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppMenu } from './pages/AppMenu.js';
import { ProfilePage } from './pages/ProfilePage.js';
import { text } from './support/locales.js';
import { PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

describe('profile and language', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('opens the profile from the user block popover', async () => {
    const page = await e2e.newPage();
    await signedIn(e2e, page);
    await page.getByTestId('menu-user').click();
    await page.getByTestId('menu-profile-link').click();
    await page.waitForURL(/#\/perfil$/);
    await expect.poll(() => new AppMenu(page).pageTitle().textContent()).toBe(text('pt', 'screens.profile.title'));
  });

  it('saves name, company, CSV separator, timezone and reports language', async () => {
    const page = await e2e.newPage();
    const account = await signedIn(e2e, page);
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.field('name').fill('Joana Avicultora');
    await profile.field('company').fill('Granja Santa Rita');
    await profile.choose('separator', ',');
    await profile.choose('timezone', '-4');
    await profile.choose('reports-language', 'es');
    await profile.save();
    await expect.poll(() => page.getByText(text('pt', 'feedback.done')).count()).toBeGreaterThan(0);

    const stored = await e2e.portal.request('GET', '/api/getuser', { token: account.token });
    expect(stored.body).toMatchObject({ name: 'Joana Avicultora', company: 'Granja Santa Rita', separador_csv: ',', timezone: -4, reports_language: 'es' });
    expect(await page.getByTestId('menu-user-name').textContent()).toBe('Joana Avicultora');

    await page.reload();
    await profile.field('name').waitFor();
    expect(await profile.field('name').inputValue()).toBe('Joana Avicultora');
  });

  it('offers the number format (by language, 1.234,5 or 1,234.5) and keeps it', async () => {
    const page = await e2e.newPage(PHONE, 'es');
    const account = await signedIn(e2e, page, { language: 'es' });
    const profile = new ProfilePage(page);
    await profile.goto();
    const select = profile.field('number-format');
    // By language by default; the option shows what the language writes (Spanish: 1.234,5).
    expect(await select.inputValue()).toBe('auto');
    expect(await select.locator('option').allTextContents()).toEqual([
      text('es', 'profile.numberFormats.auto', { example: '1.234,5' }),
      text('es', 'profile.numberFormats.comma'),
      text('es', 'profile.numberFormats.point'),
    ]);
    await e2e.screenshot(page, 'profile-number-format-es-phone');
    await profile.choose('number-format', 'point');
    await profile.save();
    await expect.poll(async () => (await e2e.portal.request('GET', '/api/getuser', { token: account.token })).body.separador_decimal).toBe('.');
    await page.reload();
    await profile.field('number-format').waitFor();
    expect(await profile.field('number-format').inputValue()).toBe('point');

    await profile.choose('number-format', 'auto');
    await profile.save();
    await expect.poll(async () => (await e2e.portal.request('GET', '/api/getuser', { token: account.token })).body.separador_decimal).toBeNull();
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('asks for the current password to change the e-mail, showing the error on that field', async () => {
    const page = await e2e.newPage();
    const account = await signedIn(e2e, page);
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.field('email').fill(`novo-${Date.now()}@example.test`);
    await profile.field('current-password').fill('wrong-password-1');
    await profile.save();
    await expect.poll(() => page.getByText(text('pt', 'errors.CURRENT_PASSWORD_WRONG')).count()).toBeGreaterThan(0);
    expect((await e2e.portal.request('GET', '/api/getuser', { token: account.token })).body.email).toBe(account.email);

    await profile.field('current-password').fill(account.password);
    await profile.save();
    await expect.poll(() => page.getByText(text('pt', 'feedback.done')).count()).toBeGreaterThan(0);
    expect((await e2e.portal.request('GET', '/api/getuser', { token: account.token })).body.email).not.toBe(account.email);
  });

  it('ends another session after confirmation, and cancel keeps it', async () => {
    const page = await e2e.newPage();
    const account = await signedIn(e2e, page);
    const profile = new ProfilePage(page);
    await profile.goto();
    const otherRow = page.locator('[data-testid="session-row"][data-current="false"]');
    await otherRow.waitFor();
    expect(await page.getByTestId('session-row').count()).toBe(2);

    await otherRow.getByTestId('session-end').click();
    await page.getByText(text('pt', 'confirm.title')).waitFor();
    await page.getByTestId('confirm-cancel').click();
    expect((await e2e.portal.request('GET', '/api/getuser', { token: account.token })).status).toBe(200);

    await otherRow.getByTestId('session-end').click();
    await page.getByTestId('confirm-delete').click();
    await expect.poll(() => page.getByText(text('pt', 'feedback.deleted')).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
    expect((await e2e.portal.request('GET', '/api/getuser', { token: account.token })).status).toBe(401);
  });

  it('switches the whole menu between PT, EN and ESP and keeps the choice', async () => {
    const page = await e2e.newPage(PHONE);
    const account = await signedIn(e2e, page);
    const menu = new AppMenu(page);
    await menu.open();
    expect(await menu.entry('flocks').textContent()).toContain(text('pt', 'menu.flocks'));
    expect(await page.getByTestId('lang-pt').getAttribute('data-active')).toBe('true');

    await menu.switchLanguage('en');
    await expect.poll(() => menu.entry('flocks').textContent()).toContain(text('en', 'menu.flocks'));
    expect(await menu.entry('logout').textContent()).toContain(text('en', 'menu.logout'));
    expect(await page.getByTestId('lang-en').getAttribute('data-active')).toBe('true');
    expect(await page.getByTestId('lang-pt').getAttribute('data-active')).not.toBe('true');

    await menu.switchLanguage('es');
    await expect.poll(() => menu.entry('flocks').textContent()).toContain(text('es', 'menu.flocks'));
    await page.reload();
    await menu.open();
    expect(await menu.entry('flocks').textContent()).toContain(text('es', 'menu.flocks'));
    await expect
      .poll(async () => (await e2e.portal.request('GET', '/api/getuser', { token: account.token })).body.language)
      .toBe('es');
    expect(e2e.consoleErrors).toEqual([]);
  });
});
