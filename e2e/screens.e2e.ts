import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppMenu } from './pages/AppMenu.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { controlledByServiceWorker } from './support/serviceWorker.js';
import { signedIn } from './support/session.js';

/** Every route of the specification's section 2 (with sample ids). */
const ROUTES = [
  'perfil', 'dashboard', 'uniformizacao', 'importacao', 'balancas', 'balancas/3', 'addbalanca', 'd/abc123', 'remoto/3',
  'graficos', 'graficos/add', 'graficos/4', 'nucleos', 'nucleos/add', 'nucleos/5', 'lotes', 'lotes/add', 'lotes/6',
  'silos', 'silos/add', 'silos/7', 'silos/7/2', 'fumigadores', 'fumigadores/add', 'fumigadores/8', 'fumigadores/historico/8',
  'fumigadores/historico/8/detalhe/9', 'coletores', 'coletores/add', 'coletores/10', 'coletores/historico/10', 'chaves',
  'chaves/add', 'chaves/11', 'chaves/historico', 'dosador', 'padroes', 'padroes/add', 'padroes/12', 'aves', 'aves-incubatorio',
  'permissoes', 'permissoes/13', 'permissoes/add', 'racao', 'mtech', 'integracao', 'calhas', 'folder/14',
];

const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;

describe('every screen, in every language, at desktop and phone width', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  for (const language of ['pt', 'en', 'es'] as const) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      it(`login, signup, dashboard with menu and profile look finished (${language}, ${width})`, async () => {
        const page = await e2e.newPage(viewport, language);
        await page.goto('/#/login');
        await page.getByTestId('login-email').waitFor();
        expect(await page.getByTestId('login-submit').textContent()).toContain(text(language, 'login.submit'));
        await e2e.screenshot(page, `login-${language}-${width}`);

        await page.goto('/#/cadastro');
        await page.getByTestId('signup-email').waitFor();
        await e2e.screenshot(page, `signup-${language}-${width}`);

        // After login the portal takes the account's language preference.
        await signedIn(e2e, page, { language });
        const menu = new AppMenu(page);
        await menu.open();
        expect(await menu.entry('dashboard').textContent()).toContain(text(language, 'menu.dashboard'));
        await e2e.screenshot(page, `dashboard-${language}-${width}`);

        await page.goto('/#/perfil');
        await page.getByTestId('profile-name').waitFor();
        await page.getByTestId('session-row').first().waitFor();
        await e2e.screenshot(page, `profile-${language}-${width}`);

        // Nothing on the page overflows the viewport sideways.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }

  it('every route of the specification opens with its title and no error, under the service worker', async () => {
    // As an installed app opens them: the portal's service worker controls the page and its reads.
    const page = await e2e.newPage(undefined, undefined, { serviceWorkers: 'allow' });
    await signedIn(e2e, page);
    await controlledByServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
    for (const route of ROUTES) {
      await page.goto(`/#/${route}`);
      const title = page.getByTestId('page-title');
      await title.waitFor();
      const shown = (await title.textContent())?.trim() ?? '';
      expect(shown, route).not.toBe('');
      expect(shown, route).not.toContain('.');
      expect(shown, route).not.toBe(text('pt', 'notFound.title'));
    }
    await page.goto('/#/nao-existe');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(text('pt', 'notFound.title'));
    expect(e2e.consoleErrors).toEqual([]);
  });
});
