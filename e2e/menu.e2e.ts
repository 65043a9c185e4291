import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_MODELS, MENU_TOP, visibleMenu, type DeviceModel, type Silo } from '@portal/shared';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { insertDevice } from '../packages/server/src/test/factories/device-rows.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createSilo } from '../packages/server/src/test/factories/silos.js';
import { AppMenu } from './pages/AppMenu.js';
import { text } from './support/locales.js';
import { PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { signInAs } from './support/session.js';

type Language = 'pt' | 'en' | 'es';
const LANGUAGES: Language[] = ['pt', 'en', 'es'];
/** The laptop screen of issue 16, and a taller one where the General group still sat below the fold. */
const LAPTOP = { width: 1366, height: 768 };
const TALL = { width: 1366, height: 900 };

/** Devices left without contact for three days: the Devices badge counts them. */
const IDLE_MODELS: DeviceModel[] = ['SELAUTO', 'SPSILO', 'DOSADOR'];
const IDLE_MINUTES = 3 * 24 * 60;

/** Every entry an account with every model sees, in menu order, with the route each opens. */
const ENTRIES = [...MENU_TOP, ...visibleMenu(DEVICE_MODELS).flatMap((group) => group.entries)];

/** Names long enough to wrap in a list cell or a card. */
const deviceName = (modelo: DeviceModel) => `Balança automática ${modelo} do aviário experimental`;

describe('side menu at laptop size, gating, and the devices screens', () => {
  let e2e: E2E;
  const accounts = new Map<Language, TestAccount>();
  const bsilo = new Map<Language, number>();
  const silos = new Map<Language, Silo>();

  beforeAll(async () => {
    e2e = await startE2E();
    for (const language of LANGUAGES) {
      const account = await createAccount(e2e.portal, { language });
      const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Boa Vista' });
      for (const modelo of DEVICE_MODELS) {
        const { id } = await insertDevice(e2e.portal, account, modelo, { nome: deviceName(modelo), nucleo_id: farm.id });
        if (modelo === 'BSILO') bsilo.set(language, id);
        if (IDLE_MODELS.includes(modelo)) {
          await e2e.portal.database.db
            .updateTable('devices')
            .set({ last_contact_at: Date.now() - IDLE_MINUTES * 60_000 })
            .where('id', '=', id)
            .execute();
        }
      }
      silos.set(language, await createSilo(e2e.portal, account, farm, { nome: 'Silo Norte', device_id: bsilo.get(language)! }));
      accounts.set(language, account);
    }
  }, 120_000);

  afterAll(async () => {
    await e2e?.close();
  });

  async function signedInPage(language: Language, viewport: { width: number; height: number }): Promise<{ page: Page; menu: AppMenu }> {
    const page = await e2e.newPage(viewport, language);
    await signInAs(page, accounts.get(language)!);
    const menu = new AppMenu(page);
    await menu.open();
    // The gated entries show once the account's devices load.
    await menu.entry('troughs').waitFor();
    return { page, menu };
  }

  /** What the window shows, not the whole page: the question is what is above the fold. */
  async function shot(page: Page, name: string) {
    await page.waitForTimeout(250);
    await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/${name}.png` });
  }

  for (const language of LANGUAGES) {
    it(`reaches every entry by scrolling the menu at 1366×768, with the warnings badge in sight (${language})`, async () => {
      const { page, menu } = await signedInPage(language, LAPTOP);

      // The warnings count shows without scrolling the menu (in the header).
      const header = page.getByTestId('header-devices-badge');
      await header.waitFor();
      expect(await header.getAttribute('data-count')).toBe(String(IDLE_MODELS.length));
      expect(await header.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);

      // The entries overflow: the menu says so with a scrollbar and a 'more below' button.
      const viewport = menu.scrollViewport();
      expect(await viewport.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      const thumb = menu.root().locator('.mantine-ScrollArea-scrollbar[data-orientation="vertical"] .mantine-ScrollArea-thumb');
      expect(await thumb.isVisible()).toBe(true);
      // Painted, not a transparent box: a scrollbar the user can see without hovering.
      expect(await thumb.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toMatch(/^(transparent|rgba\(.*, 0\))$/);
      const more = page.getByTestId('menu-more-below');
      await more.waitFor();
      await shot(page, `menu-${language}-1366x768`);
      await more.click();
      await expect.poll(() => viewport.evaluate((element) => element.scrollTop)).toBeGreaterThan(100);

      for (const entry of ENTRIES) {
        expect(await menu.reveal(entry.key), entry.key).toBe(true);
        await menu.entry(entry.key).click();
        await page.waitForURL((url) => url.hash === `#${entry.path}`);
        await menu.pageTitle().waitFor();
        // The entry of the screen shown stays highlighted and in view.
        await expect.poll(() => menu.entry(entry.key).getAttribute('data-active'), { message: entry.key }).not.toBeNull();
      }
      // Group headings carry their names.
      for (const group of ['birds', 'feed', 'general']) {
        expect(await page.locator(`#menu-group-${group}-label`).textContent()).toBe(text(language, `menuGroups.${group}`));
      }

      // At the end of the list the 'more' button is gone, the badge in the menu shows the same count.
      expect(await menu.reveal('apiTokens')).toBe(true);
      await expect.poll(() => more.isVisible()).toBe(false);
      expect(await menu.reveal('devices')).toBe(true);
      expect(await page.getByTestId('menu-devices-badge').textContent()).toBe(String(IDLE_MODELS.length));
      await shot(page, `menu-${language}-1366x768-general`);
      expect(await menu.reveal('logout')).toBe(true);
      await page.context().close();
    });
  }

  for (const language of LANGUAGES) {
    it(`opens the menu on a phone and at 1366×900 with every entry reachable (${language})`, async () => {
      const tall = await signedInPage(language, TALL);
      await shot(tall.page, `menu-${language}-1366x900`);
      for (const entry of ENTRIES) expect(await tall.menu.reveal(entry.key), entry.key).toBe(true);
      await tall.page.context().close();

      const phone = await signedInPage(language, PHONE);
      await shot(phone.page, `menu-${language}-390x844`);
      for (const entry of ENTRIES) expect(await phone.menu.reveal(entry.key), entry.key).toBe(true);
      await shot(phone.page, `menu-${language}-390x844-end`);
      // A tap goes there and folds the menu away.
      await phone.menu.entry('keys').click();
      await phone.page.waitForURL(/#\/chaves$/);
      await phone.page.getByTestId('burger').and(phone.page.locator('[aria-expanded="false"]')).waitFor();
      await phone.page.context().close();
    });
  }

  it('lists the devices with warnings first, names wrapped between words', async () => {
    for (const [viewport, width] of [[LAPTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const page = await e2e.newPage(viewport, 'pt');
      await signInAs(page, accounts.get('pt')!);
      await page.goto('/#/balancas');
      await page.getByTestId('record-table').waitFor();
      const rows = page.getByTestId('record-row');
      await expect.poll(() => rows.count()).toBe(DEVICE_MODELS.length);
      const leading = await Promise.all([0, 1, 2].map((index) => rows.nth(index).getByTestId('device-name').textContent()));
      expect(new Set(leading)).toEqual(new Set(IDLE_MODELS.map(deviceName)));

      // No word of a name is split over two lines, and a clipped name keeps the whole in its tooltip.
      const split = await page.getByTestId('device-name').evaluateAll((names) =>
        names.flatMap((name) => {
          const node = name.firstChild;
          if (!node || node.nodeType !== Node.TEXT_NODE) return [];
          const value = node.textContent ?? '';
          const broken: string[] = [];
          for (const match of value.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
            if (tops.size > 1) broken.push(match[0]);
          }
          return name.getAttribute('title') === value ? broken : [...broken, `title of ${value}`];
        }),
      );
      expect(split, width).toEqual([]);
      await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/menu-devices-list-pt-${width}.png`, fullPage: true });
      await page.context().close();
    }
  });

  for (const language of LANGUAGES) {
    it(`shows a silo scale's silos, not bird weighings, and the silo trail without a bare 'Silo' (${language})`, async () => {
      const page = await e2e.newPage(LAPTOP, language);
      await signInAs(page, accounts.get(language)!);
      const silo = silos.get(language)!;
      await page.goto(`/#/balancas/${bsilo.get(language)}`);
      await page.getByTestId('device-silos').waitFor();
      expect(await page.getByTestId('device-silo').getAttribute('data-id')).toBe(String(silo.id));
      expect(await page.getByText(text(language, 'live.history.weighings'), { exact: true }).count()).toBe(0);
      expect(await page.getByTestId('history-weighings').count()).toBe(0);
      await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/menu-silo-scale-${language}.png`, fullPage: true });

      // From the scale to its silo's balance: the trail reads 'Silos / Silo Norte'.
      await page.getByTestId('device-silo-balance').click();
      await page.waitForURL(new RegExp(`#/silos/${silo.id}/saldo`));
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Silo Norte');
      const trail = page.locator('.mantine-Breadcrumbs-root');
      await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/menu-silo-balance-${language}.png` });
      expect((await trail.innerText()).split(/\s*\/\s*|\n/).filter(Boolean)).toEqual([text(language, 'screens.silos.title'), 'Silo Norte']);

      // A movement's trail names the silo it belongs to.
      await page.goto(`/#/silos/${silo.id}/entrada`);
      await page.getByTestId('record-form').waitFor();
      expect((await trail.innerText()).split(/\s*\/\s*|\n/).filter(Boolean)).toEqual([
        text(language, 'screens.silos.title'),
        'Silo Norte',
        text(language, 'silos.movement.title.entrada'),
      ]);
      await page.context().close();
    });
  }

  it('gives an account with only silo scales and trough monitors the Feed entries', async () => {
    const account = await createAccount(e2e.portal);
    await insertDevice(e2e.portal, account, 'SILO');
    await insertDevice(e2e.portal, account, 'MCALHA');
    const page = await e2e.newPage(LAPTOP, 'pt');
    await signInAs(page, account);
    const menu = new AppMenu(page);
    for (const key of ['silos', 'consumption', 'troughs']) await menu.entry(key).waitFor();
    expect(await page.getByTestId('menu-group-feed').getByRole('link').count()).toBe(3);
    await page.context().close();
  });
});
