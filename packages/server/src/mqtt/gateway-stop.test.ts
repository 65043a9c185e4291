import { formatDeviceMessage, type MsgPes } from '@portal/shared';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../events/index.js';
import { commandTopic, dataTopic } from '../modules/devices/index.js';
import { createAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { describeEachDialect } from '../test/harness.js';
import { connectDevice, recordingLogger } from '../test/mqtt.js';
import { testServices } from '../test/services.js';
import { deviceGateway } from './gateway.js';
import { topicQueue } from './topic-queue.js';

const pes = (seq: number): MsgPes => ({
  tipo: 'PES', seq, data: '2026-03-01', hora: '08:30:00', nucleo: '', lote: '', aviario: 'A1', lado: 'E', box: '2', sexo: 'M',
  peso: 1234.5, idade_lote: 21, linha: 'Cobb', score: null, obs: '',
});

describe('the per-device queue', () => {
  it('drops what waits, keeps order, and lets what runs finish', async () => {
    const handled: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const queue = topicQueue(async (topic, payload) => {
      if (payload.toString() === 'a1') await gate;
      handled.push(`${topic}:${payload.toString()}`);
    }, () => {});
    for (const text of ['a1', 'a2', 'a3']) queue.push('a', Buffer.from(text));
    queue.push('b', Buffer.from('b1'));
    await vi.waitFor(() => expect(handled).toEqual(['b:b1']));
    expect(queue.drop()).toBe(2);
    release();
    await queue.idle();
    expect(handled).toEqual(['b:b1', 'a:a1']);
  });
});

describeEachDialect('the gateway stopping while a device streams weighings', (portal) => {
  it('answers the weighing it is storing, and neither stores nor answers those still waiting', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja Parada' });
    const saved = await createDevice(portal(), account, { nucleo_id: farm.id, chip_id: 'ESP32-STOP' });
    const { log } = recordingLogger();
    const bus = createEventBus(log);
    const services = testServices(portal(), { events: bus });
    // The first weighing is held inside the ingestion until the gateway is told to stop.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const store = services.ingestion.storeFromDevice.bind(services.ingestion);
    const storing = vi.spyOn(services.ingestion, 'storeFromDevice').mockImplementation(async (...args) => {
      if (storing.mock.calls.length === 1) await gate;
      return store(...args);
    });
    const gateway = deviceGateway({ config: { ...portal().config, MQTT_PORT: 0, MQTT_URL: undefined }, services, events: bus, clock: Date.now, log });
    await gateway.start();
    const device = await connectDevice(
      `mqtt://127.0.0.1:${gateway.brokerPort}`,
      { username: saved.credencial!.usuario, password: saved.credencial!.senha, clientId: `${saved.modelo}-${saved.serie}` },
      commandTopic(saved.modelo, saved.serie),
    );
    try {
      // Each PUBACK comes after the broker handed the message over: all three are in the gateway's hands.
      for (const seq of [1, 2, 3]) await device.publish(dataTopic(saved.modelo, saved.serie), formatDeviceMessage(pes(seq)));
      await vi.waitFor(() => expect(storing).toHaveBeenCalledTimes(1));
      const stopped = gateway.stop();
      release();
      expect(await device.next((text) => text.startsWith('P1|ACK'))).toBe('P1|ACK|1');
      await stopped;
    } finally {
      await device.end();
    }
    expect(storing).toHaveBeenCalledTimes(1);
    expect(device.received.map((message) => message.text)).toEqual(['P1|ACK|1']);
    const rows = await portal().database.db.selectFrom('pesagens').select('seq').where('device_id', '=', saved.id).execute();
    expect(rows.map((row) => row.seq)).toEqual([1]);
  });
});
