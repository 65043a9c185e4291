import {
  DEVICE_MODELS,
  FOTO_REQUEST_TTL_MS,
  MAX_IMAGE_MESSAGE_CHARS,
  isStorableText,
  parseDeviceMessage,
  type DeviceModel,
  type LiveReading,
  type MsgId,
  type MsgImagem,
  type MsgPes,
  type PortalMessage,
} from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestionService } from '../modules/weighings/index.js';
import type { DevicesService } from '../modules/devices/index.js';
import type { FotoRequests, LiveService } from '../modules/live/index.js';
import type { ReadingsService } from '../modules/readings/index.js';
import { contactWriter } from './contacts.js';
import { logLimiter } from './log-limiter.js';
import { nakMotivo } from './weighing-refusals.js';
import type { DeviceEvent, KnownDevice, RecentReading } from './types.js';

/** Live readings kept per device (getleituras). */
const RECENT_MAX = 100;
const PEDIDO_MAX = 40;
/** How long a device record is trusted from memory: the bound for a change made through another instance when no cluster channel told this one ('device.changed'). */
const CACHE_MS = 60_000;

/** Topic level → model: MQTT topics write PS/SEL as PS-SEL (modules/devices/protocol.ts). */
const MODEL_BY_LEVEL = new Map<string, DeviceModel>(DEVICE_MODELS.map((modelo) => [modelo.replace(/\//g, '-'), modelo]));

export interface MessageDeps {
  /** The device records (modules/devices): a topic's device, and when it was last heard from. */
  devices: Pick<DevicesService, 'findKnown' | 'touchContacts'>;
  /** Checks, resolves and stores a weighing record, and tells the listeners (modules/weighings). */
  ingestion: Pick<IngestionService, 'storeFromDevice'>;
  /** Device pictures (modules/live): stored only as the answer to an open request. */
  fotos: Pick<LiveService, 'storeFotoAnswer'>;
  /** Keeps the downsampled series the feed, trough, dosing and collection reports read (modules/readings). */
  readings: Pick<ReadingsService, 'store'>;
  /** Records the dosing proof's picture requests (only requested pictures are stored). */
  fotoRequests?: Pick<FotoRequests, 'askedByPortal'>;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Publishes to the device's command topic (QoS 1); resolves when the broker has it. */
  reply(device: Pick<KnownDevice, 'modelo' | 'serie'>, message: PortalMessage): Promise<void>;
  emit(event: DeviceEvent): void;
  /** Embedded broker only: ends the connections of a device that sent a forged identity. */
  disconnect(modelo: string, serie: string): void;
}

const cacheKey = (modelo: string, serie: string) => `${modelo}|${serie.toLowerCase()}`;
const who = (device: Pick<KnownDevice, 'modelo' | 'serie'>) => `${device.modelo} ${device.serie}`;

/**
 * What the gateway does with one message on portal/{modelo}/{serie}/dados: find the device, parse,
 * check its identity, store (weighings, pictures) or keep (live readings), answer, and tell the hub.
 * Nothing refused reaches a browser or the database.
 */
export function deviceMessages(deps: MessageDeps) {
  const { devices, ingestion, fotos, clock, log } = deps;
  const known = new Map<string, { device: KnownDevice; at: number }>();
  const contacts = contactWriter({ devices, log });
  const recentReadings = new Map<number, RecentReading[]>();
  // A device (or a topic) repeating a refused message writes a few lines a minute, then a count.
  const limited = logLimiter(log);

  /**
   * The device as remembered, without waiting (most messages). forget() clears this instance's entry at once;
   * the others' when 'device.changed' reaches them over the cluster channel (realtime/cluster.ts: Redis
   * pub/sub, or PostgreSQL NOTIFY with MQTT_URL), within milliseconds, and after CACHE_MS at the latest.
   */
  function remembered(modelo: DeviceModel, serie: string): KnownDevice | undefined {
    const cached = known.get(cacheKey(modelo, serie));
    return cached && clock() - cached.at < CACHE_MS ? cached.device : undefined;
  }

  async function lookup(modelo: DeviceModel, serie: string): Promise<KnownDevice | undefined> {
    const key = cacheKey(modelo, serie);
    // Unknown devices are not cached: one registered a moment later must be found.
    const device = await devices.findKnown(modelo, serie);
    if (device) known.set(key, { device, at: clock() });
    else known.delete(key);
    return device;
  }

  const about = (device: KnownDevice) => ({ chave: '', iddevice: device.id, modelo: device.modelo, serie: device.serie });

  function forged(device: KnownDevice, topicSerie: string, message: MsgId): boolean {
    if (message.modelo !== device.modelo || message.serie !== topicSerie) return true;
    return device.chip_id !== '' && message.chip_id !== device.chip_id;
  }

  async function answer(device: Pick<KnownDevice, 'modelo' | 'serie'>, message: PortalMessage): Promise<void> {
    try {
      await deps.reply(device, message);
    } catch (error) {
      // The device re-sends what was not acknowledged; a duplicate is acknowledged again.
      log.warn({ err: error instanceof Error ? error.message : String(error), device: who(device), message: message.tipo }, 'device: answer not sent');
    }
  }

  async function storePesagem(device: KnownDevice, message: MsgPes, now: number): Promise<void> {
    const { tipo: _tipo, ...record } = message;
    const outcome = await ingestion.storeFromDevice(device, record, now);
    if (!outcome.stored) {
      const { fault } = outcome;
      const motivo = nakMotivo(fault);
      if (fault.motivo === 'NUCLEO_AMBIGUOUS') {
        log.error({ device: who(device), seq: message.seq, nucleo: message.nucleo, motivo: fault.motivo }, 'device: weighing names several farms of the owner (a shared name or code); refused for good');
      } else if (motivo === 'NUCLEO') {
        log.error({ device: who(device), seq: message.seq, nucleo: message.nucleo }, 'device: weighing names no farm of the owner; refused for good');
      } else {
        limited.warn(who(device), { device: who(device), seq: message.seq, motivo, detalhe: fault.campo }, 'device: weighing refused');
      }
      return answer(device, { tipo: 'NAK', seq: message.seq, motivo });
    }
    // Which instance stored what (several share the device messages: docs/decisions/0008).
    log.debug({ device: who(device), seq: message.seq, created: outcome.created }, 'device: weighing stored');
    // Stored, committed and told to the listeners (the hub): only now may the device forget the record.
    await answer(device, { tipo: 'ACK', seq: message.seq });
  }

  async function storeImagem(device: KnownDevice, message: MsgImagem, now: number): Promise<void> {
    if (message.pedido.length > PEDIDO_MAX || !isStorableText(message.pedido)) {
      log.warn({ device: who(device), motivo: 'TEXTO', detalhe: 'pedido' }, 'device: picture refused');
      return;
    }
    const conteudo = Buffer.from(message.base64, 'base64');
    const foto = { owner_id: device.owner_id, device_id: device.id, pedido: message.pedido, mime: message.mime, conteudo, created_at: now };
    // Only the answer to an open request is stored, within the device's daily quota.
    const stored = await fotos.storeFotoAnswer(foto);
    if (stored.outcome === 'unsolicited' || stored.outcome === 'over_quota') {
      limited.warn(who(device), { device: who(device), pedido: message.pedido, motivo: stored.outcome === 'over_quota' ? 'COTA' : 'NAO_PEDIDA' }, 'device: picture refused');
      return;
    }
    // An answer stored a moment ago (by another instance, or a re-send): this instance's browsers
    // learn the url too. An old one is not announced again.
    if (stored.outcome === 'again' && now - stored.created_at > FOTO_REQUEST_TTL_MS) {
      log.debug({ device: who(device), pedido: message.pedido }, 'device: picture answered long ago, dropped');
      return;
    }
    deps.emit({ device, message: { t: 'imagem', ...about(device), em: new Date(now).toISOString(), pedido: message.pedido, url: `img_cs/${stored.id}` } });
  }

  async function keepReading(device: KnownDevice, leitura: LiveReading, now: number): Promise<void> {
    try {
      await deps.readings.store(device, leitura, now);
    } catch (error) {
      // The live view still gets it; the report loses one sample, which the log names.
      log.error({ err: error, device: who(device), tipo: leitura.tipo }, 'device: reading not stored');
    }
    const em = new Date(now).toISOString();
    remember(device.id, em, leitura);
    deps.emit({ device, message: { t: 'leitura', ...about(device), em, leitura } });
  }

  /** Keeps a live reading among the device's recent ones (getleituras), this instance's or one another instance handled. */
  function remember(deviceId: number, em: string, leitura: LiveReading): void {
    const list = recentReadings.get(deviceId) ?? [];
    list.unshift({ em, leitura });
    if (list.length > RECENT_MAX) list.length = RECENT_MAX;
    recentReadings.set(deviceId, list);
  }

  return {
    async handle(topic: string, payload: Buffer): Promise<void> {
      const levels = topic.split('/');
      const modelo = levels.length === 4 && levels[0] === 'portal' && levels[3] === 'dados' ? MODEL_BY_LEVEL.get(levels[1]!) : undefined;
      const serie = levels[2] ?? '';
      const device = modelo === undefined ? undefined : (remembered(modelo, serie) ?? (await lookup(modelo, serie)));
      if (!device) {
        limited.warn(topic, { topic }, 'device: message from an unknown device dropped');
        return;
      }
      // Checked on bytes before decoding: a huge payload is not turned into a string.
      const parsed =
        payload.length > MAX_IMAGE_MESSAGE_CHARS
          ? ({ ok: false, motivo: 'GRANDE', detalhe: `${payload.length} bytes` } as const)
          : parseDeviceMessage(payload.toString('utf8'), device.modelo as DeviceModel);
      if (!parsed.ok) {
        limited.warn(who(device), { device: who(device), motivo: parsed.motivo, detalhe: parsed.detalhe }, 'device: message refused');
        return;
      }
      const message = parsed.message;
      if (message.tipo === 'ID' && forged(device, serie, message)) {
        limited.warn(who(device), { device: who(device), sent: { modelo: message.modelo, serie: message.serie, chip_id: message.chip_id } }, 'device: forged identity');
        deps.disconnect(device.modelo, device.serie);
        return;
      }
      const now = clock();
      contacts.seen(device.id, now);
      switch (message.tipo) {
        case 'ID':
          return;
        case 'PES':
          return storePesagem(device, message, now);
        case 'IMAGEM':
          return storeImagem(device, message, now);
        default:
          return keepReading(device, message, now);
      }
    },

    remember,

    recent(deviceId: number): RecentReading[] {
      return [...(recentReadings.get(deviceId) ?? [])];
    },

    forget(modelo: string, serie: string): void {
      known.delete(cacheKey(modelo, serie));
    },

    /** Writes the contacts still noted (the gateway stopping, its messages handled). */
    close: (): Promise<void> => contacts.flush(),

    /**
     * A dosing event this instance opened ('dosagens.opened'): the doser is asked for its proof
     * picture (the same pedido on every instance), recorded before it is sent, as only a picture
     * the portal asked for is stored.
     */
    async requestDosingPicture(device: Pick<KnownDevice, 'id' | 'modelo' | 'serie'>, pedido: string): Promise<void> {
      await deps.fotoRequests?.askedByPortal(device.id, pedido);
      await answer(device, { tipo: 'CMD', comando: 'foto', pedido });
    },
  };
}
