import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { ensurePartitionsFor, openDatabase, runExclusive } from '../../db/dialect.js';
import { readingMaintenance } from '../../db/rollups.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo } from '../../test/factories/farms.js';
import { createPesagens } from '../../test/factories/weighings.js';
import { insertDoseRows } from '../../test/factories/dosing.js';
import { describeEachDialect } from '../../test/harness.js';
import { testServices } from '../../test/services.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

describeEachDialect('purge of device readings past their retention', (portal) => {
  const siloRows = async (account: TestAccount, deviceId: number, ages: number[], now: number) => {
    const rows = ages.map((age) => ({ owner_id: account.user.id, device_id: deviceId, em: now - age * DAY, bucket: Math.floor((now - age * DAY) / 300_000), peso_hg: 1_000 + age }));
    await ensurePartitionsFor(portal().database, 'silo_leituras', rows.map((row) => row.em));
    await portal().database.db.insertInto('silo_leituras').values(rows).execute();
  };
  const agesLeft = async (table: 'silo_leituras' | 'silo_leituras_min' | 'silo_leituras_hora', deviceId: number, now: number) => {
    const time = table === 'silo_leituras' ? 'em' : 'inicio';
    const rows = await portal().database.db.selectFrom(table).select(time).where('device_id', '=', deviceId).orderBy(time).execute();
    return rows.map((row) => Math.round((now - Number((row as Record<string, number>)[time])) / DAY));
  };

  it("keeps each account's raw readings its own number of days, and their summaries after", async () => {
    const short = await createAccount(portal());
    const usual = await createAccount(portal());
    const setDays = await portal().request('POST', '/api/setretencao', { token: short.token, body: { leituras_dias: 30 } });
    expect(setDays.status).toBe(200);
    const now = Date.now();
    const ages = [400, 100, 60, 31, 29, 10];
    const devices = { short: (await insertDevice(portal(), short, 'BSILO')).id, usual: (await insertDevice(portal(), usual, 'BSILO')).id };
    await siloRows(short, devices.short, ages, now);
    await siloRows(usual, devices.usual, ages, now);
    // Accepted weighings (two years old, of a farm with no flock) are no device readings: kept as long as their flock, never purged.
    const farm = await createNucleo(portal(), short);
    const oldDay = new Date(now - 700 * DAY).toISOString().slice(0, 10);
    await createPesagens(portal(), short, { nucleo: farm, rows: [{ peso: 2_100, data: oldDay }, { peso: 2_300, data: oldDay }] });
    const weighings = async () => Number((await portal().database.db.selectFrom('pesagens').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', short.user.id).executeTakeFirstOrThrow()).n);
    const jobs = testServices(portal()).readingsJobs;
    // Nothing is purged before it is summed: the purge alone leaves every row.
    await jobs.purge(now);
    expect(await agesLeft('silo_leituras', devices.short, now)).toEqual(ages);

    await jobs.rollUp(now);
    const reports = await jobs.purge(now);
    expect(await agesLeft('silo_leituras', devices.short, now)).toEqual([29, 10]);
    expect(await agesLeft('silo_leituras', devices.usual, now)).toEqual([60, 31, 29, 10]);
    const silo = reports.find((report) => report.table === 'silo_leituras')!;
    if (portal().dialect === 'postgres') {
      // Whole months past every account's retention are dropped (partitions), the rest deleted.
      expect(silo.droppedPartitions.length).toBeGreaterThan(0);
      expect(silo.droppedPartitions.every((name) => name.startsWith('silo_leituras_p'))).toBe(true);
      expect(silo.rawRows).toBeLessThanOrEqual(6);
    } else {
      expect(silo.droppedPartitions).toEqual([]);
      expect(silo.rawRows).toBe(6);
    }
    // Every reading still has its minute and its hour.
    for (const deviceId of [devices.short, devices.usual]) {
      expect(await agesLeft('silo_leituras_min', deviceId, now)).toEqual(ages);
      expect(await agesLeft('silo_leituras_hora', deviceId, now)).toEqual(ages);
    }
    expect(await weighings()).toBe(2);
    // A year on: the minutes older than 730 days go (the 400-day-old one is 765 days old by then), the hours stay.
    await jobs.purge(now + 365 * DAY);
    expect(await agesLeft('silo_leituras_min', devices.usual, now)).toEqual([100, 60, 31, 29, 10]);
    expect(await agesLeft('silo_leituras_hora', devices.usual, now)).toEqual(ages);
    expect(await weighings()).toBe(2);
  });

  it('deletes in batches while a writer goes on writing, which waits for one batch at most', async () => {
    const account = await createAccount(portal());
    // An account keeping two years holds every month (PostgreSQL drops only months past every
    // account's retention): this account's old rows go by batches on both databases.
    const keeper = await createAccount(portal());
    expect((await portal().request('POST', '/api/setretencao', { token: keeper.token, body: { leituras_dias: 730 } })).status).toBe(200);
    const doser = await insertDevice(portal(), account, 'DOSADOR');
    const now = Date.now();
    // 23,000 readings of 30 s (eight days) past the 90-day retention: five statements of 5,000 at most.
    const from = now - 120 * DAY;
    const rows = Array.from({ length: 23_000 }, (_unused, index) => ({ em: from + index * 30_000, volume_dml: index % 5_000, vazao_dml_min: 100, ligada: index % 4 === 0 ? 1 : 0 }));
    await insertDoseRows(portal(), account.user.id, doser.id, rows);
    const services = testServices(portal());
    // Written behind the periodic job (which only sums forward from where it stopped): summed here,
    // as the demo's backfill does, in two statements over whole hours.
    const hours = { from: Math.floor(from / HOUR) * HOUR, to: Math.ceil((from + rows.length * 30_000) / HOUR) * HOUR };
    const dose = readingMaintenance(portal().database, 'dose_leituras');
    await dose.summarise('min', hours.from, hours.to);
    await dose.summarise('hora', hours.from, hours.to);
    await services.readingsJobs.rollUp(now);

    // The writer: live readings of another doser of the account, one after the other, as fast as they go.
    const writer = await insertDevice(portal(), account, 'DOSADOR');
    const device = { id: writer.id, owner_id: account.user.id, modelo: 'DOSADOR', serie: writer.serie };
    let written = 0;
    let writing = true;
    const errors: unknown[] = [];
    const writes = (async () => {
      for (let at = now; writing; at += 30_000) {
        try {
          await services.readings.store(device, { tipo: 'DOSE', volume_ml: written, vazao_ml_min: 10, ligada: true }, at);
          written += 1;
          // Live readings arrive from sockets: each is its own turn of the event loop. Without
          // this, SQLite's synchronous driver would answer in microtasks alone and starve the timers.
          await nextTurn();
        } catch (error) {
          errors.push(error);
          return;
        }
      }
    })();
    // What the writer had written when each statement deleting rows ended.
    const writtenAtBatch: number[] = [];
    await services.readingsJobs.purge(now, (deleted) => {
      if (deleted > 0) writtenAtBatch.push(written);
    });
    writing = false;
    await writes;

    expect(errors).toEqual([]);
    const left = await portal().database.db.selectFrom('dose_leituras').select((eb) => eb.fn.countAll().as('n')).where('device_id', '=', doser.id).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    expect(writtenAtBatch).toHaveLength(5);
    // Between any two statements the writer got at least one reading in: nothing it did waited
    // for more than the statement running when it asked.
    for (let index = 1; index < writtenAtBatch.length; index += 1) expect(writtenAtBatch[index]!, `after batch ${index + 1}`).toBeGreaterThan(writtenAtBatch[index - 1]!);
    const summed = await portal().database.db.selectFrom('dose_leituras_min').select((eb) => eb.fn.sum<number>('n').as('n')).where('device_id', '=', doser.id).executeTakeFirstOrThrow();
    expect(Number(summed.n)).toBe(23_000);
    expect(written).toBeGreaterThan(0);
    // A budget for a loaded machine (23,000 rows summed and deleted), not a timed assertion.
  }, 120_000);

  it('runs one purge or summing at a time: a second run asked meanwhile is skipped', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = runExclusive(portal().database, 'test-job', () => held);
    // Another instance's attempt: on PostgreSQL a pool of its own (the advisory lock); SQLite has one portal per file.
    const other = portal().dialect === 'postgres' ? openDatabase(portal().databaseUrl) : portal().database;
    try {
      expect(await runExclusive(portal().database, 'test-job', async () => undefined)).toBe(false);
      expect(await runExclusive(other, 'test-job', async () => undefined)).toBe(false);
      expect(await runExclusive(other, 'another-job', async () => undefined)).toBe(true);
      release();
      expect(await first).toBe(true);
      expect(await runExclusive(other, 'test-job', async () => undefined)).toBe(true);
    } finally {
      release();
      if (other !== portal().database) await other.db.destroy();
    }
  });

  it('sums a backfilled history behind the periodic job, so its summaries are there at once', async () => {
    const account = await createAccount(portal());
    const doser = await insertDevice(portal(), account, 'DOSADOR');
    const services = testServices(portal());
    const start = Math.floor((Date.now() - 3 * DAY) / HOUR) * HOUR;
    const store = services.readings;
    const rows = Array.from({ length: 240 }, (_unused, index) => store.rowFor({ id: doser.id, owner_id: account.user.id }, { tipo: 'DOSE', volume_ml: index, vazao_ml_min: 5, ligada: true }, start + index * 30_000)!);
    await store.insertMany(rows);
    await store.summariseRange(start, start + 2 * HOUR);
    const hours = await portal().database.db.selectFrom('dose_leituras_hora').select(['inicio', 'n']).where('device_id', '=', doser.id).orderBy('inicio').execute();
    expect(hours.map((row) => [Number(row.inicio) - start, Number(row.n)])).toEqual([
      [0, 120],
      [HOUR, 120],
    ]);
    const minutes = await portal().database.db.selectFrom('dose_leituras_min').select((eb) => eb.fn.countAll().as('n')).where('device_id', '=', doser.id).executeTakeFirstOrThrow();
    expect(Number(minutes.n)).toBe(120);
  });
});
