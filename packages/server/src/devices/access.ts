import { timingSafeEqual } from 'node:crypto';
import { secretMatches } from '../modules/devices/credentials.js';
import type { DevicesRepository } from '../modules/devices/devices.repository.js';
import { commandTopic, dataTopic } from '../modules/devices/protocol.js';
import type { VerifiedDevice } from '../modules/devices/service.js';

/**
 * Who may do what on the broker, in one place: the embedded broker (broker.ts) and the hooks an
 * external broker calls (modules/mqttHooks) apply the same rules.
 */

/** A stored hash no secret matches: an unknown login costs the same hashing as a known one. */
const NO_HASH = '0'.repeat(64);

/** The device whose broker login this is, or null; the secret's hash is compared in constant time. */
export async function verifyDeviceLogin(devices: Pick<DevicesRepository, 'findByCredentialUser'>, usuario: string, senha: string): Promise<VerifiedDevice | null> {
  const row = usuario === '' ? undefined : await devices.findByCredentialUser(usuario);
  const matches = secretMatches(senha, row?.credential_hash ?? NO_HASH);
  if (!row || !matches) return null;
  return { id: row.id, owner_id: row.owner_id, modelo: row.modelo, serie: row.serie, chip_id: row.chip_id };
}

/** A device publishes only on its own data topic and subscribes only to its own command topic. */
export function deviceMay(device: Pick<VerifiedDevice, 'modelo' | 'serie'>, action: 'publish' | 'subscribe', topic: string): boolean {
  return topic === (action === 'publish' ? dataTopic(device.modelo, device.serie) : commandTopic(device.modelo, device.serie));
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
