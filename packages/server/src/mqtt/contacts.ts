import type { FastifyBaseLogger } from 'fastify';
import type { DevicesService } from '../modules/devices/index.js';

/** devices.last_contact_at is written at most this often per device and instance. */
export const CONTACT_WRITE_MS = 30_000;
/** Contacts noted within this time go to the database in one statement. */
export const CONTACT_FLUSH_MS = 250;

/**
 * When each device was last heard from (getdevice's ultimo_contato, devupdt's minutes), written
 * off the message path: at 10,000 devices a write per device every 30 s was 333 statements (and,
 * on SQLite, 333 commits) a second, each holding up the message that caused it. Noted contacts are
 * written together, at most CONTACT_FLUSH_MS later.
 */
export function contactWriter(deps: { devices: Pick<DevicesService, 'touchContacts'>; log: FastifyBaseLogger }) {
  const { devices, log } = deps;
  /** Device id → when this instance last wrote (or is about to write) its contact. */
  const written = new Map<number, number>();
  let pending: number[] = [];
  let pendingAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(ids: number[], at: number): Promise<void> {
    try {
      await devices.touchContacts(ids, at);
    } catch (error) {
      // Written again with the device's next message.
      for (const id of ids) written.delete(id);
      log.error({ err: error, devices: ids.length }, 'device: last contact not recorded');
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length > 0) {
      const ids = pending;
      const at = pendingAt;
      pending = [];
      pendingAt = 0;
      // One write after another: a slow database does not pile them up side by side.
      writing = writing.then(() => write(ids, at));
    }
    return writing;
  }

  return {
    /** The device sent something at `now`. */
    seen(deviceId: number, now: number): void {
      const last = written.get(deviceId);
      if (last !== undefined && now - last < CONTACT_WRITE_MS) return;
      written.set(deviceId, now);
      pending.push(deviceId);
      pendingAt = Math.max(pendingAt, now);
      if (!timer) {
        timer = setTimeout(() => void flush(), CONTACT_FLUSH_MS);
        timer.unref();
      }
    },
    /** Writes what is noted now (the gateway stopping); resolves once written. */
    flush,
  };
}
export type ContactWriter = ReturnType<typeof contactWriter>;
