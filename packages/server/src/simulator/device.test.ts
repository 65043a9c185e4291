import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { formatPortalMessage, parseDeviceMessage, type MsgPes } from '@portal/shared';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTopic, dataTopic } from '../modules/devices/protocol.js';
import { until } from '../test/device-client.js';
import { VirtualDevice, type SimulatorLog } from './device.js';
import type { Behaviour } from './models/types.js';

const DEVICE = { id: 1, modelo: 'CS' as const, serie: 'SIM-1', chip_id: 'CHIP-1', versao: '1.0' };
const warnings: string[] = [];
const log: SimulatorLog = { info: () => undefined, debug: () => undefined, warn: (line) => void warnings.push(line), error: (line) => void warnings.push(line) };

/** A scale that makes one record a tick. */
const recordEveryTick: Behaviour = {
  intervalMs: 20,
  tick: () => [
    { tipo: 'PES', data: '2026-03-01', hora: '08:00:00', nucleo: 'N', lote: 'L', aviario: 'A1', lado: '1', box: '1', sexo: 'M', peso: 1500, idade_lote: 21, linha: 'Ross', score: null, obs: '' },
  ],
};

/**
 * A bare broker (no logins) and a stand-in for the portal's gateway that answers only when told:
 * the device's re-sending is seen from outside, as the portal sees it.
 */
describe('virtual device: records until answered', () => {
  let aedes: Aedes;
  let server: Server;
  const sockets = new Set<Socket>();
  let portal: MqttClient;
  const received: Array<{ tipo: string; seq?: number }> = [];
  /** What the second device (no periodic re-sending within the test) sent. */
  const quiet: Array<{ tipo: string; seq?: number }> = [];
  let url = '';
  let device: VirtualDevice;
  const reply = (text: string) => portal.publishAsync(commandTopic(DEVICE.modelo, DEVICE.serie), text);

  beforeAll(async () => {
    aedes = await Aedes.createBroker();
    server = createServer((socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      aedes.handle(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    portal = await mqtt.connectAsync(url, { clientId: 'portal', reconnectPeriod: 0 });
    await portal.subscribeAsync([dataTopic(DEVICE.modelo, DEVICE.serie), dataTopic(DEVICE.modelo, 'SIM-2')]);
    portal.on('message', (topic, payload) => {
      const parsed = parseDeviceMessage(payload.toString(), DEVICE.modelo);
      if (!parsed.ok) throw new Error(`the device sent what the portal cannot read: ${parsed.detalhe}`);
      (topic.includes('SIM-2') ? quiet : received).push({ tipo: parsed.message.tipo, ...(parsed.message.tipo === 'PES' ? { seq: (parsed.message as MsgPes).seq } : {}) });
    });
    device = new VirtualDevice({
      device: DEVICE, brokerUrl: url, usuario: 'u', senha: 's', clientId: 'CS-SIM-1', behaviour: recordEveryTick, timezone: -3,
      random: Math.random, seqBase: Date.now() * 1000, log, resendMs: 300, reconnectMs: 50,
    });
    device.start();
    await until(() => device.connected, 'the device to connect');
  });
  afterAll(async () => {
    await device?.stop();
    await portal?.endAsync(true);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
  });

  const times = (seq: number) => received.filter((message) => message.seq === seq).length;

  it('numbers records with increasing, unique seqs and re-sends those unanswered', async () => {
    const sentSeqs = () => [...new Set(received.filter((message) => message.tipo === 'PES').map((message) => message.seq!))];
    // Counted when the portal has them, not when the device made them: on a busy machine delivery lags.
    await until(() => sentSeqs().length >= 3, 'three records');
    device.stopTicking();
    const seqs = sentSeqs();
    expect(seqs.length).toBeGreaterThanOrEqual(3);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(seqs.every((seq) => Number.isSafeInteger(seq) && seq > Date.now())).toBe(true);
    // Nobody answered: each comes again after the re-send period.
    await until(() => seqs.every((seq) => times(seq) >= 2), 'every record a second time');
    expect(device.unacknowledged).toBe(device.counters.records);
  });

  it('forgets a record once the portal acknowledges or refuses it', async () => {
    const seqs = [...new Set(received.filter((message) => message.seq !== undefined).map((message) => message.seq!))];
    await reply(formatPortalMessage({ tipo: 'NAK', seq: seqs[0]!, motivo: 'NUCLEO' }));
    for (const seq of seqs.slice(1, -1)) await reply(formatPortalMessage({ tipo: 'ACK', seq }));
    await until(() => device.unacknowledged === 1, 'one record left');
    expect(device.counters).toMatchObject({ naked: 1, acked: seqs.length - 2 });
    expect(warnings.some((line) => line.includes(`record ${seqs[0]} refused by the portal: NUCLEO`))).toBe(true);
  });

  it('after a lost connection reconnects by itself, sends ID and re-sends what is still unanswered', async () => {
    const last = Math.max(...received.filter((message) => message.seq !== undefined).map((message) => message.seq!));
    const ids = received.filter((message) => message.tipo === 'ID').length;
    const before = times(last);
    for (const socket of sockets) if (socket.remotePort !== (portal.stream as Socket).localPort) socket.destroy();
    await until(() => received.filter((message) => message.tipo === 'ID').length > ids, 'ID after the reconnect');
    await until(() => times(last) > before, 'the unanswered record again');
    expect(device.counters.connects).toBeGreaterThanOrEqual(2);
    await reply(formatPortalMessage({ tipo: 'ACK', seq: last }));
    await until(() => device.unacknowledged === 0, 'nothing left');
  });

  it('re-sends every unanswered record right after reconnecting, not only every 10 s', async () => {
    const second = new VirtualDevice({
      device: { ...DEVICE, id: 2, serie: 'SIM-2' }, brokerUrl: url, usuario: 'u', senha: 's', clientId: 'CS-SIM-2', behaviour: recordEveryTick, timezone: -3,
      random: Math.random, seqBase: Date.now() * 1000, log, reconnectMs: 50,
    });
    try {
      second.start();
      await until(() => quiet.filter((message) => message.tipo === 'PES').length >= 2, 'two records');
      second.stopTicking();
      await until(() => quiet.filter((message) => message.tipo === 'PES').length === second.counters.records, 'every record once');
      const seqs = quiet.filter((message) => message.tipo === 'PES').map((message) => message.seq!);
      const ids = quiet.filter((message) => message.tipo === 'ID').length;
      const mine = [...sockets].filter((socket) => socket.remotePort === (second['client']!.stream as Socket).localPort);
      expect(mine).toHaveLength(1);
      mine[0]!.destroy();
      await until(() => quiet.filter((message) => message.tipo === 'ID').length > ids, 'ID after the reconnect');
      await until(() => seqs.every((seq) => quiet.filter((message) => message.seq === seq).length === 2), 'every record again');
      expect(second.counters.connects).toBe(2);
    } finally {
      await second.stop();
    }
  });

  it("answers 'update' with ID and 'foto' with a PNG", async () => {
    const ids = received.filter((message) => message.tipo === 'ID').length;
    await reply(formatPortalMessage({ tipo: 'CMD', comando: 'update' }));
    await until(() => received.filter((message) => message.tipo === 'ID').length > ids, 'ID again');
    await reply(formatPortalMessage({ tipo: 'CMD', comando: 'foto', pedido: 'p-9' }));
    await until(() => received.some((message) => message.tipo === 'IMAGEM'), 'the picture');
    expect(device.counters.pictures).toBe(1);
  });
});
