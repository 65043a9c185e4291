import { z } from 'zod';
import { DEVICE_MODELS } from '../constants.js';
import type { LiveReading, MsgPes } from '../devices/protocol.js';

/**
 * The live channel between a browser tab and the portal: one WebSocket per tab at /ws, JSON
 * messages, versioned. The server and the web client both use these types; the server
 * validates what browsers send with the schemas below.
 */
export const LIVE_CHANNEL_VERSION = 1;
export const LIVE_PATH = '/ws';

/** WebSocket close codes the server uses (4000–4999 are the application's). */
export const LIVE_CLOSE = {
  /** The hello carried no valid session: the tab should not retry until it signs in again. */
  unauthenticated: 4401,
  /** The client speaks another version. */
  version: 4400,
  /** No hello within the deadline. */
  timeout: 4408,
} as const;

/** Models that join the live channel (section 7); a key needs a chip id of at least 2 characters. */
export const LIVE_CHIP_MIN = 2;

/** The key a page registers a device by (section 7: model, serial and chip id). */
export const deviceKey = (device: { modelo: string; serie: string; chip_id: string }): string => `${device.modelo}|${device.serie}|${device.chip_id}`;

const liveDevice = z.object({
  modelo: z.enum(DEVICE_MODELS),
  serie: z.string().min(1).max(40),
  chip_id: z.string().min(LIVE_CHIP_MIN).max(40),
});
export type LiveDevice = z.infer<typeof liveDevice>;

/** Browser → portal. */
export const liveClientMessage = z.discriminatedUnion('t', [
  /** First message: the session token (a WebSocket cannot send an Authorization header). */
  z.object({ t: z.literal('hello'), v: z.literal(LIVE_CHANNEL_VERSION), token: z.string().min(1).max(200) }),
  /** The devices this page shows; replaces the previous list. At most 500. */
  z.object({ t: z.literal('registrar'), dispositivos: z.array(liveDevice).max(500) }),
  /** A command to a registered device: 'update' (after its record was saved) or 'foto'. */
  z.object({ t: z.literal('comando'), chave: z.string().min(1).max(130), comando: z.enum(['update', 'foto']), pedido: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) }),
  z.object({ t: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** What the portal sends about a device, by its key. */
interface AboutDevice {
  chave: string;
  iddevice: number;
  modelo: string;
  serie: string;
}

/** A stored weighing, as a browser sees it (peso in grams). */
export type LivePesagem = Omit<MsgPes, 'tipo'> & { id: number };

/** Portal → browser. */
export type LiveServerMessage =
  | { t: 'ready'; v: typeof LIVE_CHANNEL_VERSION }
  /** Answer to 'registrar': keys accepted, and keys refused (unknown, wrong chip id or not the user's). */
  | { t: 'registrado'; aceitos: string[]; recusados: string[] }
  /** A live reading, at the time the portal received it (ISO). */
  | ({ t: 'leitura'; em: string; leitura: LiveReading } & AboutDevice)
  /**
   * A weighing record the device sent, after it was stored. The same record (same pesagem.id) may be
   * told again, as it was first stored: a device re-sends what it saw no ACK for (with several
   * instances, the copy may be handled by another instance; each handling is told once to every tab).
   */
  | ({ t: 'pesagem'; em: string; pesagem: LivePesagem } & AboutDevice)
  /** The picture asked for with 'foto' (or sent by the device on its own), stored; url is under /img_cs/. */
  | ({ t: 'imagem'; em: string; pedido: string; url: string } & AboutDevice)
  /** A command left for the device (the broker accepted it). */
  | { t: 'comando_enviado'; chave: string; pedido: string; comando: 'update' | 'foto' }
  /** A refused message; RATE_LIMITED carries how long to wait. */
  | { t: 'erro'; code: string; pedido?: string; retryAfterSeconds?: number }
  /**
   * Alarms of this owner were raised, acknowledged, changed or cleared (issue 19): a tab showing
   * that owner reads getalarmes again (the bell). Sent to the sockets of users who read a farm of it.
   */
  | { t: 'alarmes'; prop: number }
  | { t: 'pong' };

export type LiveServerType = LiveServerMessage['t'];
