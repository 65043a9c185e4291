import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInput, createAccount } from '../packages/server/src/test/factories.js';
import { AppMenu } from './pages/AppMenu.js';
import { LoginPage } from './pages/LoginPage.js';
import { SignupPage } from './pages/SignupPage.js';
import { text } from './support/locales.js';
import { PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

describe('sign up, login, logout and the return url', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the empty path leads to login, and the menu is hidden', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.waitForURL(/#\/login/);
    await page.getByTestId('login-email').waitFor();
    expect(await page.getByTestId('menu').count()).toBe(0);
    expect(await page.title()).toBe(text('pt', 'app.documentTitle'));
  });

  it('signs up at cadastro/{url}, logs in automatically and lands on {url}', async () => {
    const page = await e2e.newPage();
    const signup = new SignupPage(page);
    const input = accountInput();
    await signup.goto(`cadastro/${encodeURIComponent('/lotes')}`);
    await signup.fill(input);
    await signup.submit();
    await expect.poll(() => signup.message().textContent()).toContain('Cadastro concluído! Logando...');
    await page.waitForURL(/#\/lotes$/);
    const menu = new AppMenu(page);
    await expect.poll(() => menu.pageTitle().textContent()).toBe(text('pt', 'screens.flocks.title'));
    expect(await page.getByTestId('menu-user-email').textContent()).toBe(input.email);
    expect(await page.title()).toBe(text('pt', 'app.documentTitleWithEmail', { email: input.email }));
    // The hidden frame set the session cookie.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'portal_session')?.httpOnly).toBe(true);
  });

  it('shows the server message for an e-mail already in use and stays on the form', async () => {
    const existing = await createAccount(e2e.portal);
    const page = await e2e.newPage();
    const signup = new SignupPage(page);
    await signup.goto('signup');
    await signup.fill({ ...accountInput(), email: existing.email });
    await signup.submit();
    await expect.poll(() => signup.message().textContent()).toContain(text('pt', 'errors.EMAIL_IN_USE'));
    expect(page.url()).toMatch(/#\/signup$/);
  });

  it('refuses a wrong password with a translated message in the login area', async () => {
    const account = await createAccount(e2e.portal);
    const page = await e2e.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.login(account.email, 'not-the-password-1');
    await expect.poll(() => login.message().textContent()).toContain(text('pt', 'errors.INVALID_CREDENTIALS'));
  });

  it('checks the fields with the shared rules before asking the server: each problem under its field, the first focused', async () => {
    const page = await e2e.newPage(PHONE, 'en');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    const signup = new SignupPage(page);
    await signup.goto('cadastro');
    await signup.fill({ ...accountInput(), password: 'short1' }, 'short2');
    await signup.submit();
    // The server would have said its own words here; the form stopped first.
    await expect.poll(() => signup.message().textContent()).toContain(text('en', 'records.form.checkFields'));
    expect(await page.getByText(text('en', 'errors.PASSWORD_TOO_SHORT')).count()).toBe(1);
    expect(await page.getByText(text('en', 'errors.PASSWORDS_DO_NOT_MATCH')).count()).toBe(1);
    await expect.poll(focused).toBe('signup-password');

    const login = new LoginPage(page);
    await login.goto();
    await login.login('ana@example.test', '');
    await expect.poll(() => login.message().textContent()).toContain(text('en', 'records.form.checkFields'));
    expect(await page.getByText(text('en', 'errors.FIELD_REQUIRED')).count()).toBe(1);
    await expect.poll(focused).toBe('login-password');
  });

  it('logs out to login with the page as return url, and logs back in to it', async () => {
    const page = await e2e.newPage();
    const account = await signedIn(e2e, page);
    const login = new LoginPage(page);
    const menu = new AppMenu(page);
    await menu.go('sites');
    await page.waitForURL(/#\/nucleos$/);
    const browserToken = await page.evaluate(() => localStorage.getItem('api-token'));
    await menu.logout();
    await page.waitForURL(/#\/login\?url=%2Fnucleos$/);
    expect(await page.getByTestId('menu').count()).toBe(0);
    // The server revoked the browser's token; the API session of the factory is untouched.
    expect((await e2e.portal.request('GET', '/api/getuser', { token: browserToken! })).status).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('api-token'))).toBeNull();
    expect((await e2e.portal.request('GET', '/api/getuser', { token: account.token })).status).toBe(200);

    await login.login(account.email, account.password);
    await page.waitForURL(/#\/nucleos$/);
    await expect.poll(() => menu.pageTitle().textContent()).toBe(text('pt', 'screens.sites.title'));
  });

  it('never returns to login or cadastro after login', async () => {
    const account = await createAccount(e2e.portal);
    const page = await e2e.newPage();
    const login = new LoginPage(page);
    await login.goto('/cadastro');
    await login.login(account.email, account.password);
    await page.waitForURL(/#\/dashboard$/);
  });

  it('a revoked session sends the user to login, remembering the page', async () => {
    const page = await e2e.newPage();
    const account = await signedIn(e2e, page);
    const login = new LoginPage(page);
    const token = await page.evaluate(() => localStorage.getItem('api-token'));
    expect(token).toBeTruthy();
    expect((await e2e.portal.request('POST', '/api/logout', { token: token! })).status).toBe(200);

    // The next load of the user (here: reopening the page) meets the 401.
    await page.goto('/#/padroes');
    await page.reload();
    await page.waitForURL(/#\/login\?url=%2Fpadroes$/);
    await login.login(account.email, account.password);
    await page.waitForURL(/#\/padroes$/);
  });

  it("another site cannot sign the browser in as the attacker through setcookie (login CSRF)", async () => {
    const attacker = await createAccount(e2e.portal);
    const plant = `${e2e.portal.baseUrl}/api/setcookie?api-token=${encodeURIComponent(attacker.token)}`;
    // The attacker's page, on another site (localhost is not the portal's 127.0.0.1), sends the browser to setcookie.
    const site = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><script>location.href = ${JSON.stringify(plant)};</script>`);
    });
    await new Promise<void>((resolve) => site.listen(0, resolve));
    try {
      const page = await e2e.newPage();
      const answered = page.waitForResponse((response) => response.url().includes('/api/setcookie'));
      // 'commit': a 204 answer (what setcookie gave any site before) ends the navigation without a load.
      await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`, { waitUntil: 'commit' });
      const answer = await answered;
      // Cookies of an answer are stored before a later request of the same browser is sent.
      await (await page.context().newPage()).goto('/', { waitUntil: 'commit' });
      expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('portal_session');
      expect(answer.status()).toBe(403);
    } finally {
      site.close();
    }
  });

  it('a page opened while logged out goes to login and comes back after it', async () => {
    const account = await createAccount(e2e.portal);
    const page = await e2e.newPage();
    await page.goto('/#/silos/7');
    await page.waitForURL(/#\/login\?url=%2Fsilos%2F7$/);
    await new LoginPage(page).login(account.email, account.password);
    await page.waitForURL(/#\/silos\/7$/);
    expect(e2e.consoleErrors).toEqual([]);
  });
});
