import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { describeEachDialect } from '../../test/harness.js';
import { createEventBus } from '../../events/index.js';
import { testServices } from '../../test/services.js';
import { READING_PERIOD_MS, type ReadingDevice } from './index.js';

describeEachDialect('readings kept for the reports', (portal) => {
  async function knownDevice(modelo: 'BSILO' | 'MCALHA' | 'DOSADOR' | 'COLETOR'): Promise<ReadingDevice> {
    const account = await createAccount(portal());
    const device = await createDevice(portal(), account, { modelo });
    return { id: device.id, owner_id: account.user.id, modelo, serie: device.serie };
  }
  // Each call builds the services anew: an instance of the portal of its own.
  const readingsStore = () => testServices(portal()).readings;
  const rowsOf = (table: 'silo_leituras' | 'calha_leituras' | 'dose_leituras' | 'coletas', deviceId: number) =>
    portal().database.db.selectFrom(table).selectAll().where('device_id', '=', deviceId).orderBy('em').execute();

  it('stores the first silo reading of each period, in hg, and ignores the rest', async () => {
    const device = await knownDevice('BSILO');
    const store = readingsStore();
    const start = 1_800_000_000_000 - (1_800_000_000_000 % READING_PERIOD_MS.SILO);
    // A reading every 5 s for 12 minutes: periods starting at 0, 5 and 10 minutes.
    for (let at = start; at < start + 12 * 60_000; at += 5_000) await store.store(device, { tipo: 'SILO', peso_kg: 1000 - (at - start) / 60_000 }, at);
    const rows = await rowsOf('silo_leituras', device.id);
    expect(rows.map((row) => [row.em - start, row.peso_hg])).toEqual([
      [0, 10_000],
      [5 * 60_000, 9_950],
      [10 * 60_000, 9_900],
    ]);
  });

  it('keeps one row per period when two instances hear the same device', async () => {
    const device = await knownDevice('DOSADOR');
    const [one, two] = [readingsStore(), readingsStore()];
    const at = 1_800_000_030_000;
    await one.store(device, { tipo: 'DOSE', volume_ml: 120.5, vazao_ml_min: 118.2, ligada: true }, at);
    await two.store(device, { tipo: 'DOSE', volume_ml: 121, vazao_ml_min: 118, ligada: true }, at + 10);
    const rows = await rowsOf('dose_leituras', device.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ volume_dml: 1205, vazao_dml_min: 1182, ligada: 1 });
  });

  it('keeps each trough apart, and the feed sensor when the monitor has one', async () => {
    const device = await knownDevice('MCALHA');
    const store = readingsStore();
    const at = 1_800_000_000_000;
    await store.store(device, { tipo: 'CALHA', idcalha: 1, rpm: 23.7, voltas: 410, ligada: true }, at);
    await store.store(device, { tipo: 'CALHA', idcalha: 2, rpm: 0, voltas: 380, ligada: false }, at + 5);
    const rows = await rowsOf('calha_leituras', device.id);
    expect(rows.map((row) => [row.idcalha, row.rpm_dec, row.voltas, row.ligada, row.presenca])).toEqual([
      [1, 237, 410, 1, null],
      [2, 0, 380, 0, null],
    ]);
  });

  it('tells the listeners of each stored reading once its row is written, and of no other', async () => {
    const device = await knownDevice('DOSADOR');
    const events = createEventBus(portal().app.log);
    const store = testServices(portal(), { events }).readings;
    const heard: Array<{ em: number; rows: number }> = [];
    events.on('readings.stored', async ({ device: about, em }) => {
      heard.push({ em, rows: (await rowsOf('dose_leituras', about.id)).length });
    });
    const at = 1_800_000_030_000;
    await store.store(device, { tipo: 'DOSE', volume_ml: 1, vazao_ml_min: 10, ligada: true }, at);
    await store.store(device, { tipo: 'DOSE', volume_ml: 2, vazao_ml_min: 10, ligada: true }, at + 5_000);
    await store.store(device, { tipo: 'PESO', peso: 2100, estavel: true, aves: 1 }, at + 6_000);
    await store.store(device, { tipo: 'DOSE', volume_ml: 3, vazao_ml_min: 10, ligada: true }, at + READING_PERIOD_MS.DOSE);
    expect(heard).toEqual([
      { em: at, rows: 1 },
      { em: at + READING_PERIOD_MS.DOSE, rows: 2 },
    ]);
  });

  it("stores a collector's completed batches only", async () => {
    const device = await knownDevice('COLETOR');
    const store = readingsStore();
    const at = 1_800_000_000_000;
    await store.store(device, { tipo: 'COLETA', machos: 6, femeas: 7, peso_total: 30_000 }, at);
    await store.store(device, { tipo: 'COLETA', machos: 9, femeas: 11, peso_total: 46_123.4 }, at + 2_000);
    const rows = await rowsOf('coletas', device.id);
    expect(rows.map((row) => [row.machos, row.femeas, row.peso_total_dg])).toEqual([[9, 11, 461_234]]);
  });
});
