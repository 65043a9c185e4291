import { EventEmitter } from 'node:events';
import { LIVE_CHANNEL_VERSION } from '@portal/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createEventBus } from '../events/index.js';
import type { DeviceEvent } from '../mqtt/types.js';
import { until } from '../test/device-client.js';
import { EventFrames, WriteBatch } from './frames.js';
import { createLiveHub } from './hub.js';

/** What the hub hands a ws socket: the data as given (a shared frame stays the same Buffer) and its options. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 1;
  bufferedAmount = 0;
  readonly raw: Array<{ data: string | Buffer; options: object | undefined }> = [];
  send(data: string | Buffer, options?: object | ((error?: Error) => void), callback?: (error?: Error) => void): void {
    this.raw.push({ data, options: typeof options === 'function' ? undefined : options });
    (typeof options === 'function' ? options : callback)?.();
  }
  get sent(): Array<Record<string, unknown>> {
    return this.raw.map(({ data }) => JSON.parse(data.toString()) as Record<string, unknown>);
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
const leitura: DeviceEvent = {
  device,
  message: { t: 'leitura', chave: '', iddevice: 7, modelo: 'CS', serie: 'S-1', em: '2026-11-01T00:00:00.000Z', leitura: { tipo: 'PESO', peso: 1000.5, estavel: true, aves: 1 } },
};

describe('live event frames', () => {
  it('serialises the event once, and each key once, giving the event with that key', () => {
    const frames = new EventFrames(leitura.message);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const upper = frames.for('CS|S-1|AB12');
      expect(frames.for('CS|S-1|AB12')).toBe(upper);
      const lower = frames.for('CS|s-1|AB12');
      expect(frames.for('CS|s-1|AB12')).toBe(lower);
      // The event's body once; each key (a string) once.
      expect(stringify.mock.calls.filter(([value]) => typeof value === 'object')).toHaveLength(1);
      expect(stringify).toHaveBeenCalledTimes(3);
      expect(JSON.parse(upper.toString())).toEqual({ ...leitura.message, chave: 'CS|S-1|AB12' });
      expect(JSON.parse(lower.toString())).toEqual({ ...leitura.message, chave: 'CS|s-1|AB12' });
    } finally {
      stringify.mockRestore();
    }
  });

  it('keeps a key that needs escaping valid JSON', () => {
    const frame = new EventFrames(leitura.message).for('CS|"x\\y|AB12');
    expect(JSON.parse(frame.toString())).toMatchObject({ chave: 'CS|"x\\y|AB12' });
  });
});

describe('live hub: one serialisation per event for all its sockets', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('sends the same text frame to every socket watching the device', async () => {
    let listener: ((event: DeviceEvent) => void) | undefined;
    const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const hub = createLiveHub({
      gateway: {
        onEvent: (registered) => {
          listener = registered;
          return () => undefined;
        },
        sendCommand: async () => undefined,
        onGrantsChanged: () => () => undefined,
      },
      events: createEventBus(log),
      authenticateToken: async () => ({ userId: 1, sessionId: 1 }),
      findDevices: async () => [device],
      access: async () => true,
      ownerAccess: async () => true,
      fotoRequests: { askedByUser: async () => ({ ok: true, id: 1 }), withdraw: async () => undefined },
      clock: Date.now,
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

    // Five tabs: four name the device as registered, one with the serial in lower case (its own key).
    const sockets = Array.from({ length: 5 }, () => new FakeSocket());
    for (const [index, socket] of sockets.entries()) {
      accept!(socket as unknown as WebSocket);
      socket.receive({ t: 'hello', v: LIVE_CHANNEL_VERSION, token: 't' });
      socket.receive({ t: 'registrar', dispositivos: [{ modelo: 'CS', serie: index === 4 ? 's-1' : 'S-1', chip_id: 'AB12' }] });
      await until(() => socket.sent.some((message) => message.t === 'registrado'), 'registrado');
    }
    const before = sockets.map((socket) => socket.raw.length);

    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      listener!(leitura);
      expect(stringify.mock.calls.filter(([value]) => typeof value === 'object')).toHaveLength(1);
    } finally {
      stringify.mockRestore();
    }
    const frames = sockets.map((socket, index) => socket.raw.slice(before[index]));
    for (const sent of frames) expect(sent).toHaveLength(1);
    // One Buffer, the same object, for the four sharing a key; sent as text.
    for (const [sent] of frames.slice(1, 4)) expect(sent!.data).toBe(frames[0]![0]!.data);
    for (const [sent] of frames) expect(sent!.options).toEqual({ binary: false });
    expect(JSON.parse(frames[0]![0]!.data.toString())).toEqual({ ...leitura.message, chave: 'CS|S-1|AB12' });
    expect(JSON.parse(frames[4]![0]!.data.toString())).toEqual({ ...leitura.message, chave: 'CS|s-1|AB12' });

    // No socket watching: nothing serialised at all.
    const idle = vi.spyOn(JSON, 'stringify');
    try {
      listener!({ ...leitura, device: { ...device, id: 8 } });
      expect(idle).not.toHaveBeenCalled();
    } finally {
      idle.mockRestore();
    }
  });
});

describe('a write batch', () => {
  it("holds a socket's frames until the turn's I/O is done, then sends them all, in order", async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const tab = new WebSocket(`ws://127.0.0.1:${(server.address() as { port: number }).port}`);
    const got: string[] = [];
    tab.on('message', (data) => got.push(data.toString()));
    const opened = new Promise((resolve) => tab.once('open', resolve));
    const socket = await accepted;
    await opened;
    try {
      const stream = (socket as unknown as { _socket: { writableCorked: number } })._socket;
      const batch = new WriteBatch();
      for (const text of ['a', 'b', 'c']) {
        batch.hold(socket);
        socket.send(text);
      }
      // Held: one cork for the three, their bytes counted as waiting.
      expect(stream.writableCorked).toBe(1);
      expect(socket.bufferedAmount).toBeGreaterThan(0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(stream.writableCorked).toBe(0);
      await until(() => got.length === 3, 'the three frames');
      expect(got).toEqual(['a', 'b', 'c']);
    } finally {
      tab.close();
      server.close();
    }
  });
});
