import { createHash } from 'node:crypto';
import {
  formatDeviceMessage,
  parsePortalMessage,
  type Device,
  type DeviceMessage,
  type MsgImagem,
  type MsgPes,
  type PortalMessage,
} from '@portal/shared';
import mqtt, { type MqttClient } from 'mqtt';
import { commandTopic, dataTopic } from '../modules/devices/index.js';
import type { Behaviour, Emitted } from './models/types.js';
import { shedPicture } from './picture.js';
import { pictureTime } from './plan.js';

/** What the simulator logs through: pino's methods (the server's logger) or a console shim (the CLI). */
export interface SimulatorLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

/**
 * The chip id a device reports: the registered one, or (models registered without one, which
 * the portal does not check) a stable one of its own, since ID needs a non-empty chip id.
 */
export const simulatedChipId = (device: Pick<Device, 'serie' | 'chip_id'>): string =>
  device.chip_id || `SIM${createHash('sha256').update(device.serie).digest('hex').slice(0, 12).toUpperCase()}`;

/** Unacknowledged records are re-sent this often. */
export const RESEND_MS = 10_000;
/** Reconnection attempts: every 2 s, or every minute after the broker refused the login. */
export const RECONNECT_MS = 2_000;
export const AUTH_RETRY_MS = 60_000;
/** Unacknowledged records kept at most (a scale's memory); the oldest go first. */
export const MAX_PENDING = 10_000;

export interface DeviceCounters {
  /** Weighing records numbered so far. */
  records: number;
  acked: number;
  naked: number;
  pictures: number;
  connects: number;
}

export interface VirtualDeviceOptions {
  device: Pick<Device, 'id' | 'modelo' | 'serie' | 'chip_id' | 'versao'>;
  brokerUrl: string;
  usuario: string;
  senha: string;
  clientId: string;
  behaviour: Behaviour | null;
  timezone: number;
  random: () => number;
  /**
   * Record numbers: seqBase + n × seqStride + seqOffset. seqBase is Date.now() × 1000 at start, so
   * numbers grow across restarts; copies of one device (load runs) interleave by offset.
   */
  seqBase: number;
  seqStride?: number;
  seqOffset?: number;
  clock?: () => number;
  log: SimulatorLog;
  resendMs?: number;
  /** Milliseconds between reconnection attempts (mqtt.js reconnectPeriod). */
  reconnectMs?: number;
  /** Ticks this often instead of the model's own interval (tests). */
  intervalMs?: number;
}

/**
 * One simulated device on MQTT: sends ID after every connect, its model's readings every tick,
 * weighing records numbered by a counter and kept until the portal answers ACK or NAK (re-sent
 * after a reconnect and every 10 s), and answers 'update' (ID again) and 'foto' (IMAGEM).
 * mqtt.js reconnects by itself; readings made while offline are dropped, records are kept.
 */
export class VirtualDevice {
  readonly counters: DeviceCounters = { records: 0, acked: 0, naked: 0, pictures: 0, connects: 0 };
  private client: MqttClient | null = null;
  private readonly pending = new Map<number, { payload: string; sentAt: number }>();
  private ticker: NodeJS.Timeout | undefined;
  private resender: NodeJS.Timeout | undefined;
  private lastError = '';
  private readonly clock: () => number;
  private readonly topic: string;
  private readonly commands: string;

  constructor(private readonly options: VirtualDeviceOptions) {
    this.clock = options.clock ?? Date.now;
    this.topic = dataTopic(options.device.modelo, options.device.serie);
    this.commands = commandTopic(options.device.modelo, options.device.serie);
  }

  get deviceId(): number {
    return this.options.device.id;
  }

  get label(): string {
    return `${this.options.device.modelo} ${this.options.device.serie}`;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Records sent and not yet acknowledged. */
  get unacknowledged(): number {
    return this.pending.size;
  }

  start(): void {
    const { options } = this;
    const client = mqtt.connect(options.brokerUrl, {
      username: options.usuario,
      password: options.senha,
      clientId: options.clientId,
      reconnectPeriod: options.reconnectMs ?? RECONNECT_MS,
      connectTimeout: 10_000,
      // Live readings are worth nothing late; records have their own re-sending.
      queueQoSZero: false,
    });
    this.client = client;
    client.on('connect', () => {
      client.options.reconnectPeriod = options.reconnectMs ?? RECONNECT_MS;
      this.counters.connects++;
      this.lastError = '';
      client.subscribe(this.commands, { qos: 1 }, (error) => {
        if (error) options.log.warn(`simulator: ${this.label} could not subscribe to ${this.commands}: ${error.message}`);
      });
      this.sendId();
      this.resend(true);
    });
    client.on('message', (_topic, payload) => this.onCommand(payload.toString('utf8')));
    client.on('error', (error) => {
      // A refused login (CONNACK 4/5: the secret was renewed elsewhere) will not heal soon: retry slowly.
      const code = (error as { code?: unknown }).code;
      const refused = code === 4 || code === 5 || code === 134 || code === 135;
      if (refused) client.options.reconnectPeriod = AUTH_RETRY_MS;
      // mqtt.js repeats the error on every retry: log a change, not each attempt.
      if (error.message === this.lastError) return;
      this.lastError = error.message;
      const hint = refused ? ' (was its secret renewed elsewhere, e.g. by npm run simulate? retrying every minute)' : '';
      options.log.warn(`simulator: ${this.label}: ${error.message}${hint}`);
    });
    if (options.behaviour) {
      const behaviour = options.behaviour;
      this.ticker = setInterval(() => this.emit(behaviour.tick(this.clock())), options.intervalMs ?? behaviour.intervalMs);
    }
    this.resender = setInterval(() => this.resend(false), options.resendMs ?? RESEND_MS);
  }

  /** Stops making readings and records; still connected, re-sending and answering commands. */
  stopTicking(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  async stop(): Promise<void> {
    this.stopTicking();
    clearInterval(this.resender);
    this.resender = undefined;
    await this.client?.endAsync(true);
    this.client = null;
  }

  private publish(message: DeviceMessage, qos: 0 | 1 = 0): void {
    const client = this.client;
    if (!client?.connected) return;
    client.publish(this.topic, formatDeviceMessage(message), { qos }, (error) => {
      if (error) this.options.log.debug(`simulator: ${this.label} publish failed: ${error.message}`);
    });
  }

  private sendId(): void {
    const { device } = this.options;
    this.publish({ tipo: 'ID', modelo: device.modelo, serie: device.serie, chip_id: simulatedChipId(device), versao: device.versao || '1.0.0' }, 1);
  }

  /** Publishes live readings; numbers records and keeps them until answered. */
  emit(messages: Emitted[]): void {
    for (const message of messages) {
      if (message.tipo !== 'PES') {
        this.publish(message);
        continue;
      }
      const { seqBase, seqStride = 1, seqOffset = 0 } = this.options;
      const seq = seqBase + this.counters.records * seqStride + seqOffset;
      this.counters.records++;
      const record: MsgPes = { ...message, seq };
      const payload = formatDeviceMessage(record);
      if (this.pending.size >= MAX_PENDING) {
        const oldest = this.pending.keys().next().value!;
        this.pending.delete(oldest);
        this.options.log.warn(`simulator: ${this.label} dropped unacknowledged record ${oldest} (over ${MAX_PENDING} kept)`);
      }
      this.pending.set(seq, { payload, sentAt: this.clock() });
      this.sendRaw(payload);
    }
  }

  private sendRaw(payload: string): void {
    const client = this.client;
    if (!client?.connected) return;
    client.publish(this.topic, payload, { qos: 0 }, (error) => {
      if (error) this.options.log.debug(`simulator: ${this.label} publish failed: ${error.message}`);
    });
  }

  /** Re-sends records unanswered for RESEND_MS (or all of them, right after a connect). */
  private resend(all: boolean): void {
    const now = this.clock();
    const age = this.options.resendMs ?? RESEND_MS;
    for (const [, entry] of this.pending) {
      if (!all && now - entry.sentAt < age) continue;
      entry.sentAt = now;
      this.sendRaw(entry.payload);
    }
  }

  private onCommand(payload: string): void {
    const parsed = parsePortalMessage(payload);
    if (!parsed.ok) {
      this.options.log.warn(`simulator: ${this.label} ignored a command it could not read (${parsed.motivo}: ${parsed.detalhe})`);
      return;
    }
    this.handle(parsed.message);
  }

  private handle(message: PortalMessage): void {
    switch (message.tipo) {
      case 'ACK':
        if (this.pending.delete(message.seq)) this.counters.acked++;
        return;
      case 'NAK':
        if (this.pending.delete(message.seq)) this.counters.naked++;
        this.options.log.warn(`simulator: ${this.label} record ${message.seq} refused by the portal: ${message.motivo}`);
        return;
      case 'CMD':
        if (message.comando === 'update') this.sendId();
        else this.sendPicture(message.pedido);
        return;
    }
  }

  private sendPicture(pedido: string): void {
    const picture = shedPicture(pictureTime(this.clock(), this.options.timezone), this.options.random, this.options.device.modelo === 'CAM' ? 90 : 50);
    const imagem: MsgImagem = { tipo: 'IMAGEM', pedido, mime: 'image/png', base64: picture.toString('base64') };
    this.counters.pictures++;
    this.publish(imagem, 1);
  }
}
