import { EventEmitter } from 'node:events';
import { deviceKey, LIVE_CHANNEL_VERSION, type LivePesagem, type LiveServerMessage } from '@portal/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { until } from '../test/device-client.js';
import { createEventBus } from '../events/index.js';
import type { DeviceEvent } from '../mqtt/types.js';
import { createLiveHub, SLOW_SOCKET_BYTES } from './hub.js';

/** Just enough of a ws socket: what the hub sends, and a settable backlog. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: LiveServerMessage[] = [];
  /** As ws: text, or a shared Buffer frame with { binary: false }. */
  send(data: string | Buffer, options?: object | ((error?: Error) => void), callback?: (error?: Error) => void): void {
    this.sent.push(JSON.parse(data.toString()) as LiveServerMessage);
    (typeof options === 'function' ? options : callback)?.();
  }
  close(): void {
    this.readyState = 3;
  }
  ping(): void {}
  terminate(): void {}
  receive(message: object): void {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

const device = { id: 7, owner_id: 1, nucleo_id: null, modelo: 'CS', serie: 'S-1', chip_id: 'AB12' };
const key = deviceKey({ modelo: 'CS', serie: 'S-1', chip_id: 'AB12' });
const about = { chave: '', iddevice: 7, modelo: 'CS', serie: 'S-1', em: '2026-11-01T00:00:00.000Z' };
const leitura: DeviceEvent = { device, message: { t: 'leitura', ...about, leitura: { tipo: 'PESO', peso: 1000, estavel: true, aves: 1 } } };
const weighed: LivePesagem = { id: 1, seq: 1, data: '2026-11-01', hora: '08:00:00', nucleo: 'N', lote: '', aviario: '1', lado: '1', box: '1', sexo: 'M', peso: 1500, idade_lote: null, linha: '', score: null, obs: '' };
const pesagem: DeviceEvent = { device, message: { t: 'pesagem', ...about, pesagem: weighed } };

describe('live hub: a slow socket', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('skips readings while over 4 MB are unsent, never weighings, and logs the skips once a minute', async () => {
    let listener: ((event: DeviceEvent) => void) | undefined;
    let now = Date.parse('2026-11-01T00:00:00Z');
    const warn = vi.fn();
    const log = { warn, info: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    // Weighings reach the hub from the ingestion service's event, readings from the gateway.
    const events = createEventBus(log);
    const hub = createLiveHub({
      gateway: {
        onEvent: (registered) => {
          listener = registered;
          return () => undefined;
        },
        sendCommand: async () => undefined,
        onGrantsChanged: () => () => undefined,
      },
      events,
      authenticateToken: async () => ({ userId: 1, sessionId: 1 }),
      findDevices: async () => [device],
      access: async () => true,
      ownerAccess: async () => true,
      fotoRequests: { askedByUser: async () => ({ ok: true, id: 1 }), withdraw: async () => undefined },
      clock: () => now,
      log,
    });
    let accept: ((socket: WebSocket) => void) | undefined;
    const hooks: (() => Promise<void>)[] = [];
    await hub({
      addHook: (_name: string, hook: () => Promise<void>) => hooks.push(hook),
      get: (_path: string, _options: object, handler: (socket: WebSocket) => void) => {
        accept = handler;
      },
    } as unknown as FastifyInstance);
    closers.push(async () => {
      for (const hook of hooks) await hook();
    });

    const socket = new FakeSocket();
    accept!(socket as unknown as WebSocket);
    socket.receive({ t: 'hello', v: LIVE_CHANNEL_VERSION, token: 't' });
    socket.receive({ t: 'registrar', dispositivos: [{ modelo: 'CS', serie: 'S-1', chip_id: 'AB12' }] });
    await until(() => socket.sent.some((message) => message.t === 'registrado'), 'registrado');

    listener!(leitura);
    expect(socket.sent.filter((message) => message.t === 'leitura')).toHaveLength(1);

    socket.bufferedAmount = SLOW_SOCKET_BYTES + 1;
    listener!(leitura);
    listener!(leitura);
    await events.emit('weighings.stored', { source: 'device', ownerId: 1, device, at: Date.parse(about.em), created: true, pesagem: weighed });
    expect(socket.sent.filter((message) => message.t === 'leitura')).toHaveLength(1);
    expect(socket.sent.filter((message) => message.t === 'pesagem')).toEqual([{ ...pesagem.message, chave: key }]);
    // Two skips within a minute: one log line.
    expect(warn).toHaveBeenCalledTimes(1);
    now += 60_000;
    listener!(leitura);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1]![0]).toMatchObject({ skipped: 2 });

    socket.bufferedAmount = 0;
    listener!(leitura);
    expect(socket.sent.filter((message) => message.t === 'leitura')).toHaveLength(2);
  });
});
