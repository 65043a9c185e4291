import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { controlledByServiceWorker, forgiveOfflineFailures } from './support/serviceWorker.js';
import { signedIn } from './support/session.js';

/**
 * Offline entry in the shed (issue 18): with the network cut, a manual weighing is entered and
 * shown pending, the page reloads from the service worker (app shell and the flock's last API
 * answers), and once the network is back the queue sends it, once.
 *
 * The cut is Playwright's `context.setOffline(true)`: in this Chromium it also fails the service
 * worker's own fetches (checked below: the reload is answered from its caches, and nothing reaches
 * the portal until the network is back).
 */

async function manualWeighingsOf(e2e: E2E, loteId: number) {
  const { db } = e2e.portal.database;
  const rows = await db.selectFrom('pesagens').select(['peso_dg', 'serie_balanca']).where('lote_id', '=', loteId).orderBy('id').execute();
  const uids = await db.selectFrom('pesagens_manuais').select(['uid', 'aves']).where('lote_id', '=', loteId).execute();
  return { weights: rows.map((row) => row.peso_dg / 10), series: [...new Set(rows.map((row) => row.serie_balanca))], uids };
}

describe('offline entry of a manual weighing', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    // Requests the cut network failed on purpose are not the page's errors.
    forgiveOfflineFailures(e2e.consoleErrors);
    await e2e?.close();
  });

  for (const [viewport, size] of [
    [DESKTOP, 'desktop'],
    [PHONE, '390'],
  ] as const) {
    it(`is kept while offline, survives a reload and is stored once when back online (${size})`, async () => {
      const page = await e2e.newPage(viewport, 'pt', { serviceWorkers: 'allow' });
      const context: BrowserContext = page.context();
      const account = await signedIn(e2e, page);
      const farm = await createNucleo(e2e.portal, account);
      const lote = await createLote(e2e.portal, account, farm, { aves_femea: 20000, aves_misto: 0 });

      await page.goto(`/#/lotes/${lote.id}`);
      await page.getByTestId('manual-weighing-open').waitFor();
      await controlledByServiceWorker(page);
      await page.getByTestId('manual-weighing-open').waitFor();
      await page.waitForLoadState('networkidle');

      await context.setOffline(true);
      await page.getByTestId('offline-notice').waitFor();

      await page.getByTestId('manual-weighing-open').click();
      for (const weight of ['1510,5', '1498', '1602.3']) {
        await page.getByTestId('manual-weight-input').fill(weight);
        await page.getByTestId('manual-weight-input').press('Enter');
      }
      await expect.poll(() => page.getByTestId('manual-weight-summary').getAttribute('data-count')).toBe('3');
      await page.getByTestId('manual-save').click();
      await page.getByTestId('manual-pending').waitFor();
      expect(await page.getByTestId('manual-pending').textContent()).toContain('Pendente');
      await expect.poll(() => page.getByTestId('pending-count').getAttribute('data-count')).toBe('1');
      await e2e.screenshot(page, `offline-manual-weighing-pending-${size}`);

      // A reload without network: the service worker serves the app and the flock's last answers.
      await page.reload();
      await page.getByTestId('manual-weighing-open').waitFor();
      await expect.poll(() => page.getByTestId('pending-count').getAttribute('data-count')).toBe('1');
      await page.getByTestId('offline-notice').waitFor();
      // The flock's indicators and daily records come from the worker's copy of their last answers.
      await page.getByTestId('manual-weighing-open').waitFor();
      await page.waitForLoadState('networkidle');
      await e2e.screenshot(page, `offline-flock-reloaded-${size}`);
      expect((await manualWeighingsOf(e2e, lote.id)).uids).toEqual([]);
      // The cut reaches the service worker's own fetches too: a read it never kept fails.
      const uncached = () => page.evaluate(() => fetch(`api/health?probe=${Date.now()}`, { headers: { Accept: 'application/json' } }).then((answer) => answer.status, () => 'failed'));
      expect(await uncached()).toBe('failed');

      await context.setOffline(false);
      await page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByTestId('offline-notice').waitFor({ state: 'detached' });
      expect(await uncached()).toBe(200);

      const stored = await manualWeighingsOf(e2e, lote.id);
      expect(stored.uids).toHaveLength(1);
      expect(stored.uids[0]!.aves).toBe(3);
      expect(stored.weights).toEqual([1510.5, 1498, 1602.3]);
      expect(stored.series).toEqual(['MANUAL']);
      await e2e.screenshot(page, `offline-flock-sent-${size}`);
    });
  }
});
