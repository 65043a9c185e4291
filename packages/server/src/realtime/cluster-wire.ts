import { z } from 'zod';
import type { AppEvents } from '../events/index.js';
import type { DeviceEvent } from '../mqtt/types.js';

/**
 * What instances send each other over the cluster channel (cluster.ts), as text frames:
 *
 *   `<from> [item,item,…]`                 items of one batch, JSON
 *   `<from> ~<id> <index> <count> <base64>` one part of an item too large for one frame
 *
 * `<from>` (16 hex characters) names the sending instance first, so an instance skips its own frames
 * (Redis and PostgreSQL hand a subscriber what its own connection published) without parsing them.
 * PostgreSQL's NOTIFY takes less than 8,000 bytes: items are compact (a device event drops the
 * fields its device already names) and packed into frames up to the transport's size; the rare one
 * larger than a frame (a collector's batch near the 8 KiB message limit) goes in parts.
 */

/** Events of the in-process bus other instances must hear: their caches forget what changed. */
export const RELAYED_EVENTS = ['device.changed', 'sessions.changed', 'alarms.changed'] as const;
export type RelayedEventName = (typeof RELAYED_EVENTS)[number];

export type ClusterItem =
  | { kind: 'device'; event: DeviceEvent }
  | { [K in RelayedEventName]: { kind: 'bus'; name: K; payload: AppEvents[K] } }[RelayedEventName];

const busPayloads = {
  'device.changed': z.object({ modelo: z.string(), serie: z.string() }),
  'sessions.changed': z.object({ userId: z.number().int(), sessionId: z.number().int().nullable() }),
  'alarms.changed': z.object({ ownerId: z.number().int() }),
} satisfies Record<RelayedEventName, z.ZodType>;

/** A live event: ['d', device id, owner id, modelo, serie, the message without what the device gives]. */
const deviceItem = z.tuple([
  z.literal('d'),
  z.number().int(),
  z.number().int(),
  z.string(),
  z.string(),
  z.looseObject({ t: z.enum(['leitura', 'pesagem', 'imagem']), em: z.string() }),
]);
const busItem = z.tuple([z.literal('b'), z.enum(RELAYED_EVENTS), z.unknown()]);
const batch = z.array(z.union([deviceItem, busItem]));

export const INSTANCE_ID_LENGTH = 16;
/** Parts of an item still missing after this long are dropped (a frame lost while a connection dropped). */
const PART_TTL_MS = 30_000;
/** Items being put together at once, at most (the oldest is dropped past it). */
const MAX_ASSEMBLING = 64;

/** One item as the JSON text it travels as. */
export function encodeItem(item: ClusterItem): string {
  if (item.kind === 'bus') return JSON.stringify(['b', item.name, item.payload]);
  const { device, message } = item.event;
  const { chave: _chave, iddevice: _iddevice, modelo: _modelo, serie: _serie, ...rest } = message;
  return JSON.stringify(['d', device.id, device.owner_id, device.modelo, device.serie, rest]);
}

/**
 * Frames of at most `maxBytes` bytes carrying the encoded items in order: as many whole items per
 * frame as fit, an item too large for one frame alone in parts. `nextPartId` numbers split items.
 */
export function packFrames(from: string, items: readonly string[], maxBytes: number, nextPartId: () => number): string[] {
  const frames: string[] = [];
  const head = `${from} [`;
  let open: string[] = [];
  let size = Buffer.byteLength(head) + 1;
  const close = () => {
    if (open.length > 0) frames.push(`${head}${open.join(',')}]`);
    open = [];
    size = Buffer.byteLength(head) + 1;
  };
  for (const item of items) {
    const bytes = Buffer.byteLength(item);
    if (Buffer.byteLength(head) + 1 + bytes > maxBytes) {
      close();
      frames.push(...splitItem(from, item, maxBytes, nextPartId()));
      continue;
    }
    if (size + bytes + (open.length > 0 ? 1 : 0) > maxBytes) close();
    size += bytes + (open.length > 0 ? 1 : 0);
    open.push(item);
  }
  close();
  return frames;
}

function splitItem(from: string, item: string, maxBytes: number, id: number): string[] {
  const bytes = Buffer.from(`[${item}]`, 'utf8');
  // The header holds the count, not yet known: room for 10-digit numbers; base64 turns 3 bytes into 4.
  const header = `${from} ~${id} 0000000000 0000000000 `.length;
  const room = Math.floor((maxBytes - header) / 4) * 3;
  if (room <= 0) throw new Error(`cluster frames of ${maxBytes} bytes leave no room for an item`);
  const count = Math.ceil(bytes.length / room);
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) parts.push(`${from} ~${id} ${index} ${count} ${bytes.subarray(index * room, (index + 1) * room).toString('base64')}`);
  return parts;
}

export type DecodedFrame = { ok: true; from: string; items: ClusterItem[] } | { ok: false; from: string; detail: string };

/**
 * Reads frames into items: whole batches at once, parts once all of an item's have come (from one
 * instance, in order or not). A frame not of this format is refused with a reason, never thrown.
 */
export function frameReader(now: () => number = Date.now) {
  const assembling = new Map<string, { parts: (string | undefined)[]; got: number; since: number }>();

  function dropStale(): void {
    const limit = now() - PART_TTL_MS;
    for (const [key, entry] of assembling) if (entry.since < limit) assembling.delete(key);
    while (assembling.size >= MAX_ASSEMBLING) assembling.delete(assembling.keys().next().value!);
  }

  function part(from: string, text: string): DecodedFrame | null {
    const match = /^~(\d{1,10}) (\d{1,10}) (\d{1,10}) ([A-Za-z0-9+/=]*)$/.exec(text);
    if (!match) return { ok: false, from, detail: 'unreadable part' };
    const [, id, indexText, countText, data] = match;
    const index = Number(indexText);
    const count = Number(countText);
    if (count < 1 || index >= count || count > 10_000) return { ok: false, from, detail: 'part out of range' };
    const key = `${from}:${id}`;
    let entry = assembling.get(key);
    if (!entry) {
      dropStale();
      entry = { parts: new Array<string | undefined>(count).fill(undefined), got: 0, since: now() };
      assembling.set(key, entry);
    }
    if (entry.parts.length !== count) return { ok: false, from, detail: 'part count changed' };
    if (entry.parts[index] === undefined) entry.got += 1;
    entry.parts[index] = data;
    if (entry.got < count) return null;
    assembling.delete(key);
    return whole(from, Buffer.concat(entry.parts.map((piece) => Buffer.from(piece!, 'base64'))).toString('utf8'));
  }

  return {
    /** The items of a frame; null while an item's parts are still coming. */
    read(frame: string): DecodedFrame | null {
      const from = frame.slice(0, INSTANCE_ID_LENGTH);
      if (frame[INSTANCE_ID_LENGTH] !== ' ') return { ok: false, from: '', detail: 'no sender' };
      const body = frame.slice(INSTANCE_ID_LENGTH + 1);
      return body.startsWith('~') ? part(from, body) : whole(from, body);
    },
    /** Items waiting for parts (tests). */
    get assembling(): number {
      return assembling.size;
    },
  };
}

function whole(from: string, json: string): DecodedFrame {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, from, detail: 'not JSON' };
  }
  const parsed = batch.safeParse(raw);
  if (!parsed.success) return { ok: false, from, detail: describe(parsed.error) };
  const items: ClusterItem[] = [];
  for (const entry of parsed.data) {
    if (entry[0] === 'd') {
      const [, id, owner_id, modelo, serie, rest] = entry;
      // In the order the instance that handled it wrote it, so a tab gets the same text from either.
      const { t, ...fields } = rest;
      const message = { t, chave: '', iddevice: id, modelo, serie, ...fields } as unknown as DeviceEvent['message'];
      items.push({ kind: 'device', event: { device: { id, owner_id, modelo, serie }, message } });
      continue;
    }
    const [, name, payload] = entry;
    const checked = busPayloads[name].safeParse(payload);
    if (!checked.success) return { ok: false, from, detail: `${name}: ${describe(checked.error)}` };
    items.push({ kind: 'bus', name, payload: checked.data } as ClusterItem);
  }
  return { ok: true, from, items };
}

const describe = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid';
};
