import { connect as tcpConnect, type Socket } from 'node:net';
import { formatDeviceMessage, MAX_IMAGE_BYTES, type DeviceSaved } from '@portal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { commandTopic, dataTopic } from '../modules/devices/index.js';
import { createAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { describeEachDialect } from '../test/harness.js';
import { connectDevice, startGateway, WARN } from '../test/mqtt.js';
import { PACKET_LIMITS, PENDING_LOGINS } from './broker.js';

/** What a flood may push before the broker cuts it: socket buffers on both sides, never the packet. */
const SOCKET_BUFFERS = 32 * 1024 * 1024;
const DECLARED = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x41);

/** MQTT's remaining-length varint. */
function varint(value: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return Buffer.from(bytes);
}

/** A fixed header: CONNECT (0x10) or PUBLISH QoS 0 (0x30) declaring `length` bytes to come. */
const header = (type: number, length: number) => Buffer.concat([Buffer.from([type]), varint(length)]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `first`, then streams 64 KiB chunks until the broker closes the connection, `DECLARED`
 * bytes went, or 30 s passed: how much went, and whether the broker closed it.
 */
async function floodTcp(port: number, first: Buffer): Promise<{ sent: number; closed: boolean }> {
  const socket = tcpConnect(port, '127.0.0.1');
  socket.on('error', () => {});
  let closed = false;
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closing.then(() => (closed = true));
  await new Promise((resolve) => socket.once('connect', resolve));
  const deadline = Date.now() + 30_000;
  socket.write(first);
  let sent = 0;
  while (!closed && sent < DECLARED && Date.now() < deadline) {
    sent += CHUNK.length;
    if (!socket.write(CHUNK)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closing, sleep(1_000)]);
  }
  await Promise.race([closing, sleep(Math.max(0, deadline - Date.now()))]);
  socket.destroy();
  return { sent, closed };
}

/** The same over MQTT-over-WebSocket: one binary message per chunk. */
async function floodWebSocket(url: string, first: Buffer): Promise<{ sent: number; closed: boolean }> {
  const socket = new WebSocket(url, 'mqtt');
  socket.on('error', () => {});
  let closed = false;
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closing.then(() => (closed = true));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const deadline = Date.now() + 30_000;
  socket.send(first);
  let sent = 0;
  while (!closed && socket.readyState === WebSocket.OPEN && sent < DECLARED && Date.now() < deadline) {
    // Counted only when ws took it: once the broker closed, a send fails.
    const taken = await new Promise<boolean>((resolve) => socket.send(CHUNK, (error) => resolve(!error)));
    if (taken) sent += CHUNK.length;
  }
  await Promise.race([closing, sleep(Math.max(0, deadline - Date.now()))]);
  socket.terminate();
  return { sent, closed };
}

/** Opens a connection that never sends anything; `closedByBroker` resolves if the broker closes it. */
async function silentConnection(port: number, localAddress: string): Promise<{ socket: Socket; closedByBroker: Promise<void> }> {
  const socket = tcpConnect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => {});
  const closedByBroker = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closedByBroker };
}

const within = (ms: number, promise: Promise<void>) => Promise.race([promise.then(() => true), sleep(ms).then(() => false)]);

describeEachDialect('embedded broker: packet size and pending logins', (portal) => {
  let started: Awaited<ReturnType<typeof startGateway>>;
  let port: number;
  let device: DeviceSaved;
  const login = (saved: DeviceSaved) => ({ username: saved.credencial!.usuario, password: saved.credencial!.senha, clientId: `${saved.modelo}-${saved.serie}` });

  beforeAll(async () => {
    started = await startGateway(portal());
    port = started.gateway.brokerPort!;
    device = await createDevice(portal(), await createAccount(portal()));
  });
  afterAll(async () => {
    await started?.gateway.stop();
  });

  it('cuts a CONNECT declaring 200 MB at its header, before buffering it', async () => {
    const flood = await floodTcp(port, header(0x10, DECLARED));
    expect(flood.closed).toBe(true);
    expect(flood.sent).toBeLessThan(SOCKET_BUFFERS);
    expect(started.lines.find((line) => line.msg === 'mqtt: packet over the size limit; connection closed')).toMatchObject({
      level: WARN, declared: expect.any(Number), limit: PACKET_LIMITS.beforeLogin, loggedIn: false,
    });
    // Refused on the length's first bytes: never more than the limit was declared and let through.
    const refusal = started.lines.find((line) => line.msg === 'mqtt: packet over the size limit; connection closed')!;
    expect(refusal.declared as number).toBeGreaterThan(PACKET_LIMITS.beforeLogin);
  }, 60_000);

  it('cuts the same CONNECT sent through /mqtt on the web port', async () => {
    const url = `${portal().baseUrl.replace(/^http/, 'ws')}/mqtt`;
    const flood = await floodWebSocket(url, header(0x10, DECLARED));
    expect(flood.closed).toBe(true);
    expect(flood.sent).toBeLessThan(SOCKET_BUFFERS);
    // A single WebSocket message over the server's maxPayload is refused by ws before it is held.
    const big = await floodWebSocket(url, Buffer.concat([header(0x10, DECLARED), Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.closed).toBe(true);
  }, 60_000);

  it("cuts a logged-in device's packet over the protocol's largest message, and passes a picture of the largest size", async () => {
    const camera = await connectDevice(started.url, login(device), commandTopic(device.modelo, device.serie));
    try {
      // The largest IMAGEM: a 384 KiB PNG, with the longest request id.
      const png = Buffer.alloc(MAX_IMAGE_BYTES);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
      const imagem = formatDeviceMessage({ tipo: 'IMAGEM', pedido: 'p'.repeat(40), mime: 'image/png', base64: png.toString('base64') });
      await camera.publish(dataTopic(device.modelo, device.serie), imagem);
      const pes = formatDeviceMessage({
        tipo: 'PES', seq: 7, data: '2026-03-02', hora: '09:00:00', nucleo: 'x', lote: '', aviario: '', lado: '', box: '', sexo: '',
        peso: 1000, idade_lote: null, linha: '', score: null, obs: '',
      });
      await camera.publish(dataTopic(device.modelo, device.serie), pes);
      // Answered (NAK: no farm 'x'), so the connection outlived the picture.
      await camera.next((text) => text.startsWith('P1|NAK|7') || text.startsWith('P1|ACK|7'));
      expect(started.lines.filter((line) => line.msg === 'mqtt: packet over the size limit; connection closed' && line.loggedIn === true)).toEqual([]);

      // One byte over: the header alone ends the connection.
      camera.client.stream.write(header(0x30, PACKET_LIMITS.afterLogin + 1));
      expect(await within(10_000, camera.closed)).toBe(true);
      expect(started.lines.find((line) => line.msg === 'mqtt: packet over the size limit; connection closed' && line.loggedIn === true)).toMatchObject({
        device: `${device.modelo} ${device.serie}`, declared: PACKET_LIMITS.afterLogin + 1, limit: PACKET_LIMITS.afterLogin,
      });
    } finally {
      await camera.end();
    }
  }, 60_000);

  it('refuses MQTT-over-WebSocket connections past their own cap of pending logins', async () => {
    const url = `${portal().baseUrl.replace(/^http/, 'ws')}/mqtt`;
    const open = async () => {
      const socket = new WebSocket(url, 'mqtt');
      socket.on('error', () => {});
      const closedByBroker = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise((resolve) => socket.once('open', resolve));
      return { socket, closedByBroker };
    };
    const held: Array<Awaited<ReturnType<typeof open>>> = [];
    try {
      for (let index = 0; index < PENDING_LOGINS.webSocket.perAddress; index++) held.push(await open());
      const refused = await open();
      expect(await within(5_000, refused.closedByBroker)).toBe(true);
      expect(await within(300, Promise.race(held.map((connection) => connection.closedByBroker)))).toBe(false);
    } finally {
      for (const connection of held) connection.socket.terminate();
    }
  }, 60_000);

  it('refuses connections past the caps of pending logins (per address, then in all); the connect timeout frees them', async () => {
    const held: Array<Awaited<ReturnType<typeof silentConnection>>> = [];
    try {
      for (let index = 0; index < PENDING_LOGINS.tcp.perAddress; index++) held.push(await silentConnection(port, '127.0.0.2'));
      const refused = await silentConnection(port, '127.0.0.2');
      expect(await within(5_000, refused.closedByBroker)).toBe(true);
      // Another address still gets in, up to the cap in all.
      const addresses = Math.ceil(PENDING_LOGINS.tcp.total / PENDING_LOGINS.tcp.perAddress);
      for (let index = PENDING_LOGINS.tcp.perAddress; index < PENDING_LOGINS.tcp.total; index++) {
        held.push(await silentConnection(port, `127.0.0.${3 + Math.floor(index / PENDING_LOGINS.tcp.perAddress)}`));
      }
      const overTotal = await silentConnection(port, `127.0.0.${4 + addresses}`);
      expect(await within(5_000, overTotal.closedByBroker)).toBe(true);
      // The held ones were not cut by the caps…
      expect(await within(300, Promise.race(held.map((connection) => connection.closedByBroker)))).toBe(false);
      expect(started.lines.filter((line) => line.msg === 'mqtt: too many connections waiting for their login; connection closed').length).toBeGreaterThanOrEqual(2);
      // …but by the connect timeout (10 s): none sent a CONNECT.
      expect(await within(30_000, Promise.all(held.map((connection) => connection.closedByBroker)).then(() => undefined))).toBe(true);
      // Freed: a device logs in again.
      const back = await connectDevice(started.url, login(device));
      await back.end();
    } finally {
      for (const connection of held) connection.socket.destroy();
    }
  }, 90_000);
});
