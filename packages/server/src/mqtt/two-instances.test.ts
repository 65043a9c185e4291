import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDeviceMessage, type DeviceSaved, type LiveServerMessage } from '@portal/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveSocket, range, SimDevice, streamReadings, streamWeighings, until, type LiveEvent } from '../test/device-client.js';
import { openDatabase } from '../db/dialect.js';
import { createTestDatabase, testDialects } from '../test/harness.js';
import { callApi, createFarm, createScale, freePort, signUp, startMosquitto, startServerProcess, storedSeqs, withMosquitto } from '../test/server-process.js';
import { fotosRepository } from '../modules/live/fotos.repository.js';

/**
 * "Several instances on one PostgreSQL": two BUILT servers on one database and one external broker
 * (a private Mosquitto on a free port). The broker hands each device message to one instance (a
 * shared subscription) and the live events cross over PostgreSQL's NOTIFY: a tab on each instance
 * receives every device's readings; each weighing is stored exactly once, whichever instance a
 * re-send reaches; a picture is stored once and shown on both; a grant revoked on one instance is
 * cut on the other. (shared-ingestion.test.ts counts each instance's share, in-process.)
 * PostgreSQL is mandatory under CI (the global setup fails the run without it); elsewhere the
 * suite is skipped when no PostgreSQL is reachable, like the other PostgreSQL suites.
 */
const PER_DEVICE = 100;
const withPostgres = testDialects().includes('postgres');

/** The pedidos of the device's stored pictures, read directly. */
async function storedFotos(databaseUrl: string, deviceId: number): Promise<string[]> {
  const database = openDatabase(databaseUrl);
  try {
    return (await fotosRepository(database.db).listOfDay(deviceId, 0, Number.MAX_SAFE_INTEGER)).map((foto) => foto.pedido);
  } finally {
    await database.db.destroy();
  }
}

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

    // Weighings: each goes to one instance; it is stored once and acknowledged.
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

  it('a picture asked through one instance is stored once, and both instances show it; one nobody asked for is dropped', async () => {
    const mosquitto = await startMosquitto(dir);
    cleanups.push(() => mosquitto.kill());
    const database = await createTestDatabase('postgres', join(dir, 'fotos'));
    cleanups.push(database.drop);
    const a = await startServerProcess({ databaseUrl: database.url, dir: join(dir, 'fotos-a'), port: await freePort(), mqttUrl: mosquitto.url });
    cleanups.push(() => a.kill());
    const b = await startServerProcess({ databaseUrl: database.url, dir: join(dir, 'fotos-b'), port: await freePort(), mqttUrl: mosquitto.url });
    cleanups.push(() => b.kill());

    const token = await signUp(a.baseUrl);
    const camera = await createScale(a.baseUrl, token, await createFarm(a.baseUrl, token));
    const sim = new SimDevice({ ...liveKey(camera), usuario: camera.credencial!.usuario, senha: camera.credencial!.senha }, mosquitto.url);
    cleanups.push(() => sim.end());
    const tabs = [new LiveSocket(a.baseUrl, token, [liveKey(camera)]), new LiveSocket(b.baseUrl, token, [liveKey(camera)])];
    for (const tab of tabs) {
      cleanups.push(() => tab.close());
      await tab.opened();
    }
    await sim.waitConnected();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 5]).toString('base64');
    const answer = (pedido: string) => sim.sendRaw(formatDeviceMessage({ tipo: 'IMAGEM', pedido, mime: 'image/png', base64: png }));

    tabs[0]!.command(liveKey(camera), 'foto', 'duas-1');
    await until(() => sim.commands.some((command) => command.tipo === 'CMD' && command.comando === 'foto' && command.pedido === 'duas-1'), 'the camera to be asked');
    // Unasked first, then the answer: once the answer shows, the unasked one was handled (messages keep their order).
    answer('sozinha');
    answer('duas-1');
    const pictures = (tab: LiveSocket) => tab.eventsOf(liveKey(camera), 'imagem').flatMap((event) => (event.t === 'imagem' ? [event] : []));
    await until(() => tabs.every((tab) => pictures(tab).length > 0), 'the picture on each instance', 15_000);
    for (const tab of tabs) expect(pictures(tab).map((event) => event.pedido)).toEqual(['duas-1']);
    expect(pictures(tabs[1]!)[0]!.url).toBe(pictures(tabs[0]!)[0]!.url);
    expect(await storedFotos(database.url, camera.id)).toEqual(['duas-1']);
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);

  it("a grant revoked through one instance stops the grantee's readings on the other at once", async () => {
    const mosquitto = await startMosquitto(dir);
    cleanups.push(() => mosquitto.kill());
    const database = await createTestDatabase('postgres', join(dir, 'grants'));
    cleanups.push(database.drop);
    const a = await startServerProcess({ databaseUrl: database.url, dir: join(dir, 'grants-a'), port: await freePort(), mqttUrl: mosquitto.url });
    cleanups.push(() => a.kill());
    const b = await startServerProcess({ databaseUrl: database.url, dir: join(dir, 'grants-b'), port: await freePort(), mqttUrl: mosquitto.url });
    cleanups.push(() => b.kill());

    const ownerToken = await signUp(a.baseUrl);
    const granteeToken = await signUp(a.baseUrl);
    const grantee = await callApi<{ email: string }>(a.baseUrl, 'GET', '/api/getuser', undefined, granteeToken);
    const setGrant = (nivel: string) => callApi(a.baseUrl, 'POST', '/api/setpermissoes', { email: grantee.email, nivel, nucleos: null }, ownerToken);
    const farm = await createFarm(a.baseUrl, ownerToken);
    const scale = await createScale(a.baseUrl, ownerToken, farm);
    await setGrant('leitura');

    const sim = new SimDevice({ ...liveKey(scale), usuario: scale.credencial!.usuario, senha: scale.credencial!.senha }, mosquitto.url);
    cleanups.push(() => sim.end());
    // The grantee watches on B; the owner on A (to see the readings go on).
    const granteeTab = new LiveSocket(b.baseUrl, granteeToken, [liveKey(scale)]);
    const ownerTab = new LiveSocket(a.baseUrl, ownerToken, [liveKey(scale)]);
    for (const tab of [granteeTab, ownerTab]) {
      cleanups.push(() => tab.close());
      await tab.opened();
      expect(tab.registrations.at(-1)!.aceitos).toHaveLength(1);
    }
    await sim.waitConnected();
    const stopReadings = streamReadings([sim]);
    cleanups.push(stopReadings);
    await granteeTab.next(isReadingOf(scale), 'a reading on B before the revocation', 15_000);

    // Revoked through A. B's sockets are checked every minute; the notice must come well before.
    await setGrant('nenhum');
    await until(() => granteeTab.registrations.some((registration) => registration.aceitos.length === 0), 'B to drop the registration', 15_000);
    expect(granteeTab.registrations.at(-1)).toEqual({ t: 'registrado', aceitos: [], recusados: [`${scale.modelo}|${scale.serie}|${scale.chip_id}`] });
    const told = granteeTab.messages.length;
    // Readings go on (the owner on A gets them); the grantee on B gets none.
    for (let i = 0; i < 3; i += 1) await ownerTab.next(isReadingOf(scale), 'readings after the revocation', 15_000);
    expect(granteeTab.messages.slice(told).filter((message) => message.t === 'leitura')).toEqual([]);
    stopReadings();
    await Promise.all([a.stop(), b.stop()]);
  }, 120_000);
});
