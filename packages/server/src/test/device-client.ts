import {
  deviceKey,
  formatDeviceMessage,
  LIVE_CHANNEL_VERSION,
  LIVE_CLOSE,
  LIVE_PATH,
  parsePortalMessage,
  type DeviceModel,
  type LiveDevice,
  type LiveServerMessage,
  type MsgPes,
  type PortalMessage,
} from '@portal/shared';
import { connect, type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { commandTopic, dataTopic } from '../modules/devices/index.js';

/**
 * Test-side devices and browser tabs: an MQTT device that keeps every weighing until the portal
 * acknowledges it (as real firmware must), and a live-channel socket that signs in, registers
 * devices and collects what the portal sends. Both reconnect by themselves.
 */

/** Polls `check` until it answers true; fails with `what` after the deadline. */
export async function until(check: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface DeviceLogin {
  modelo: DeviceModel;
  serie: string;
  chip_id: string;
  /** The broker login from registerdevice's `credencial`. */
  usuario: string;
  senha: string;
}

export interface SimDeviceOptions {
  /** Re-sends weighings not acknowledged for this long (besides after every reconnect). */
  resendMs?: number;
  /** Fields of every PES over the defaults (nucleo should name the device's farm). */
  pes?: Partial<Omit<MsgPes, 'tipo' | 'seq'>>;
  versao?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

export class SimDevice {
  /** Sequence numbers the portal acknowledged. */
  readonly acked = new Set<number>();
  /** Weighings sent and not yet acknowledged: seq → when last sent. */
  readonly unacked = new Map<number, { payload: string; sentAt: number }>();
  readonly naks: { seq: number; motivo: string }[] = [];
  /** Everything else the portal sent on the command topic. */
  readonly commands: PortalMessage[] = [];
  /** How many times the client connected (1 + reconnects). */
  connects = 0;
  /** Times a weighing went out again. */
  resent = 0;
  private readonly sentPayloads = new Map<number, string>();
  private readonly client: MqttClient;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly dataTopic: string;
  private readonly resendMs: number;

  constructor(
    readonly login: DeviceLogin,
    brokerUrl: string,
    private readonly options: SimDeviceOptions = {},
  ) {
    this.resendMs = options.resendMs ?? 1000;
    this.dataTopic = dataTopic(login.modelo, login.serie);
    this.client = connect(brokerUrl, {
      clientId: `${login.modelo}-${login.serie}`,
      username: login.usuario,
      password: login.senha,
      clean: true,
      reconnectPeriod: 200,
      connectTimeout: 5000,
      // A device does not replay stale readings from mqtt.js's offline queue; weighings it re-sends itself.
      queueQoSZero: false,
    });
    this.client.on('connect', () => {
      this.connects += 1;
      this.client.subscribe(commandTopic(login.modelo, login.serie), { qos: 1 }, (error) => {
        if (error) console.error(`device ${login.serie}: subscribe failed`, error);
      });
      this.publish(formatDeviceMessage({ tipo: 'ID', modelo: login.modelo, serie: login.serie, chip_id: login.chip_id, versao: options.versao ?? '1.0' }), 1);
      this.resend(0);
    });
    this.client.on('message', (_topic, payload) => this.received(payload.toString()));
    // Connection refusals and resets are expected while the portal or broker restarts.
    this.client.on('error', () => undefined);
    this.timer = setInterval(() => this.resend(this.resendMs), Math.max(100, this.resendMs / 2));
  }

  get connected(): boolean {
    return this.client.connected;
  }

  /** Resolves on the next (or current) connection. */
  waitConnected(timeoutMs = 15_000): Promise<void> {
    return until(() => this.client.connected, `device ${this.login.serie} to connect`, timeoutMs);
  }

  /** A weighing record; kept until acknowledged. */
  sendPes(seq: number, fields: Partial<Omit<MsgPes, 'tipo' | 'seq'>> = {}): void {
    const now = new Date();
    const message: MsgPes = {
      tipo: 'PES',
      seq,
      data: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      hora: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
      nucleo: '',
      lote: '',
      aviario: '1',
      lado: '1',
      box: '1',
      sexo: 'M',
      peso: 1500 + (seq % 1000) / 10,
      idade_lote: null,
      linha: '',
      score: null,
      obs: '',
      ...this.options.pes,
      ...fields,
    };
    const payload = formatDeviceMessage(message);
    this.unacked.set(seq, { payload, sentAt: Date.now() });
    this.sentPayloads.set(seq, payload);
    if (this.client.connected) this.publish(payload, 1);
  }

  /** A live reading (QoS 0: lost while offline, as a scale's display would be). */
  sendPeso(peso: number, estavel = true, aves = 1): void {
    if (this.client.connected) this.publish(formatDeviceMessage({ tipo: 'PESO', peso, estavel, aves }), 0);
  }

  /** Any text on the data topic (protocol tests). */
  sendRaw(payload: string, qos: 0 | 1 = 1): void {
    this.publish(payload, qos);
  }

  /**
   * Sends weighings the portal already acknowledged once more, as a device does whose
   * acknowledgement was lost: they must be acknowledged again and stay stored once.
   */
  replay(seqs: Iterable<number>): void {
    for (const seq of seqs) {
      const entry = this.sentPayloads.get(seq);
      if (!entry) throw new Error(`seq ${seq} was never sent`);
      this.acked.delete(seq);
      this.unacked.set(seq, { payload: entry, sentAt: Date.now() });
      if (this.client.connected) this.publish(entry, 1);
    }
  }

  waitAcked(seqs: Iterable<number>, timeoutMs = 30_000): Promise<void> {
    const wanted = [...seqs];
    return until(
      () => wanted.every((seq) => this.acked.has(seq)),
      () => `device ${this.login.serie}: acks of ${wanted.filter((seq) => !this.acked.has(seq)).slice(0, 20).join(',')}…`,
      timeoutMs,
    );
  }

  async end(): Promise<void> {
    clearInterval(this.timer);
    await this.client.endAsync(true);
  }

  private publish(payload: string, qos: 0 | 1): void {
    this.client.publish(this.dataTopic, payload, { qos }, (error) => {
      // A publish cut by a disconnect: the weighing stays unacked and goes out again.
      if (error && !/disconnect|closed|client/i.test(error.message)) console.error(`device ${this.login.serie}: publish failed`, error);
    });
  }

  private resend(olderThanMs: number): void {
    if (!this.client.connected) return;
    const now = Date.now();
    for (const entry of this.unacked.values()) {
      if (now - entry.sentAt < olderThanMs) continue;
      entry.sentAt = now;
      this.resent += 1;
      this.publish(entry.payload, 1);
    }
  }

  private received(text: string): void {
    const parsed = parsePortalMessage(text);
    if (!parsed.ok) {
      console.error(`device ${this.login.serie}: unreadable command ${JSON.stringify(text)} (${parsed.motivo})`);
      return;
    }
    const message = parsed.message;
    if (message.tipo === 'ACK') {
      this.acked.add(message.seq);
      this.unacked.delete(message.seq);
    } else if (message.tipo === 'NAK') {
      this.naks.push({ seq: message.seq, motivo: message.motivo });
      this.unacked.delete(message.seq);
    } else this.commands.push(message);
  }
}

/**
 * Each device sends weighings from..to, one every `everyMs` (all devices in step); `tick` runs after
 * each step (to send live readings alongside, or to stop at a point).
 */
export async function streamWeighings(devices: readonly SimDevice[], from: number, to: number, everyMs: number, tick?: (seq: number) => void): Promise<void> {
  for (let seq = from; seq <= to; seq += 1) {
    for (const device of devices) device.sendPes(seq);
    tick?.(seq);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Live readings (PESO, a gram heavier each time) from every device every 100 ms, until the returned stop is called. */
export function streamReadings(devices: readonly SimDevice[]): () => void {
  let weight = 1000;
  const timer = setInterval(() => {
    weight += 1;
    for (const device of devices) device.sendPeso(weight, true, 1);
  }, 100);
  return () => clearInterval(timer);
}

export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export type LiveEvent = Extract<LiveServerMessage, { t: 'leitura' | 'pesagem' | 'imagem' }>;

/**
 * A browser tab's live channel: hello with the session token → ready, registrar → registrado;
 * after a drop it reconnects, says hello and registers again, like packages/web/src/api/live.ts.
 */
export class LiveSocket {
  readonly messages: LiveServerMessage[] = [];
  /** Times 'ready' arrived (1 + reconnects). */
  readies = 0;
  registrations: Extract<LiveServerMessage, { t: 'registrado' }>[] = [];
  /** True once 'registrado' answered the registration of the current connection. */
  private registered = false;
  private socket: WebSocket | null = null;
  private closed = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly url: string;

  constructor(
    baseUrl: string,
    private readonly token: string,
    private devices: LiveDevice[],
  ) {
    this.url = `${baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}`;
    this.connect();
  }

  /** Resolves once signed in and the current devices are registered. */
  opened(timeoutMs = 15_000): Promise<void> {
    return until(() => this.registered && this.isOpen, 'the live channel to open', timeoutMs);
  }

  /** Sends a registered device a command ('foto' or 'update'), as the device screens do. */
  command(device: Pick<LiveDevice, 'modelo' | 'serie' | 'chip_id'>, comando: 'foto' | 'update', pedido: string): void {
    this.send({ t: 'comando', chave: deviceKey(device), comando, pedido });
  }

  /** Replaces the registered devices. */
  register(devices: LiveDevice[]): void {
    this.devices = devices;
    this.send({ t: 'registrar', dispositivos: devices });
  }

  /** Events about the device (leitura, pesagem, imagem), in arrival order. */
  eventsOf(device: Pick<LiveDevice, 'modelo' | 'serie' | 'chip_id'>, t?: LiveEvent['t']): LiveEvent[] {
    const key = deviceKey(device);
    return this.messages.filter((message): message is LiveEvent => 'chave' in message && 'iddevice' in message && message.chave === key && (t === undefined || message.t === t));
  }

  /** Resolves with the first message from now on that matches. */
  next<T extends LiveServerMessage>(match: (message: LiveServerMessage) => message is T, what: string, timeoutMs?: number): Promise<T>;
  next(match: (message: LiveServerMessage) => boolean, what: string, timeoutMs?: number): Promise<LiveServerMessage>;
  async next(match: (message: LiveServerMessage) => boolean, what: string, timeoutMs = 15_000): Promise<LiveServerMessage> {
    const from = this.messages.length;
    let found: LiveServerMessage | undefined;
    await until(
      () => {
        found = this.messages.slice(from).find(match);
        return found !== undefined;
      },
      what,
      timeoutMs,
    );
    return found!;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000);
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.on('open', () => socket.send(JSON.stringify({ t: 'hello', v: LIVE_CHANNEL_VERSION, token: this.token })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as LiveServerMessage;
      this.messages.push(message);
      if (message.t === 'ready') {
        this.readies += 1;
        this.registered = false;
        this.send({ t: 'registrar', dispositivos: this.devices });
      } else if (message.t === 'registrado') {
        this.registrations.push(message);
        this.registered = true;
      }
    });
    // Refused connections are expected while the portal restarts; 'close' follows.
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed || code === LIVE_CLOSE.unauthenticated) return;
      this.retryTimer = setTimeout(() => this.connect(), 200);
    });
  }
}
