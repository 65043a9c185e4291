import { collectorSummary, deviceKey, type DeviceSaved, type LiveDevice } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore } from '../packages/server/src/demo/sample-data.js';
import { loadAccountOverHttp } from '../packages/server/src/simulator/account-http.js';
import type { SimulatorLog } from '../packages/server/src/simulator/device.js';
import { startSimulator, type RunningSimulator } from '../packages/server/src/simulator/runner.js';
import { LiveSocket } from '../packages/server/src/test/device-client.js';
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
const LANGUAGES = ['pt', 'en', 'es'] as const;
/** The account's timezone (the default, −3) as the screens name it. */
const ACCOUNT_ZONE = 'UTC\u22123';

/**
 * Issue 16, items 6 and 8: a ground collector's live card shows the batch still filling as its
 * count and the last complete batch's average (never a partial batch divided by 20); every time is
 * on the account's clock, labelled with its zone when the browser's clock differs.
 */
describe('collector live card and one clock', () => {
  let e2e: E2E;
  let account: TestAccount;
  let collector: DeviceSaved;
  let simulator: RunningSimulator;
  let witness: LiveSocket;
  let key: LiveDevice;

  beforeAll(async () => {
    e2e = await startE2E();
    const page = await e2e.newPage(DESKTOP);
    account = await signedIn(e2e, page);
    await page.context().close();
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Coletora' });
    const padrao = await createPadrao(e2e.portal, account);
    const today = new Date().toISOString().slice(0, 10);
    await createLote(e2e.portal, account, farm, { codigo: '12', padrao_id: padrao.id, data_alojamento: daysBefore(today, 28), aviarios: farm.aviarios.map((house) => house.id) });
    collector = await createDevice(e2e.portal, account, { modelo: 'COLETOR', nome: 'Coletor do galpão', chip_id: 'ESP32-COL-E2E', nucleo_id: farm.id, aviario_id: farm.aviarios[0]!.id });
    key = { modelo: 'COLETOR', serie: collector.serie, chip_id: collector.chip_id };
    const loaded = await loadAccountOverHttp(e2e.portal.baseUrl, account.email, account.password);
    // A reading a second: 1–3 birds each, a batch of 20 about every 10 s.
    simulator = startSimulator({ snapshot: loaded.snapshot, logins: loaded.logins, brokerUrl: `mqtt://127.0.0.1:${loaded.broker!.porta}`, log: simulatorLog, seed: 16, intervalMs: 1_000 });
    witness = new LiveSocket(e2e.portal.baseUrl, account.token, [key]);
    await witness.opened();
  }, 60_000);

  afterAll(async () => {
    witness?.close();
    await simulator?.stop();
    await e2e?.close();
  });

  /** The averages of the complete batches the collector sent, as `language` writes them. */
  const completeAverages = (language: (typeof LANGUAGES)[number]) =>
    new Set(
      witness.eventsOf(key, 'leitura').flatMap((event) =>
        event.t === 'leitura' && event.leitura.tipo === 'COLETA' && event.leitura.machos + event.leitura.femeas === 20
          ? [`${numberFormat(language).format(collectorSummary(event.leitura).pm, 1)} g`]
          : [],
      ),
    );

  for (const language of LANGUAGES) {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      it(`shows the batch filling as "n of 20" and the last complete batch's average, times on the account's clock (${language}, ${size})`, async () => {
        expect((await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language } })).status).toBe(200);
        // The browser on UTC, the account on UTC−3: the times carry the account's zone.
        const page = await e2e.newPage(viewport, language, { timezoneId: 'UTC' });
        await signInAs(page, account);
        const live = new LivePages(page);
        await live.gotoDashboard();
        const card = live.liveDevice(deviceKey(key));

        // A batch completes while the page is open; then the next one fills (read at one instant:
        // a reading a second changes the card).
        await card.getByTestId('live-fact-lastAverage').waitFor({ timeout: 40_000 });
        const facts = await card.evaluate((element) =>
          Object.fromEntries(
            Array.from(element.querySelectorAll('[data-testid^="live-fact-"], [data-testid="live-updated"]')).map((fact) => [fact.getAttribute('data-testid'), fact.textContent!.trim()]),
          ),
        );
        const filling = facts['live-fact-batchProgress'] ?? '';
        const count = /^(\d{1,2}) /.exec(filling)?.[1];
        expect(filling).toBe(text(language, 'live.value.batchProgress', { count: count ?? '?', total: 20 }));
        expect(Number(count)).toBeLessThan(20);
        // The average shown is one the collector's complete batches had, not the filling batch's total / 20.
        const shown = facts['live-fact-lastAverage']!;
        expect(completeAverages(language).has(shown), `${shown} among ${[...completeAverages(language)].join(', ')}`).toBe(true);
        expect(facts['live-fact-average']).toBeUndefined();
        expect(facts['live-updated']).toContain(ACCOUNT_ZONE);
        await e2e.screenshot(page, `live-collector-${language}-${size}`);

        // The device page: recent readings on the same clock, said once above the list.
        await live.gotoDevice(collector.id);
        const note = page.getByTestId('zone-note');
        await note.waitFor({ timeout: 15_000 });
        expect(await note.getAttribute('data-zone')).toBe(ACCOUNT_ZONE);
        await page.getByTestId('history-reading').first().waitFor({ timeout: 15_000 });
        // The live panel: a batch filling shows the last complete one, even one sent before the page opened.
        const panel = page.getByTestId('device-live');
        await panel.getByTestId('live-fact-batchProgress').waitFor({ timeout: 15_000 });
        const panelFacts = await panel.evaluate((element) => Array.from(element.querySelectorAll('[data-testid^="live-fact-"]')).map((fact) => fact.getAttribute('data-testid')));
        if (panelFacts.includes('live-fact-batchProgress')) expect(panelFacts).toContain('live-fact-lastAverage');
        await e2e.screenshot(page, `live-collector-device-${language}-${size}`);
        await page.context().close();
      }, 120_000);
    }
  }

  it("labels no time when the browser's clock is the account's", async () => {
    const page = await e2e.newPage(DESKTOP, 'pt', { timezoneId: 'America/Sao_Paulo' });
    await signInAs(page, account);
    const live = new LivePages(page);
    await live.gotoDashboard();
    const updated = live.liveDevice(deviceKey(key)).getByTestId('live-updated');
    await updated.waitFor({ timeout: 15_000 });
    const shown = (await updated.textContent())!;
    expect(shown).not.toContain('UTC');
    // The time shown is the account's wall clock (UTC−3), which is also the browser's here.
    const shownTime = /(\d{1,2}):(\d{2}):(\d{2})/.exec(shown);
    expect(shownTime, shown).not.toBeNull();
    const secondsOfDay = (hours: number, minutes: number, seconds: number) => hours * 3600 + minutes * 60 + seconds;
    const wallClock = new Date(Date.now() - 3 * 3_600_000);
    const drift = Math.abs(secondsOfDay(wallClock.getUTCHours(), wallClock.getUTCMinutes(), wallClock.getUTCSeconds()) - secondsOfDay(...(shownTime!.slice(1).map(Number) as [number, number, number])));
    expect(Math.min(drift, 86_400 - drift), shown).toBeLessThan(60);
    await live.gotoDevice(collector.id);
    await page.getByTestId('history-reading').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('zone-note').count()).toBe(0);
    await page.context().close();
    expect(problems).toEqual([]);
  }, 60_000);
});
