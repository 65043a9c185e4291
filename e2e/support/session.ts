import type { Page } from 'playwright-core';
import { createAccount, type TestAccount } from '../../packages/server/src/test/factories.js';
import { LoginPage } from '../pages/LoginPage.js';
import type { E2E } from './portal.js';

/** A new account, signed in through the login page, on the dashboard. */
export async function signedIn(e2e: E2E, page: Page, overrides: Parameters<typeof createAccount>[1] = {}): Promise<TestAccount> {
  const account = await createAccount(e2e.portal, overrides);
  await signInAs(page, account);
  return account;
}

/** An existing account signed in through the login page, on the dashboard. */
export async function signInAs(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.login(account.email, account.password);
  await page.waitForURL(/#\/dashboard$/);
}
