import { DEVICE_FOTOS_PER_DAY, FOTO_DEVICE_INTERVAL_MS, FOTO_REQUEST_TTL_MS, FOTO_REQUESTS_PER_MINUTE } from '@portal/shared';
import type { FotosRepository } from './fotos.repository.js';

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** Requests are kept this long (rate limits look back a minute, answers 2 minutes), then purged. */
const KEEP_MS = 3_600_000;
/** How often one instance purges old requests. */
const PURGE_EVERY_MS = 10 * MINUTE_MS;

/** Why a user's 'foto' was not sent: too many asked (retry after the seconds given), or a pedido the user may not use. */
export type FotoRefusal = { code: 'RATE_LIMITED'; retryAfterSeconds: number } | { code: 'LIVE_BAD_MESSAGE' };

export interface FotoRequests {
  /**
   * A user's 'foto' for a device, before the command goes out: recorded (the answer will be
   * stored) unless over the per-device interval, the per-minute limit or the device's daily quota.
   * Answers the request's id (to withdraw it if the command cannot be sent) or the refusal.
   */
  askedByUser(userId: number, deviceId: number, pedido: string): Promise<{ ok: true; id: number } | ({ ok: false } & FotoRefusal)>;
  /** The portal's own request (a dosing event's proof): no rate limit; recorded once per pedido. */
  askedByPortal(deviceId: number, pedido: string): Promise<void>;
  /** Withdraws a request whose command was not sent. */
  withdraw(id: number): Promise<void>;
  /**
   * Reserves the pedidos starting with `prefix` for the portal's own requests (a dosing event's
   * proof): a user's picture must not stand for one. The module asking them reserves its prefix.
   */
  reservePrefix(prefix: string): void;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The rules around device pictures (issue 22): a picture is stored only as the answer to a recent
 * request (fotos.repository's storeAnswer), so a device cannot fill the database on its own, and
 * users' requests are limited, so a grantee cannot make an owner's camera shoot without end.
 * Requests live in the database: the limits hold across sockets and instances.
 */
export function fotoRequests(fotos: FotosRepository, clock: () => number): FotoRequests {
  let purgedAt = Number.NEGATIVE_INFINITY;
  const reserved: string[] = [];

  async function purge(now: number): Promise<void> {
    if (now - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = now;
    await fotos.purgeRequests(now - KEEP_MS);
  }

  /** The wait until the oldest of `times` (ascending) leaves a window of `windowMs` that holds at most `limit`. */
  function waitFor(times: number[], limit: number, windowMs: number, now: number): number | null {
    if (times.length <= limit) return null;
    return times[times.length - limit - 1]! + windowMs - now;
  }

  return {
    async askedByUser(userId, deviceId, pedido) {
      // The portal's own pedidos (the dosing proof's): a user's picture must not stand for one.
      if (reserved.some((prefix) => pedido.startsWith(prefix))) return { ok: false, code: 'LIVE_BAD_MESSAGE' };
      const now = clock();
      await purge(now);
      const quota = await fotos.storedSince(deviceId, now - DAY_MS);
      if (quota.count >= DEVICE_FOTOS_PER_DAY) {
        return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: seconds((quota.oldest ?? now) + DAY_MS - now) };
      }
      const id = await fotos.openRequest({ device_id: deviceId, user_id: userId, pedido, requested_at: now, expires_at: now + FOTO_REQUEST_TTL_MS });
      if (id === null) return { ok: false, code: 'LIVE_BAD_MESSAGE' };
      // Recorded first, counted after (this one included): of requests racing on several sockets or
      // instances, each sees the ones recorded before it, so never more than the limit get through.
      // One read of the user's recent requests serves both limits.
      const recent = await fotos.userRequests(userId, now - Math.max(FOTO_DEVICE_INTERVAL_MS, MINUTE_MS));
      const perDevice = recent.filter((row) => row.device_id === deviceId && row.requested_at > now - FOTO_DEVICE_INTERVAL_MS).map((row) => row.requested_at);
      const perMinute = recent.filter((row) => row.requested_at > now - MINUTE_MS).map((row) => row.requested_at);
      const wait = Math.max(waitFor(perDevice, 1, FOTO_DEVICE_INTERVAL_MS, now) ?? -1, waitFor(perMinute, FOTO_REQUESTS_PER_MINUTE, MINUTE_MS, now) ?? -1);
      if (wait < 0) return { ok: true, id };
      await fotos.dropRequest(id);
      return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: seconds(wait) };
    },

    async askedByPortal(deviceId, pedido) {
      const now = clock();
      await purge(now);
      await fotos.openRequest({ device_id: deviceId, user_id: null, pedido, requested_at: now, expires_at: now + FOTO_REQUEST_TTL_MS });
    },

    withdraw: (id) => fotos.dropRequest(id),

    reservePrefix(prefix) {
      reserved.push(prefix);
    },
  };
}
