import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceSaved, LiveServerMessage } from '@portal/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveSocket, range, SimDevice, streamReadings, streamWeighings, until, type LiveEvent } from '../test/device-client.js';
import { createTestDatabase, testDialects } from '../test/harness.js';
import { createFarm, createScale, freePort, signUp, startMosquitto, startServerProcess, storedSeqs, withMosquitto } from '../test/server-process.js';

/**
 * "Several instances on one PostgreSQL": two BUILT servers on one database and one external broker
 * (a private Mosquitto on a free port). A tab on each instance receives every device's readings;
 * each weighing is stored exactly once however many instances receive it (both may acknowledge).
 * PostgreSQL is mandatory under CI (the global setup fails the run without it); elsewhere the
 * suite is skipped when no PostgreSQL is reachable, like the other PostgreSQL suites.
 */
const PER_DEVICE = 100;
const withPostgres = testDialects().includes('postgres');

const liveKey = (saved: DeviceSaved) => ({ modelo: saved.modelo, serie: saved.serie, chip_id: saved.chip_id });
const isReadingOf = (saved: DeviceSaved) => (message: LiveServerMessage): message is LiveEvent => message.t === 'leitura' && message.serie === saved.serie;

describe.skipIf(!withPostgres || !withMosquitto)('two portal instances on one PostgreSQL and one broker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-two-instances-'));
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error('cleanup failed', error));
    rmSync(dir, { recursive: true, force: true });
  });

  it('both tabs see the readings; each weighing is stored once', async () => {
    const mosquitto = await startMosquitto(dir);
    cleanups.push(() => mosquitto.kill());
    const database = await createTestDatabase('postgres', dir);
    cleanups.push(database.drop);
    // One after the other: the first migrates the database.
    const a = await startServerProcess({ databaseUrl: database.url, dir: join(dir, 'a'), port: await freePort(), mqttUrl: mosquitto.url });
    cleanups.push(() => a.kill());
    const b = await startServerProcess({ databaseUrl: database.url, dir: join(dir, 'b'), port: await freePort(), mqttUrl: mosquitto.url });
    cleanups.push(() => b.kill());

    // Sessions live in the database: a token from A signs in on B too.
    const token = await signUp(a.baseUrl);
    const farm = await createFarm(a.baseUrl, token);
    const saved = [await createScale(a.baseUrl, token, farm), await createScale(b.baseUrl, token, farm)];
    const devices = saved.map((device) => {
      const login = { ...liveKey(device), usuario: device.credencial!.usuario, senha: device.credencial!.senha };
      const sim = new SimDevice(login, mosquitto.url, { resendMs: 1000, pes: { nucleo: farm.nome, aviario: farm.aviarios[0]!.nome } });
      cleanups.push(() => sim.end());
      return sim;
    });
    const tabs = [new LiveSocket(a.baseUrl, token, saved.map(liveKey)), new LiveSocket(b.baseUrl, token, saved.map(liveKey))];
    for (const tab of tabs) cleanups.push(() => tab.close());
    for (const tab of tabs) {
      await tab.opened();
      expect(tab.registrations.at(-1)!.aceitos).toHaveLength(saved.length);
    }
    await Promise.all(devices.map((device) => device.waitConnected()));

    // Readings: every tab receives every device's, whichever instance the tab is on.
    const stopReadings = streamReadings(devices);
    cleanups.push(stopReadings);
    for (const tab of tabs) for (const device of saved) await tab.next(isReadingOf(device), `a reading of ${device.serie}`, 15_000);

    // Weighings: both instances receive each one; it is stored once and acknowledged.
    await streamWeighings(devices, 1, PER_DEVICE, 10);
    await Promise.all(devices.map((device) => device.waitAcked(range(1, PER_DEVICE), 60_000)));
    // A device whose acknowledgements were lost sends again: still stored once.
    devices[0]!.replay(range(1, 10));
    await devices[0]!.waitAcked(range(1, 10));
    const stored = await storedSeqs(
      database.url,
      saved.map((device) => device.id),
    );
    for (const device of saved) expect(stored.get(device.id)).toEqual(range(1, PER_DEVICE));
    for (const device of devices) expect(device.naks).toEqual([]);

    // Between them, the tabs were told of every stored weighing.
    for (const device of saved) {
      await until(
        () => {
          const told = new Set(tabs.flatMap((tab) => tab.eventsOf(liveKey(device), 'pesagem').map((event) => (event.t === 'pesagem' ? event.pesagem.seq : -1))));
          return range(1, PER_DEVICE).every((seq) => told.has(seq));
        },
        `the tabs to be told of every weighing of ${device.serie}`,
        15_000,
      );
    }
    stopReadings();
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);
});
