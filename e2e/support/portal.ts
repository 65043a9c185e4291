import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { startTestPortal, type TestPortal } from '../../packages/server/src/test/harness.js';
import { saveScreenshot } from './screenshots.js';

/** The built web app the portal serves; E2E_WEB_DIST points at another build (parallel work on one checkout). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../packages/web/dist', import.meta.url));
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = fileURLToPath(new URL('../artifacts/screenshots', import.meta.url));

export const DESKTOP = { width: 1366, height: 860 };
export const PHONE = { width: 390, height: 844 };

/**
 * Chromium logs every 4xx answer, and a 503 when a test simulates a database outage; tests provoke
 * those on purpose and assert what the user sees.
 */
const EXPECTED_FAILED_LOAD = /^Failed to load resource: the server responded with a status of (4\d\d|503)\b/;

/** How Chromium words a Content-Security-Policy violation in the console. */
const CSP_CONSOLE_TEXT = /Content Security Policy|Refused to/;

/** Start of the console line the injected listener logs for each violation. */
const CSP_VIOLATION_PREFIX = '[csp-violation]';

/** Injected into every page and frame: logs each policy violation as a console error, so a test sees it. */
function reportPolicyViolations(prefix: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
  });
}

/** A portal on a fresh SQLite database serving the built web client, and a Chromium to drive it. */
export interface E2E {
  portal: TestPortal;
  browser: Browser;
  /** Errors the pages logged; a test fails if any appear unexpectedly. */
  consoleErrors: string[];
  /**
   * `timezoneId`: the browser's clock (default the machine's). `serviceWorkers: 'allow'` runs the
   * page with the portal's service worker, as installed apps do: the specs of the offline mode, of
   * push and of every route under the worker ask for it. Others run without it (the default
   * 'block'), since each new context would install it and precache the whole client (about 250
   * files, 3.6 MB): a third of a spec's processor time (docs/testing.md). 'block' is also what a
   * test needs that fakes answers with page.route, which never sees what a service worker fetches.
   */
  newPage(viewport?: { width: number; height: number }, language?: 'pt' | 'en' | 'es', options?: { timezoneId?: string; serviceWorkers?: 'allow' | 'block' }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** `env`: more portal settings, e.g. INTEGRATIONS_ALLOW_PRIVATE_NETWORKS for a receiver on this machine. */
export async function startE2E(options: { env?: Record<string, string> } = {}): Promise<E2E> {
  const portal = await startTestPortal('sqlite', { env: { WEB_DIST_DIR: WEB_DIST, ...options.env } });
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
    async newPage(viewport = DESKTOP, language, options = {}) {
      const context = await browser.newContext({
        viewport,
        baseURL: portal.baseUrl,
        serviceWorkers: options.serviceWorkers ?? 'block',
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      contexts.push(context);
      if (language) {
        await context.addInitScript((lang) => {
          if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
        }, language);
      }
      // Runs before the page's own scripts (and is exempt from its Content-Security-Policy).
      await context.addInitScript(reportPolicyViolations, CSP_VIOLATION_PREFIX);
      const page = await context.newPage();
      page.on('console', (message: ConsoleMessage) => {
        const text = message.text();
        // A policy violation counts whatever level Chromium logs it at (report-only ones are warnings).
        if (CSP_CONSOLE_TEXT.test(text)) consoleErrors.push(text);
        else if (message.type() === 'error' && !EXPECTED_FAILED_LOAD.test(text)) consoleErrors.push(text);
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      return page;
    },
    async screenshot(page, name) {
      await saveScreenshot(page, { path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
    },
    /** Also fails the spec file when any page logged an error or broke the content policy. */
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
      await portal.close();
      if (consoleErrors.length > 0) {
        throw new Error(`The pages logged ${consoleErrors.length} error(s):\n${consoleErrors.join('\n')}`);
      }
    },
  };
}
