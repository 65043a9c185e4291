import type { Device, Silo, SiloLeiturasResponse } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillReadings } from '../packages/server/src/simulator/backfill.js';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice, uniqueSerial } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createSilo } from '../packages/server/src/test/factories/silos.js';
import { testServices } from '../packages/server/src/test/services.js';
import { SiloBalancePage } from './pages/SiloBalancePage.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, localToday, masked, shown as shownNumber } from './support/report.js';
import { signInAs } from './support/session.js';

/** Days of simulated silo-scale history: the silo starts at 60 % and runs low within them, so a truck comes. */
const HISTORY_DAYS = 8;

/** A kilogram value as the screen shows it (1 decimal). */
const shown = (locale: string, value: number | null) => shownNumber(locale, value, 1);

const RUNS = [
  { lang: 'pt', locale: 'pt-BR', separator: ';', width: 'desktop', viewport: DESKTOP, decide: false },
  // Confirmed on a phone (390 px), with the amount corrected in the confirm form.
  { lang: 'en', locale: 'en-US', separator: ',', width: 'phone', viewport: PHONE, decide: true },
  { lang: 'es', locale: 'es-ES', separator: '\t', width: 'desktop', viewport: DESKTOP, decide: false },
] as const;

describe('silo balance from its scale (silos/:id/saldo)', () => {
  let e2e: E2E;
  let account: TestAccount;
  let device: Device;
  let silo: Silo;
  const period = { di: daysBefore(localToday(), HISTORY_DAYS + 1), df: localToday() };

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Silos' });
    device = await createDevice(e2e.portal, account, { modelo: 'BSILO', serie: uniqueSerial('BSI'), nome: 'Balança silo 1', nucleo_id: farm.id });
    silo = await createSilo(e2e.portal, account, farm, { nome: 'Silo Norte', capacidade_kg: 18000, device_id: device.id });
    // The simulator's silo scale (drain with two feeding peaks, a truck when low, noisy load cells), stepped through the past days.
    const { rows } = await backfillReadings({
      services: testServices(e2e.portal),
      snapshot: { timezone: -3, devices: [device], nucleos: [farm], lotes: [], padroes: [], silos: [silo] },
      ownerId: account.user.id,
      days: HISTORY_DAYS,
      seed: 9,
    });
    expect(rows.silo_leituras).toBeGreaterThan(HISTORY_DAYS * 280);
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  });

  const report = async () =>
    (await e2e.portal.request<SiloLeiturasResponse>('GET', `/api/getsiloleituras?id=${silo.id}&di=${period.di}&df=${period.df}`, { token: account.token })).body;

  for (const run of RUNS) {
    it(`shows the API's balance, days and deliveries in ${run.lang} (${run.width})${run.decide ? ', and a delivery confirmed with a corrected amount becomes a movement of that amount' : ''}`, async () => {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: run.lang, reports_language: run.lang, separador_csv: run.separator } });
      const before = await report();
      expect(before.entregas.length).toBeGreaterThan(0);
      // The day before the history has no readings: shown empty, never 0.
      expect(before.dias[0]).toMatchObject({ inicio_kg: null, consumo_kg: null });

      const page = await e2e.newPage(run.viewport, run.lang);
      await signInAs(page, account);
      const screen = new SiloBalancePage(page);
      await screen.goto(silo.id, period);
      expect(await page.getByTestId('page-title').textContent()).toBe('Silo Norte');
      await screen.chartDrawn();
      expect(await screen.scaleKg().textContent()).toBe(text(run.lang, 'silos.kg', { value: shown(run.locale, before.saldo_kg) }));

      const days = await screen.days();
      expect(days.map((row) => row.attributes.date)).toEqual(before.dias.map((dia) => dia.data));
      days.forEach((row, index) => {
        const dia = before.dias[index]!;
        expect(row.cells).toEqual({
          data: masked(dia.data),
          inicio_kg: shown(run.locale, dia.inicio_kg),
          entregas_kg: dia.entregas_kg === 0 && dia.consumo_kg === null ? '—' : shown(run.locale, dia.entregas_kg),
          consumo_kg: shown(run.locale, dia.consumo_kg),
          fim_kg: shown(run.locale, dia.fim_kg),
        });
      });
      expect((await screen.deliveries()).map((entrega) => [entrega.em, entrega.situacao])).toEqual(before.entregas.map((entrega) => [entrega.em, entrega.situacao]));
      expect(await screen.overflow()).toBeLessThanOrEqual(0);
      await e2e.screenshot(page, `silo-balance-${run.lang}-${run.width}`);
      await saveScreenshot(screen.chart(), { path: `${SCREENSHOT_DIR}/silo-balance-${run.lang}-${run.width}-chart.png` });

      if (run.width === 'desktop') {
        const csv = await screen.downloadCsv();
        expect(csv.name).toBe(`saldo-silo_Silo-Norte_${period.di}_${period.df}.csv`);
        const lines = csv.text.split('\r\n').filter((line) => line !== '');
        expect(lines).toHaveLength(before.dias.length + 1);
        expect(lines[0]!.split(run.separator)).toHaveLength(5);
        expect(lines[1]).toBe([before.dias[0]!.data, '', '0', '', ''].join(run.separator));

        expect(await screen.print()).toBe(true);
        await page.emulateMedia({ media: 'print' });
        expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
        expect(await page.getByTestId('period-di').isVisible()).toBe(false);
        expect(await screen.chart().isVisible()).toBe(true);
        expect(await page.getByTestId('balance-table').isVisible()).toBe(true);
        await e2e.screenshot(page, `silo-balance-${run.lang}-print`);
        await page.emulateMedia({ media: 'screen' });
      }

      if (run.decide) {
        const pending = before.entregas.find((entrega) => entrega.situacao === 'pendente')!;
        // The confirm form holds the detected amount; the operator types the invoice's over it.
        await screen.delivery(pending.em).getByTestId('delivery-confirm').click();
        const amount = screen.delivery(pending.em).getByTestId('field-quantidade_kg');
        expect(await amount.inputValue()).toBe(shown(run.locale, pending.quantidade_kg).replace(/\.0$/, ''));
        expect(await screen.overflow()).toBeLessThanOrEqual(0);
        await screen.delivery(pending.em).scrollIntoViewIfNeeded();
        await e2e.screenshot(page, `silo-balance-${run.lang}-${run.width}-confirm-form`);
        await screen.delivery(pending.em).getByTestId('delivery-confirm-cancel').click();
        const invoiceKg = Math.round((pending.quantidade_kg - 12.3) * 10) / 10;
        expect(await screen.decide(pending.em, true, String(invoiceKg))).toBe(text(run.lang, 'feedback.done'));
        const after = await report();
        const confirmed = after.entregas.find((entrega) => entrega.em === pending.em)!;
        expect(confirmed).toMatchObject({ situacao: 'confirmada', quantidade_kg: pending.quantidade_kg, quantidade_confirmada_kg: invoiceKg, corrigida: true });
        // The log shows the recorded amount and what the scale showed.
        const kgText = (value: number) => text(run.lang, 'silos.kg', { value: shown(run.locale, value) });
        expect(await screen.delivery(pending.em).getByTestId('delivery-quantity').textContent()).toBe(kgText(invoiceKg));
        expect(await screen.delivery(pending.em).getByTestId('delivery-corrected').textContent()).toBe(text(run.lang, 'silos.balance.corrected', { value: kgText(pending.quantidade_kg) }));
        // The movement list of the silo has the delivery, with the corrected quantity.
        await page.goto(`/#/silos/${silo.id}`);
        const row = page.locator(`[data-testid="movement-row"][data-movement-id="${confirmed.movimento_id}"]`);
        await row.waitFor();
        expect(await row.getAttribute('data-tipo')).toBe('entrada');
        expect(await row.getByTestId('movement-quantity').textContent()).toBe(`+${kgText(invoiceKg)}`);
        await row.scrollIntoViewIfNeeded();
        await e2e.screenshot(page, `silo-balance-${run.lang}-movement`);
        // The detail page leads back to the balance.
        await page.getByTestId('silo-balance-report').click();
        await screen.settled();
        await page.locator(`[data-testid="delivery-row"][data-em="${pending.em}"][data-situacao="confirmada"]`).waitFor();
      }
    });
  }
});
