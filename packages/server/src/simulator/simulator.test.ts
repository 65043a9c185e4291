import { deviceKey, LIVE_CHANNEL_VERSION, LIVE_PATH, type DeviceSaved, type LiveDevice, type LiveServerMessage, type Lote, type Nucleo } from '@portal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { daysBefore } from '../demo/sample-data.js';
import { until } from '../test/device-client.js';
import { createAccount, type TestAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { createLote } from '../test/factories/flocks.js';
import { createSilo } from '../test/factories/silos.js';
import { createPadrao } from '../test/factories/standards.js';
import { describeEachDialect, type TestPortal } from '../test/harness.js';
import { loadAccountOverHttp } from './account-http.js';
import type { SimulatorLog } from './device.js';
import { startSimulator, type RunningSimulator } from './runner.js';

/** Warnings and errors the simulator logged (none expected). */
const problems: string[] = [];
const log: SimulatorLog = { info: () => undefined, debug: () => undefined, warn: (line) => void problems.push(line), error: (line) => void problems.push(line) };

/** A browser tab on the live channel, signed in: what it received, and a way to send. */
async function liveTab(portal: TestPortal, token: string) {
  const socket = new WebSocket(`${portal.baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`);
  const messages: LiveServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveServerMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ t: 'hello', v: LIVE_CHANNEL_VERSION, token }));
  await until(() => messages.some((message) => message.t === 'ready'), 'the live channel to be ready');
  return { socket, messages, send: (message: object) => socket.send(JSON.stringify(message)) };
}

describeEachDialect('simulator', (portal) => {
  let account: TestAccount;
  let farm: Nucleo;
  let lote: Lote;
  let devices: DeviceSaved[];
  let simulator: RunningSimulator | undefined;

  beforeAll(async () => {
    account = await createAccount(portal());
    farm = await createNucleo(portal(), account);
    const padrao = await createPadrao(portal(), account);
    const today = new Date().toISOString().slice(0, 10);
    lote = await createLote(portal(), account, farm, { codigo: 'Lote 7', padrao_id: padrao.id, data_alojamento: daysBefore(today, 10), aviarios: farm.aviarios.map((house) => house.id) });
    const place = { nucleo_id: farm.id, aviario_id: farm.aviarios[0]!.id };
    devices = [
      await createDevice(portal(), account, { modelo: 'CS', chip_id: 'ESP32-CS', ...place }),
      await createDevice(portal(), account, { modelo: 'SELAUTO', chip_id: 'ESP32-SEL', ...place }),
      await createDevice(portal(), account, { modelo: 'COLETOR', chip_id: 'ESP32-COL', ...place }),
      await createDevice(portal(), account, { modelo: 'BSILO', chip_id: 'ESP32-SILO', nucleo_id: farm.id }),
      await createDevice(portal(), account, { modelo: 'CAM', chip_id: '', ...place }),
    ];
    await createSilo(portal(), account, farm, { device_id: devices[3]!.id, aviarios: [farm.aviarios[0]!.id] });
  });
  afterAll(async () => {
    await simulator?.stop();
  });

  it('signs in, renews the secrets, streams; every weighing is stored once and acknowledged; foto gets a picture', async () => {
    const loaded = await loadAccountOverHttp(portal().baseUrl, account.email, account.password);
    expect([...loaded.logins.keys()].sort()).toEqual(devices.map((device) => device.id).sort());
    // The secrets the registration issued were replaced.
    for (const device of devices) expect(loaded.logins.get(device.id)!.senha).not.toBe(device.credencial!.senha);
    expect(loaded.broker!.porta).toBeGreaterThan(0);

    simulator = startSimulator({
      snapshot: loaded.snapshot,
      logins: loaded.logins,
      brokerUrl: `mqtt://127.0.0.1:${loaded.broker!.porta}`,
      log,
      seed: 42,
      // Ticks every 50 ms instead of 2–5 s, so a few seconds give dozens of records.
      intervalMs: 50,
      resendMs: 1_000,
    });
    const sim = simulator;
    const byModel = (modelo: string) => sim.devices.find((device) => device.label.startsWith(`${modelo} `))!;
    await until(() => sim.devices.every((device) => device.connected), 'every virtual device to connect');
    await until(
      () => byModel('CS').counters.acked >= 5 && byModel('SELAUTO').counters.acked >= 20 && byModel('COLETOR').counters.acked >= 1,
      () => `acknowledged records (${sim.devices.map((device) => `${device.label}: ${device.counters.acked}/${device.counters.records}`).join(', ')})`,
    );

    // A browser tab asks the scale and the camera for a picture: each answers with a PNG.
    const tab = await liveTab(portal(), account.token);
    const keys = devices.filter((device) => device.modelo === 'CS').map((device): LiveDevice => ({ modelo: device.modelo as LiveDevice['modelo'], serie: device.serie, chip_id: device.chip_id }));
    tab.send({ t: 'registrar', dispositivos: keys });
    await until(() => tab.messages.some((message) => message.t === 'registrado'), 'the registration');
    tab.send({ t: 'comando', chave: deviceKey(keys[0]!), comando: 'foto', pedido: 'sim-foto-1' });
    await until(() => tab.messages.some((message) => message.t === 'imagem' && message.pedido === 'sim-foto-1'), () => `the picture (got ${JSON.stringify(tab.messages).slice(0, 300)})`);
    tab.socket.close();
    const fotos = await portal().database.db.selectFrom('device_fotos').select(['device_id', 'mime', 'bytes']).where('pedido', '=', 'sim-foto-1').execute();
    expect(fotos).toEqual([{ device_id: devices[0]!.id, mime: 'image/png', bytes: expect.any(Number) }]);
    expect(fotos[0]!.bytes).toBeLessThan(60 * 1024);

    // No new records; wait for the answers to those in flight, then compare with what was stored.
    for (const device of sim.devices) device.stopTicking();
    await until(() => sim.devices.every((device) => device.unacknowledged === 0), 'every record to be answered');
    const rows = await portal()
      .database.db.selectFrom('pesagens')
      .select(['device_id', 'seq', 'nucleo_id', 'lote_id', 'serie_balanca'])
      .where(
        'device_id',
        'in',
        devices.map((device) => device.id),
      )
      .execute();
    for (const device of devices) {
      const virtual = sim.devices.find((item) => item.deviceId === device.id)!;
      const stored = rows.filter((row) => row.device_id === device.id);
      expect(virtual.counters.naked, device.modelo).toBe(0);
      expect(stored.length, device.modelo).toBe(virtual.counters.records);
      expect(virtual.counters.acked, device.modelo).toBe(virtual.counters.records);
      // None twice.
      expect(new Set(stored.map((row) => String(row.seq))).size).toBe(stored.length);
      for (const row of stored) expect(row).toMatchObject({ nucleo_id: farm.id, lote_id: lote.id, serie_balanca: device.serie });
    }
    expect(rows.length).toBeGreaterThanOrEqual(26);
    expect(problems).toEqual([]);
  });
});
