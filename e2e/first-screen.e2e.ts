import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startE2E, type E2E } from './support/portal.js';

/** The budget of the developers' guide: the first screen's JavaScript stays under 300 KB gzip. */
const FIRST_SCREEN_JS_BUDGET = 300 * 1024;

describe('the first screen', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('loads less than 300 KB of gzip JavaScript, and only the texts of its own language', async () => {
    const page = await e2e.newPage(PHONE, 'pt');
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/#/login');
    await page.getByTestId('login-email').waitFor();
    await page.waitForLoadState('networkidle');

    // Measured as gzip of each file the page fetched, as a compressing proxy would send it.
    const { gzipSync } = await import('node:zlib');
    let bytes = 0;
    for (const path of new Set(scripts)) {
      const body = await (await fetch(`${e2e.portal.baseUrl}${path}`)).arrayBuffer();
      bytes += gzipSync(Buffer.from(body), { level: 9 }).length;
    }
    console.info(`first screen: ${scripts.length} scripts, ${(bytes / 1024).toFixed(1)} KB gzip (budget ${FIRST_SCREEN_JS_BUDGET / 1024} KB)`);
    expect(bytes).toBeLessThan(FIRST_SCREEN_JS_BUDGET);
    // Texts come one chunk per locale file, named after the language: Portuguese only here.
    expect(scripts.filter((path) => /\/assets\/pt-[\w-]+\.js$/.test(path)).length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /\/assets\/(en|es)-[\w-]+\.js$/.test(path))).toEqual([]);
    // The signed-in screens' texts come after sign-in (i18n/index.ts), not with the sign-in page.
    expect(scripts.filter((path) => /\/assets\/pt-features-[\w-]+\.js$/.test(path))).toEqual([]);
    // No screen of a record (their data tables and forms) is part of it.
    expect(scripts.filter((path) => /RecordListPage|SitesListPage|mantine-datatable/i.test(path))).toEqual([]);
  });
});
