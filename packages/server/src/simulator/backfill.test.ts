import { expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { READING_PERIOD_MS } from '../modules/readings/index.js';
import { DEMO_EMAIL, seedDemo } from '../demo/seed.js';
import { describeEachDialect } from '../test/harness.js';
import { testServices } from '../test/services.js';
import { loadAccountOverHttp } from './account-http.js';
import { backfillReadings } from './backfill.js';
import { SILO_MODELS } from './plan.js';

const DAY_MS = 86_400_000;

describeEachDialect('demo history of silo, trough, doser and collector readings', (portal) => {
  it('writes each series at its storage period, once however often it runs', async () => {
    const seeded = await seedDemo(portal().app, { db: portal().database.db, log: createLogger({ LOG_LEVEL: 'silent' }) });
    expect(seeded?.email).toBe(DEMO_EMAIL);
    const { snapshot } = await loadAccountOverHttp(portal().baseUrl, seeded!.email, seeded!.password);
    const ownerId = (await portal().database.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow()).id;
    // Each run on services of its own, as each start of the portal builds them.
    const services = testServices(portal());
    expect(await services.readings.hasHistory(ownerId)).toBe(false);

    // A whole number of every period: the counts are exact.
    const now = Math.floor(Date.parse('2026-11-20T15:00:00Z') / DAY_MS) * DAY_MS;
    const days = 2;
    const first = await backfillReadings({ services, snapshot, ownerId, days, now, seed: 3 });
    const count = (modelos: string[]) => snapshot.devices.filter((device) => modelos.includes(device.modelo)).length;
    const silos = count([...SILO_MODELS]);
    expect(first.rows.silo_leituras).toBe(silos * ((days * DAY_MS) / READING_PERIOD_MS.SILO));
    // MCALHA watches 4 troughs, SAC 2; a monitor now and then goes silent for a while (the model's gaps).
    const troughMinutes = (count(['MCALHA']) * 4 + count(['SAC']) * 2) * ((days * DAY_MS) / READING_PERIOD_MS.CALHA);
    expect(first.rows.calha_leituras).toBeLessThanOrEqual(troughMinutes);
    expect(first.rows.calha_leituras).toBeGreaterThan(troughMinutes * 0.9);
    expect(first.rows.dose_leituras).toBe(count(['DOSADOR', 'DOSADORP']) * ((days * DAY_MS) / READING_PERIOD_MS.DOSE));
    // One 40-minute session a day, 1–3 birds every 2 s: 1200 ticks bring 2400 birds on average, 120 batches.
    expect(first.rows.coletas).toBeGreaterThan(count(['COLETOR']) * days * 80);
    expect(first.rows.coletas).toBeLessThan(count(['COLETOR']) * days * 160);
    expect(await services.readings.hasHistory(ownerId)).toBe(true);
    // The demo DOSADOR drives a fumigator and pumps 2 minutes every 15: its runs are dosing events.
    const events = await portal().database.db.selectFrom('dosagens').selectAll().where('origem', '=', 'device').execute();
    expect(events.length).toBeGreaterThanOrEqual(days * 96 - 2);
    expect(events.length).toBeLessThanOrEqual(days * 96 + 1);
    expect(events.every((event) => event.fim === null || (event.fim - event.inicio >= 90_000 && event.fim - event.inicio <= 150_000))).toBe(true);

    const stored = await portal().database.db.selectFrom('silo_leituras').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(first.rows.silo_leituras);
    const batches = await portal().database.db.selectFrom('coletas').selectAll().execute();
    expect(batches.every((batch) => batch.machos + batch.femeas === 20 && batch.peso_total_dg > 0)).toBe(true);

    // Again over the same time: the unique (device, bucket) keys keep one row each.
    await backfillReadings({ services: testServices(portal()), snapshot, ownerId, days, now, seed: 3 });
    const again = await portal().database.db.selectFrom('silo_leituras').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(first.rows.silo_leituras);

    // The live simulator goes on from each silo's last level.
    const levels = await services.siloReadings.lastLevels(ownerId);
    expect([...levels.keys()].sort()).toEqual([...first.siloLevels.keys()].sort());
    for (const [deviceId, level] of first.siloLevels) expect(levels.get(deviceId)).toBeCloseTo(level, 1);
  }, 120_000);
});
