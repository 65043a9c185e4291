import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppMenu } from './pages/AppMenu.js';
import { ProfilePage } from './pages/ProfilePage.js';
import { databaseUnavailable, UnavailablePanel } from './pages/UnavailablePanel.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

/** Its answers are faked with page.route, which never sees what a service worker fetches. */
const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

describe('while the database is unreachable the user stays signed in', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  type Page = Parameters<E2E['screenshot']>[0];

  /** Nothing on the page overflows the viewport sideways. */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  /**
   * Cuts the database, reloads, and checks the panel in `language`: its texts, the route and the
   * token kept; screenshots at desktop and phone width (left at phone width).
   */
  async function expectPanelAfterOutage(page: Page, panel: UnavailablePanel, language: 'pt' | 'en', route: RegExp) {
    const token = await panel.token();
    await panel.breakDatabase();
    await page.reload();
    await panel.waitFor();
    expect(await panel.title().textContent()).toBe(text(language, 'unavailable.title'));
    expect(await panel.message().textContent()).toContain(text(language, 'errors.DATABASE_UNAVAILABLE'));
    expect(page.url()).toMatch(route);
    expect(await panel.token()).toBe(token);
    await e2e.screenshot(page, `unavailable-${language}-desktop`);
    await page.setViewportSize(PHONE);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, `unavailable-${language}-phone`);
    return token;
  }

  it('shows a translated "try again" panel, keeps the token, and Try again opens the dashboard (pt)', async () => {
    const page = await e2e.newPage(DESKTOP, undefined, NO_SERVICE_WORKER);
    await signedIn(e2e, page);
    const panel = new UnavailablePanel(page);
    const token = await expectPanelAfterOutage(page, panel, 'pt', /#\/dashboard$/);
    expect(await panel.retryButton().textContent()).toContain(text('pt', 'unavailable.retry'));

    // It asks again by itself every few seconds, still without leaving.
    await expect.poll(() => panel.attempts(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(page.url()).toMatch(/#\/dashboard$/);

    await panel.restoreDatabase();
    await panel.retryButton().click();
    await expect.poll(() => page.getByTestId('page-description').textContent()).toBe(text('pt', 'screens.dashboard.description'));
    expect(await panel.root().count()).toBe(0);
    expect(await panel.token()).toBe(token);
  });

  it('in English, and the page the user was on opens by itself once the database is back (en)', async () => {
    const page = await e2e.newPage(DESKTOP, 'en', NO_SERVICE_WORKER);
    await signedIn(e2e, page, { language: 'en' });
    await page.goto('/#/lotes');
    const menu = new AppMenu(page);
    await expect.poll(() => menu.pageTitle().textContent()).toBe(text('en', 'screens.flocks.title'));
    const panel = new UnavailablePanel(page);
    await expectPanelAfterOutage(page, panel, 'en', /#\/lotes$/);
    expect(await page.getByTestId('unavailable-hint').textContent()).toContain(text('en', 'unavailable.autoRetry', { seconds: '5' }));

    await panel.restoreDatabase();
    await expect.poll(() => menu.pageTitle().textContent(), { timeout: 15_000 }).toBe(text('en', 'screens.flocks.title'));
    expect(page.url()).toMatch(/#\/lotes$/);
  });

  it('a profile save answered 503 says so in the form, is not repeated, and keeps the session', async () => {
    const page = await e2e.newPage(DESKTOP, undefined, NO_SERVICE_WORKER);
    const account = await signedIn(e2e, page);
    const profile = new ProfilePage(page);
    await profile.goto();
    const outage = databaseUnavailable();
    await page.route('**/api/updateuser', outage.handler);

    await profile.field('name').fill('Nome que não foi salvo');
    await profile.save();
    await expect.poll(() => profile.message().textContent()).toContain(text('pt', 'errors.DATABASE_UNAVAILABLE'));
    // A write is never retried by itself: only the user's click reached the server.
    await page.waitForTimeout(1500);
    expect(outage.answered.count).toBe(1);
    expect(page.url()).toMatch(/#\/perfil$/);
    expect(await profile.field('name').inputValue()).toBe('Nome que não foi salvo');
    expect(await page.evaluate(() => localStorage.getItem('api-token'))).toBeTruthy();
    expect((await e2e.portal.request('GET', '/api/getuser', { token: account.token })).body.name).toBe(account.user.name);

    await page.unroute('**/api/updateuser', outage.handler);
    await profile.save();
    await expect.poll(() => page.getByText(text('pt', 'feedback.done')).count()).toBeGreaterThan(0);
    expect((await e2e.portal.request('GET', '/api/getuser', { token: account.token })).body.name).toBe('Nome que não foi salvo');
  });
});
