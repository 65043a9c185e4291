import { createHash, randomBytes } from 'node:crypto';

/** RFC 4648 base32 alphabet. */
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Spec section 9: "Unique key: 13 random bytes encoded". */
export const ACCESS_KEY_BYTES = 13;

/** How many leading characters are kept in clear (`inicio`) to tell keys apart. */
export const ACCESS_KEY_SHOWN_CHARACTERS = 4;

/** Base32 (RFC 4648) without padding: easy to read aloud and type, no lookalike characters such as 0/O, 1/l. */
export function base32(bytes: Uint8Array): string {
  let text = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      text += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return text;
}

/** A new access key: 13 random bytes, 21 base32 characters (matches CHAVE_PATTERN). */
export const newAccessKey = (): string => base32(randomBytes(ACCESS_KEY_BYTES));

/**
 * The stored form of a key. A fast hash is enough: the key has 104 random bits, so it cannot be
 * guessed from its hash, and lookups by hash stay a single indexed query.
 */
export const hashAccessKey = (key: string): string => createHash('sha256').update(key.toUpperCase()).digest('hex');
