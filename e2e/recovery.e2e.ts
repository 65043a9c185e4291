import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, lastRecoveryToken } from '../packages/server/src/test/factories.js';
import { LoginPage } from './pages/LoginPage.js';
import { ResetPasswordPage } from './pages/ResetPasswordPage.js';
import { text } from './support/locales.js';
import { startE2E, type E2E } from './support/portal.js';

describe('password recovery through the outbox link', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('asks for a link, follows it, sets a new password and logs in with it', async () => {
    const account = await createAccount(e2e.portal);
    const page = await e2e.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.askRecovery(account.email);
    expect(await page.getByTestId('recover-message').textContent()).toContain(text('pt', 'recover.sent'));

    const token = lastRecoveryToken(e2e.portal, account.email);
    expect(token).toBeDefined();
    const reset = new ResetPasswordPage(page);
    await reset.goto(token!);
    await reset.setPassword('outra-senha-42', 'outra-senha-43');
    expect(await page.getByText(text('pt', 'errors.PASSWORDS_DO_NOT_MATCH')).count()).toBeGreaterThan(0);
    await reset.setPassword('outra-senha-42');
    await expect.poll(() => page.getByText(text('pt', 'reset.done')).count()).toBeGreaterThan(0);

    await login.goto();
    await login.login(account.email, account.password);
    await expect.poll(() => login.message().textContent()).toContain(text('pt', 'errors.INVALID_CREDENTIALS'));
    await login.login(account.email, 'outra-senha-42');
    await page.waitForURL(/#\/dashboard$/);
  });

  it('shows the same confirmation for an address without an account', async () => {
    const page = await e2e.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.askRecovery(`ninguem-${Date.now()}@example.test`);
    expect(await page.getByTestId('recover-message').textContent()).toContain(text('pt', 'recover.sent'));
  });

  it('explains a used link', async () => {
    const page = await e2e.newPage();
    const reset = new ResetPasswordPage(page);
    await reset.goto('no-such-token');
    await reset.setPassword('qualquer-senha-1');
    await expect.poll(() => reset.message().textContent()).toContain(text('pt', 'errors.RESET_LINK_INVALID'));
  });
});
