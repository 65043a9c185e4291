import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DevicesRepository } from './devices.repository.js';
import type { VerifiedDevice } from './service.js';

/** 18 random bytes: 144 bits, 24 base64url characters. */
const DEVICE_SECRET_BYTES = 18;

/**
 * The device's broker login: stable, unique and readable in broker logs (`ps-sel-ab12`). Serials
 * are compared without case (see devices.repository serialTaken), so the lowercase form is unique.
 */
export const credentialUserFor = (modelo: string, serie: string): string => `${modelo}-${serie}`.toLowerCase().replace(/\//g, '-');

export const newDeviceSecret = (): string => randomBytes(DEVICE_SECRET_BYTES).toString('base64url');

/**
 * The stored form of a device secret. A fast hash is right here, unlike for passwords: the secret
 * is 144 random bits, so its hash cannot be brute-forced, and the broker checks it on every
 * connection, where a deliberately slow hash would only cost CPU.
 */
export const hashDeviceSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashDeviceSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A stored hash no secret matches: an unknown login costs the same hashing as a known one. */
const NO_HASH = '0'.repeat(64);

/** The device whose broker login this is, or null; the secret's hash is compared in constant time. */
export async function verifyDeviceLogin(devices: Pick<DevicesRepository, 'findByCredentialUser'>, usuario: string, senha: string): Promise<VerifiedDevice | null> {
  const row = usuario === '' ? undefined : await devices.findByCredentialUser(usuario);
  const matches = secretMatches(senha, row?.credential_hash ?? NO_HASH);
  if (!row || !matches) return null;
  return verifiedDevice(row);
}

/** What the broker learns of a device it accepted. */
export const verifiedDevice = (row: VerifiedDevice): VerifiedDevice => ({ id: row.id, owner_id: row.owner_id, modelo: row.modelo, serie: row.serie, chip_id: row.chip_id });
