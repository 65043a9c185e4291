import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
