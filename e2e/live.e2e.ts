import { deviceKey, type DeviceSaved, type LiveDevice } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore } from '../packages/server/src/demo/sample-data.js';
import { loadAccountOverHttp } from '../packages/server/src/simulator/account-http.js';
import type { SimulatorLog } from '../packages/server/src/simulator/device.js';
import { startSimulator, type RunningSimulator } from '../packages/server/src/simulator/runner.js';
import { LiveSocket, until } from '../packages/server/src/test/device-client.js';
import type { TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { createPadrao } from '../packages/server/src/test/factories/standards.js';
import { numberFormat } from '../packages/web/src/features/records/numbers.js';
import { LivePages } from './pages/LivePages.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn, signInAs } from './support/session.js';

const problems: string[] = [];
const simulatorLog: SimulatorLog = { info: () => undefined, debug: () => undefined, warn: (line) => void problems.push(line), error: (line) => void problems.push(line) };
const liveKey = (device: DeviceSaved): LiveDevice => ({ modelo: device.modelo as LiveDevice['modelo'], serie: device.serie, chip_id: device.chip_id });

/**
 * Devices live in the browser (issue 8): a simulated scale and grader stream through the portal's
 * own broker; their readings appear on the dashboard, the device detail and the remote grader
 * view; 'foto' shows the waiting indicator, then the picture.
 */
describe('devices live', () => {
  let e2e: E2E;
  let account: TestAccount;
  let scale: DeviceSaved;
  let grader: DeviceSaved;
  let simulator: RunningSimulator;
  /** A second tab on the live channel, outside the browser: what the devices really sent. */
  let witness: LiveSocket;

  beforeAll(async () => {
    e2e = await startE2E();
    const page = await e2e.newPage(DESKTOP);
    account = await signedIn(e2e, page);
    await page.context().close();
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Ao Vivo' });
    const padrao = await createPadrao(e2e.portal, account);
    const today = new Date().toISOString().slice(0, 10);
    const houses = farm.aviarios.map((house) => house.id);
    await createLote(e2e.portal, account, farm, { codigo: 'Lote 12', padrao_id: padrao.id, data_alojamento: daysBefore(today, 21), aviarios: houses });
    scale = await createDevice(e2e.portal, account, { modelo: 'CS', nome: 'Balança Aviário 1', chip_id: 'ESP32-CS-E2E', nucleo_id: farm.id, aviario_id: houses[0]! });
    grader = await createDevice(e2e.portal, account, { modelo: 'SELAUTO', nome: 'Seletora Norte', chip_id: 'ESP32-SEL-E2E', nucleo_id: farm.id, aviario_id: houses[0]! });

    const loaded = await loadAccountOverHttp(e2e.portal.baseUrl, account.email, account.password);
    // Readings every 1.5 s: a few seconds show several changes, and the side indicator has time to reset.
    simulator = startSimulator({ snapshot: loaded.snapshot, logins: loaded.logins, brokerUrl: `mqtt://127.0.0.1:${loaded.broker!.porta}`, log: simulatorLog, seed: 8, intervalMs: 1_500 });
    witness = new LiveSocket(e2e.portal.baseUrl, account.token, [liveKey(scale), liveKey(grader)]);
    await witness.opened();
  }, 60_000);

  afterAll(async () => {
    witness?.close();
    await simulator?.stop();
    await e2e?.close();
  });

  /** Every weight (grams) the scale sent so far, as the page would format it. */
  const sentWeights = (language: 'pt' | 'en' | 'es') => {
    const format = numberFormat(language);
    return new Set(
      witness.eventsOf(liveKey(scale), 'leitura').flatMap((event) => (event.t === 'leitura' && event.leitura.tipo === 'PESO' ? [`${format.format(event.leitura.peso, 1)} g`] : [])),
    );
  };

  it('shows the scale reading live on the dashboard, and it changes as the device sends', async () => {
    const page = await e2e.newPage(DESKTOP, 'pt');
    await signInAs(page, account);
    const live = new LivePages(page);
    await live.gotoDashboard();
    await expect.poll(() => live.status().getAttribute('data-state'), { timeout: 15_000 }).toBe('open');

    const card = live.liveDevice(deviceKey(scale));
    const weight = live.weightIn(card);
    await weight.waitFor({ timeout: 15_000 });
    const first = (await weight.textContent())!.trim();
    expect(first).toMatch(/^\d{1,3}(\.\d{3})*,\d g$/);
    // What the page shows is a weight the device sent, not a made-up number…
    await until(() => sentWeights('pt').has(first), `the shown weight ${first} among the sent ones`);
    // …and it follows the device.
    await expect.poll(async () => (await weight.textContent())!.trim(), { timeout: 15_000 }).not.toBe(first);
    expect(sentWeights('pt').has((await weight.textContent())!.trim())).toBe(true);

    // The grader's card summarises the selection and links to the remote view.
    const graderCard = live.liveDevice(deviceKey(grader));
    await graderCard.getByTestId('live-remote-link').waitFor({ timeout: 15_000 });
    await e2e.screenshot(page, 'live-dashboard-pt-desktop');
    await page.context().close();
  });

  it('shows live readings, stored weighings and a picture on the device detail', async () => {
    const page = await e2e.newPage(PHONE, 'pt');
    await signInAs(page, account);
    const live = new LivePages(page);
    await live.gotoDevice(scale.id);
    const panel = page.getByTestId('device-live');
    await live.weightIn(panel).first().waitFor({ timeout: 15_000 });
    expect(sentWeights('pt').has((await live.weightIn(panel).first().textContent())!.trim())).toBe(true);

    // Weighings the scale sent are stored and listed; the list grows while the page is open.
    const weighings = page.getByTestId('history-weighing');
    await weighings.first().waitFor({ timeout: 20_000 });
    const before = await weighings.count();
    const stored = witness.eventsOf(liveKey(scale), 'pesagem').length;
    await until(() => witness.eventsOf(liveKey(scale), 'pesagem').length > stored + 1, 'two more weighings');
    if (before < 10) await expect.poll(() => weighings.count(), { timeout: 15_000 }).toBeGreaterThan(before);

    // 'foto': the waiting indicator, then the picture the device sent.
    // The simulated device answers within milliseconds: the page records the indicator as it appears.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { waitingSeen: string[] }).waitingSeen = seen;
      new MutationObserver(() => {
        const waiting = document.querySelector('[data-testid="picture-waiting"]');
        if (waiting && seen.length === 0) seen.push(waiting.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByTestId('picture-take').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { waitingSeen: string[] }).waitingSeen[0] ?? '')).toContain(text('pt', 'live.picture.waiting'));
    const image = page.getByTestId('picture-image');
    await image.waitFor({ timeout: 20_000 });
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await e2e.screenshot(page, 'live-device-pt-phone');
    await page.context().close();
  });

  it('updates the remote grader view and flashes a category box when its count changes (English, phone)', async () => {
    const changed = await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'en' } });
    expect(changed.status).toBe(200);
    const page = await e2e.newPage(PHONE, 'en');
    await signInAs(page, account);
    const live = new LivePages(page);
    await live.gotoRemote(grader.id);
    await live.watchGrader();
    await expect.poll(() => live.graderBoxes().count(), { timeout: 20_000 }).toBe(7);
    await expect.poll(() => page.getByTestId('grader-box').first().textContent()).toContain('Limit 1');

    // The total the page shows follows what the grader sends.
    const totals = async () => Number(((await page.getByTestId('grader-box-aves').allTextContents()).map((value) => value.replace(/\D/g, '')) as string[]).reduce((sum, value) => sum + Number(value), 0));
    const first = await totals();
    await expect.poll(totals, { timeout: 15_000 }).toBeGreaterThan(first);

    // A box flashes about 100 ms when its count changes; the side indicator goes back to whole after 1 s.
    // (A box mounted already flashing has no 'true' mutation: pairs are taken from the log.)
    const flashes = async () => {
      const log = await live.graderLog();
      return log.flatMap((start, index) => {
        if (!start.what.startsWith('flash:') || start.value !== 'true') return [];
        const end = log.slice(index + 1).find((entry) => entry.what === start.what && entry.value === 'false');
        return end ? [end.at - start.at] : [];
      });
    };
    await until(async () => (await flashes()).length > 0, 'a box to flash and stop');
    for (const duration of await flashes()) {
      expect(duration).toBeGreaterThanOrEqual(80);
      // 100 ms in the code (FLASH_MS); a loaded machine may fire the timer late, never a whole reading later.
      expect(duration).toBeLessThan(1_000);
    }
    const resets = async () => {
      const sides = (await live.graderLog()).filter((entry) => entry.what === 'side');
      return sides.flatMap((toBox, index) => {
        if (toBox.value !== 'box') return [];
        const back = sides.slice(index + 1).find((entry) => entry.value === 'whole');
        return back ? [back.at - toBox.at] : [];
      });
    };
    await until(async () => (await resets()).length > 0, 'the side indicator to show a box and reset to whole');
    for (const after of await resets()) expect(after).toBeGreaterThanOrEqual(900);

    await e2e.screenshot(page, 'live-remote-en-phone');
    await page.context().close();
  });

  it('lists the remote devices with their status and keeps the pictures in the device folder (Spanish)', async () => {
    const changed = await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: 'es' } });
    expect(changed.status).toBe(200);
    const page = await e2e.newPage(DESKTOP, 'es');
    await signInAs(page, account);

    await page.goto('/#/balancas');
    const items = page.getByTestId('remote-item');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    // Graders first (getremotelist).
    expect(await items.first().getAttribute('data-id')).toBe(String(grader.id));
    await e2e.screenshot(page, 'live-remote-list-es-desktop');

    // The picture taken on the device page is in its folder, under today.
    await page.goto(`/#/folder/${scale.id}`);
    const photos = page.getByTestId('folder-photo');
    await expect.poll(() => photos.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await photos.first().click();
    const full = page.getByTestId('folder-full');
    await full.waitFor();
    await expect.poll(() => full.evaluate((element) => (element as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    // Let the modal's opening transition end, so the screenshot shows it as the user does.
    await page.waitForTimeout(400);
    await e2e.screenshot(page, 'live-folder-es-desktop');
    await page.context().close();
    expect(problems).toEqual([]);
  });
});
