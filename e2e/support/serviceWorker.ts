import type { Page } from 'playwright-core';

/**
 * Waits until the portal's service worker controls the page. The first load ran before the worker
 * existed: a reload makes the page and its API reads go through it, so what it loads is kept for a
 * reload without network.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Chromium's console lines a cut network (context.setOffline) makes: the requests it fails (the
 * app shows their effect itself), and the harness's language init script failing in the error
 * page of the hidden session-cookie frame, whose navigation the cut network fails.
 */
export const OFFLINE_CONSOLE_FAILURES =
  /ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|ERR_NETWORK_CHANGED|WebSocket connection .* failed|Failed to read the 'localStorage' property from 'Window': Access is denied/;

/** Drops the console lines the cut network made on purpose: they are not the pages' errors. */
export function forgiveOfflineFailures(consoleErrors: string[]): void {
  for (const line of consoleErrors.filter((entry) => OFFLINE_CONSOLE_FAILURES.test(entry))) consoleErrors.splice(consoleErrors.indexOf(line), 1);
}
