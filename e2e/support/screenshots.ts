import type { Locator, Page, PageScreenshotOptions } from 'playwright-core';

/**
 * Screenshots are for people to look at (`e2e/artifacts/screenshots/`), never compared by a test.
 * They are taken unless E2E_SCREENSHOTS=0, and under CI only with E2E_SCREENSHOTS=1: CI throws
 * them away, and several hundred full-page PNGs cost the run about a minute of its two cores.
 */
export const SCREENSHOTS_TAKEN = process.env.E2E_SCREENSHOTS === undefined ? process.env.CI !== 'true' : process.env.E2E_SCREENSHOTS === '1';

/**
 * Saves a screenshot of a page or of one element. Without screenshots an element is still waited
 * for, as its screenshot would wait for it, so a test behaves alike either way.
 */
export async function saveScreenshot(target: Page | Locator, options: PageScreenshotOptions & { path: string }): Promise<void> {
  const isPage = 'goto' in target;
  if (!SCREENSHOTS_TAKEN) {
    if (!isPage) await target.waitFor({ state: 'visible' });
    return;
  }
  await target.screenshot(options);
}
