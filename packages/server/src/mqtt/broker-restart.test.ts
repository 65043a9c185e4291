import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceSaved, LiveServerMessage } from '@portal/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { LiveSocket, range, SimDevice, streamReadings, streamWeighings, until, type LiveEvent } from '../test/device-client.js';
import { createTestDatabase } from '../test/harness.js';
import { createFarm, createScale, freePort, signUp, startMosquitto, startServerProcess, storedSeqs, withMosquitto, type ServerProcess } from '../test/server-process.js';

/**
 * "The broker goes away while devices stream": devices, the portal's gateway and a browser tab
 * reconnect by themselves, every weighing is stored once, and the tab receives readings again.
 * The embedded broker restarts with the portal (a graceful restart); an external broker is a
 * private Mosquitto on a free port, killed and started again while the portal keeps running (the
 * machine's shared Mosquitto is never touched).
 */
const DEVICES = 2;
const PER_DEVICE = 200;

const liveKey = (saved: DeviceSaved) => ({ modelo: saved.modelo, serie: saved.serie, chip_id: saved.chip_id });
const isReadingOf = (saved: DeviceSaved) => (message: LiveServerMessage): message is LiveEvent => message.t === 'leitura' && message.serie === saved.serie;

interface Setup {
  server: ServerProcess;
  devices: SimDevice[];
  saved: DeviceSaved[];
  socket: LiveSocket;
  databaseUrl: string;
}

describe('broker restarts while devices stream', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-broker-restart-'));
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error('cleanup failed', error));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A portal on a fresh SQLite database, two scales streaming to `brokerUrl`, a tab watching both. */
  async function setUp(options: { port: number; mqttPort?: number; mqttUrl?: string; brokerUrl: string; runDir: string }): Promise<Setup> {
    const database = await createTestDatabase('sqlite', options.runDir);
    const server = await startServerProcess({ databaseUrl: database.url, dir: options.runDir, port: options.port, mqttPort: options.mqttPort, mqttUrl: options.mqttUrl });
    cleanups.push(() => server.kill());
    const token = await signUp(server.baseUrl);
    const farm = await createFarm(server.baseUrl, token);
    const saved: DeviceSaved[] = [];
    const devices: SimDevice[] = [];
    for (let index = 0; index < DEVICES; index += 1) {
      const device = await createScale(server.baseUrl, token, farm);
      saved.push(device);
      const login = { ...liveKey(device), usuario: device.credencial!.usuario, senha: device.credencial!.senha };
      const sim = new SimDevice(login, options.brokerUrl, { resendMs: 1000, pes: { nucleo: farm.nome, aviario: farm.aviarios[0]!.nome } });
      devices.push(sim);
      cleanups.push(() => sim.end());
    }
    const socket = new LiveSocket(server.baseUrl, token, saved.map(liveKey));
    cleanups.push(() => socket.close());
    await socket.opened();
    expect(socket.registrations.at(-1)!.aceitos).toHaveLength(DEVICES);
    await Promise.all(devices.map((device) => device.waitConnected()));
    return { server, devices, saved, socket, databaseUrl: database.url };
  }

  /** Live readings alongside the weighings until the test ends (lost while a device is offline). */
  const showReadings = (devices: SimDevice[]) => cleanups.push(streamReadings(devices));

  async function expectStoredOnce(setup: Setup): Promise<void> {
    await Promise.all(setup.devices.map((device) => device.waitAcked(range(1, PER_DEVICE), 60_000)));
    const stored = await storedSeqs(
      setup.databaseUrl,
      setup.saved.map((device) => device.id),
    );
    for (const device of setup.saved) expect(stored.get(device.id)).toEqual(range(1, PER_DEVICE));
    for (const device of setup.devices) expect(device.naks).toEqual([]);
  }

  it('embedded broker: the portal restarts gracefully; devices and the tab come back', async () => {
    const runDir = mkdtempSync(join(dir, 'embedded-'));
    const options = { port: await freePort(), mqttPort: await freePort(), runDir };
    const brokerUrl = `mqtt://127.0.0.1:${options.mqttPort}`;
    const setup = await setUp({ ...options, brokerUrl });
    const { devices, saved, socket } = setup;

    const streaming = streamWeighings(devices, 1, PER_DEVICE, 20);
    showReadings(devices);
    await socket.next(isReadingOf(saved[0]!), 'a reading before the restart');
    await until(() => devices.every((device) => device.acked.size >= 20), 'acknowledgements before the restart');
    await setup.server.stop();
    await until(() => devices.every((device) => !device.connected) && !socket.isOpen, 'devices and tab to lose the portal', 10_000);

    setup.server = await startServerProcess({ databaseUrl: setup.databaseUrl, dir: runDir, port: options.port, mqttPort: options.mqttPort });
    cleanups.push(() => setup.server.kill());
    // The tab says hello and registers again by itself; readings flow to it once more.
    await until(() => socket.readies >= 2, 'the tab to reconnect', 15_000);
    await socket.opened();
    for (const device of saved) await socket.next(isReadingOf(device), `a reading of ${device.serie} after the restart`, 15_000);
    await streaming;
    await expectStoredOnce(setup);
    expect(devices.every((device) => device.connects >= 2)).toBe(true);
    await setup.server.stop();
  }, 120_000);

  it.skipIf(!withMosquitto)('external broker: a private Mosquitto is killed and started again; the portal stays up', async () => {
    const runDir = mkdtempSync(join(dir, 'external-'));
    const mosquitto = await startMosquitto(runDir);
    cleanups.push(() => mosquitto.kill());
    const setup = await setUp({ port: await freePort(), mqttUrl: mosquitto.url, brokerUrl: mosquitto.url, runDir });
    const { devices, saved, socket } = setup;

    const streaming = streamWeighings(devices, 1, PER_DEVICE, 20);
    showReadings(devices);
    await socket.next(isReadingOf(saved[0]!), 'a reading before the broker restart');
    await until(() => devices.every((device) => device.acked.size >= 20), 'acknowledgements before the broker restart');
    await mosquitto.kill();
    await until(() => devices.every((device) => !device.connected), 'the devices to lose the broker', 10_000);
    await mosquitto.restart();

    await Promise.all(devices.map((device) => device.waitConnected()));
    // The gateway resubscribed by itself: readings reach the same tab, which never reconnected.
    for (const device of saved) await socket.next(isReadingOf(device), `a reading of ${device.serie} after the broker restart`, 20_000);
    expect(socket.readies).toBe(1);
    await streaming;
    await expectStoredOnce(setup);
    await setup.server.stop();
  }, 120_000);
});
