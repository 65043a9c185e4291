import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { startTestPortal, type TestPortal } from '../../packages/server/src/test/harness.js';

export const WEB_DIST = fileURLToPath(new URL('../../packages/web/dist', import.meta.url));
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = fileURLToPath(new URL('../artifacts/screenshots', import.meta.url));

export const DESKTOP = { width: 1366, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** A portal on a fresh SQLite database serving the built web client, and a Chromium to drive it. */
export interface E2E {
  portal: TestPortal;
  browser: Browser;
  /** Errors the pages logged; a test fails if any appear unexpectedly. */
  consoleErrors: string[];
  newPage(viewport?: { width: number; height: number }, language?: 'pt' | 'en' | 'es'): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startE2E(): Promise<E2E> {
  const portal = await startTestPortal('sqlite', { env: { WEB_DIST_DIR: WEB_DIST } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const contexts: BrowserContext[] = [];
  const consoleErrors: string[] = [];
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    portal,
    browser,
    consoleErrors,
    async newPage(viewport = DESKTOP, language) {
      const context = await browser.newContext({ viewport, baseURL: portal.baseUrl });
      contexts.push(context);
      if (language) {
        await context.addInitScript((lang) => {
          if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
        }, language);
      }
      const page = await context.newPage();
      page.on('console', (message: ConsoleMessage) => {
        // Chromium logs every 4xx answer; tests provoke those on purpose and assert what the user sees.
        if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
          consoleErrors.push(message.text());
        }
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      return page;
    },
    async screenshot(page, name) {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await portal.close();
    },
  };
}
