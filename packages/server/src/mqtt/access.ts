import { timingSafeEqual } from 'node:crypto';
import { commandTopic, dataTopic, type VerifiedDevice } from '../modules/devices/index.js';

/**
 * Who may do what on the broker, in one place: the embedded broker (broker.ts) and the hooks an
 * external broker calls (modules/mqttHooks) apply the same rules.
 */

/** A device publishes only on its own data topic and subscribes only to its own command topic. */
export function deviceMay(device: Pick<VerifiedDevice, 'modelo' | 'serie'>, action: 'publish' | 'subscribe', topic: string): boolean {
  return topic === (action === 'publish' ? dataTopic(device.modelo, device.serie) : commandTopic(device.modelo, device.serie));
}

/** The MQTT client id a device is told to use (getdevice_conn's client_id): `{modelo}-{serie}`. */
export const deviceClientId = (device: Pick<VerifiedDevice, 'modelo' | 'serie'>): string => `${device.modelo}-${device.serie}`;

/**
 * Whether a device may connect with this client id: its own `{modelo}-{serie}`, or that followed by
 * `~` and a suffix (another connection of the same device, as the simulator's load copies use).
 * The broker ends an older session of the same client id and hands it its queued commands, so an
 * id not bound to the login would let one device take over another's session. Models hold no `-`
 * and serials no `~` (serieField), so no device's id is another device's.
 */
export function isOwnClientId(device: Pick<VerifiedDevice, 'modelo' | 'serie'>, clientId: string): boolean {
  const own = deviceClientId(device);
  return clientId === own || (clientId.length > own.length + 1 && clientId.startsWith(`${own}~`));
}

/** Constant-time comparison of two texts (the portal's own broker login, hook keys). */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The login in an external broker's URL (mqtt://user:pass@host), which the gateway itself uses. */
export function urlLogin(url: string | undefined): { username: string; password: string } | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (!parsed.username) return null;
    return { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  } catch {
    return null;
  }
}
