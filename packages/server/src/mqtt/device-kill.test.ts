import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../db/dialect.js';
import { range, SimDevice, streamWeighings, until } from '../test/device-client.js';
import { createTestDatabase, testDialects } from '../test/harness.js';
import { createFarm, createScale, freePort, signUp, startServerProcess, storedSeqs, type ServerProcess } from '../test/server-process.js';

/**
 * "An acknowledged weighing is never lost, and none is stored twice": the BUILT server takes
 * weighings streamed by three devices over its embedded broker, is killed with SIGKILL while they
 * stream, and started again on the same ports and database. The devices reconnect by themselves
 * and re-send what was not acknowledged (and some already acknowledged, as a device whose
 * acknowledgement was lost does); at the end every seq is stored exactly once and every seq
 * acknowledged before the kill was among them.
 */
const DEVICES = 3;
const PER_DEVICE = 300;

describe('a portal killed while devices stream weighings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-device-kill-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed', error));
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(testDialects())('stores every acknowledged weighing exactly once [%s]', async (dialect: DialectName) => {
    const runDir = mkdtempSync(join(dir, `${dialect}-`));
    const database = await createTestDatabase(dialect, runDir);
    cleanups.push(database.drop);
    const options = { databaseUrl: database.url, dir: runDir, port: await freePort(), mqttPort: await freePort() };
    let server: ServerProcess = await startServerProcess(options);
    cleanups.push(() => server.kill());

    const token = await signUp(server.baseUrl);
    const farm = await createFarm(server.baseUrl, token);
    const devices: SimDevice[] = [];
    const ids: number[] = [];
    for (let index = 0; index < DEVICES; index += 1) {
      const saved = await createScale(server.baseUrl, token, farm);
      ids.push(saved.id);
      const login = { modelo: saved.modelo, serie: saved.serie, chip_id: saved.chip_id, usuario: saved.credencial!.usuario, senha: saved.credencial!.senha };
      const device = new SimDevice(login, `mqtt://127.0.0.1:${options.mqttPort}`, { resendMs: 1000, pes: { nucleo: farm.nome, aviario: farm.aviarios[0]!.nome } });
      devices.push(device);
      cleanups.push(() => device.end());
    }
    await Promise.all(devices.map((device) => device.waitConnected()));

    // Stream for ~6 s in all; kill the portal once a first share is acknowledged, mid-stream.
    const streaming = streamWeighings(devices, 1, PER_DEVICE, 20);
    const ackedTotal = () => devices.reduce((sum, device) => sum + device.acked.size, 0);
    await until(() => ackedTotal() >= 60, 'the first 60 acknowledgements', 30_000);
    await server.kill();
    const ackedBeforeKill = devices.map((device) => [...device.acked]);
    expect(ackedBeforeKill.flat().length).toBeGreaterThanOrEqual(60);
    // Some weighings were sent to the dead portal, or will be while it is down.
    await until(() => devices.every((device) => !device.connected), 'the devices to notice the portal is gone', 10_000);

    server = await startServerProcess(options);
    await Promise.all(devices.map((device) => device.waitConnected()));
    // The first device lost the acknowledgements of its first 20 weighings: it sends them again.
    devices[0]!.replay(range(1, 20));
    await streaming;
    await Promise.all(devices.map((device) => device.waitAcked(range(1, PER_DEVICE), 60_000)));
    expect(devices.every((device) => device.naks.length === 0)).toBe(true);
    expect(devices.every((device) => device.connects >= 2)).toBe(true);

    const stored = await storedSeqs(database.url, ids);
    ids.forEach((id, index) => {
      const seqs = stored.get(id)!;
      // Exactly once each: the whole range and nothing twice.
      expect(seqs).toEqual(range(1, PER_DEVICE));
      for (const seq of ackedBeforeKill[index]!) expect(seqs).toContain(seq);
    });
    await server.stop();
  }, 180_000);
});
