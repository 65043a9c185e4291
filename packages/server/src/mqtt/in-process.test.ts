import { formatDeviceMessage } from '@portal/shared';
import { Aedes } from 'aedes';
import { connect as realConnect } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../events/index.js';
import { commandTopic, dataTopic } from '../modules/devices/index.js';
import { createAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { describeEachDialect } from '../test/harness.js';
import { connectDevice, recordingLogger } from '../test/mqtt.js';
import { testServices } from '../test/services.js';
import { deviceGateway } from './gateway.js';
import { compileFilter, inProcessLink } from './in-process.js';
import type { DeviceEvent } from './types.js';

// The gateway's MQTT client is counted: on the embedded broker it must not make one.
vi.mock('mqtt', async (importOriginal) => {
  const actual = await importOriginal<typeof import('mqtt')>();
  return { ...actual, connect: vi.fn(actual.connect) };
});
const connectCalls = () => (realConnect as unknown as ReturnType<typeof vi.fn>).mock.calls.length;

describe('topic filters', () => {
  it('match as a subscription would', () => {
    const data = compileFilter('portal/+/+/dados');
    expect(data('portal/CS/S-1/dados')).toBe(true);
    expect(data('portal/PS-SEL/x/dados')).toBe(true);
    expect(data('portal//x/dados')).toBe(true);
    expect(data('portal/CS/S-1/cmd')).toBe(false);
    expect(data('portal/interno/acessos')).toBe(false);
    expect(data('portal/CS/S-1/dados/mais')).toBe(false);
    expect(data('$SYS/portal/CS/dados')).toBe(false);
    const all = compileFilter('#');
    expect(all('a/b')).toBe(true);
    expect(all('$SYS/x')).toBe(false);
    expect(compileFilter('portal/#')('portal')).toBe(true);
    expect(compileFilter('portal/interno/acessos')('portal/interno/acessos')).toBe(true);
  });
});

describe('the in-process link on a bare broker', () => {
  let aedes: Aedes;
  beforeAll(async () => {
    aedes = new Aedes();
    await aedes.listen();
  });
  afterAll(() => new Promise<void>((resolve) => aedes.close(() => resolve())));

  it('hands over what matches, subscribes and publishes in-process, and lets go', async () => {
    const link = inProcessLink(aedes);
    const taken: string[] = [];
    const stop = link.onPublish('portal/+/+/dados', (topic, payload) => taken.push(`${topic} ${payload.toString()}`));
    const notices: string[] = [];
    const unsubscribe = await link.subscribe('portal/interno/acessos', (payload) => notices.push(payload.toString()));

    await link.publish('portal/CS/S-1/dados', 'P1|PESO|1', 0);
    await link.publish('portal/CS/S-1/cmd', 'P1|CMD|update', 1);
    await link.publish('portal/interno/acessos', '{"usuario":1}', 1);
    expect(taken).toEqual(['portal/CS/S-1/dados P1|PESO|1']);
    expect(notices).toEqual(['{"usuario":1}']);

    stop();
    await unsubscribe();
    await link.publish('portal/CS/S-1/dados', 'P1|PESO|2', 0);
    await link.publish('portal/interno/acessos', '{"usuario":2}', 1);
    expect(taken).toHaveLength(1);
    expect(notices).toHaveLength(1);
  });
});

describeEachDialect('the gateway on the embedded broker, in-process', (portal) => {
  it('makes no MQTT client, and handles each device message once, in order', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja Em Processo' });
    const saved = await createDevice(portal(), account, { nucleo_id: farm.id, chip_id: 'ESP32-IP' });
    const { log } = recordingLogger();
    const bus = createEventBus(log);
    const services = testServices(portal(), { events: bus });
    const store = vi.spyOn(services.readings, 'store');
    const gateway = deviceGateway({ config: { ...portal().config, MQTT_PORT: 0, MQTT_URL: undefined }, services, events: bus, clock: Date.now, log });
    const clientsBefore = connectCalls();
    await gateway.start();
    try {
      expect(connectCalls()).toBe(clientsBefore);
      expect(gateway.connected).toBe(true);
      const events: DeviceEvent[] = [];
      gateway.onEvent((event) => events.push(event));
      const device = await connectDevice(
        `mqtt://127.0.0.1:${gateway.brokerPort}`,
        { username: saved.credencial!.usuario, password: saved.credencial!.senha, clientId: `${saved.modelo}-${saved.serie}` },
        commandTopic(saved.modelo, saved.serie),
      );
      try {
        for (let peso = 1; peso <= 30; peso += 1) await device.publish(dataTopic(saved.modelo, saved.serie), formatDeviceMessage({ tipo: 'PESO', peso, estavel: true, aves: 1 }));
        await vi.waitFor(() => expect(events).toHaveLength(30));
        expect(events.map((event) => (event.message.t === 'leitura' && event.message.leitura.tipo === 'PESO' ? event.message.leitura.peso : null))).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
        expect(store).toHaveBeenCalledTimes(30);
        // Commands still reach the device, now published in-process.
        await gateway.sendCommand(saved, { tipo: 'CMD', comando: 'update' });
        expect(await device.next((text) => text.startsWith('P1|CMD'))).toBe('P1|CMD|update');
      } finally {
        await device.end();
      }
    } finally {
      await gateway.stop();
    }
    expect(gateway.connected).toBe(false);
    // Its contact was written by the time the gateway stopped.
    const row = await portal().database.db.selectFrom('devices').select('last_contact_at').where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.last_contact_at).toBeGreaterThan(Date.now() - 60_000);
  });
});

describeEachDialect("the gateway on the machine's Mosquitto keeps its MQTT client", (portal) => {
  it('connects one client on MQTT_URL', async (context) => {
    const { log } = recordingLogger();
    const bus = createEventBus(log);
    const gateway = deviceGateway({ config: { ...portal().config, MQTT_PORT: 0, MQTT_URL: 'mqtt://127.0.0.1:1883' }, services: testServices(portal(), { events: bus }), events: bus, clock: Date.now, log });
    const clientsBefore = connectCalls();
    await gateway.start();
    try {
      if (!gateway.connected) {
        if (process.env.REQUIRE_BROKER) throw new Error('Mosquitto is not reachable at 127.0.0.1:1883 and REQUIRE_BROKER is set');
        return context.skip();
      }
      expect(connectCalls()).toBe(clientsBefore + 1);
      expect(gateway.brokerPort).toBeNull();
    } finally {
      await gateway.stop();
    }
  });
});
