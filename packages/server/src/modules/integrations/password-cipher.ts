import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored value that cannot be opened: another key, or a damaged value. Never answered as a password. */
export class SealedValueError extends Error {}

/**
 * Encrypts integration passwords with the server's key: AES-256-GCM, a fresh 12-byte IV per value,
 * stored as `v1:<iv>:<tag>:<ciphertext>` (base64). GCM's tag makes a wrong key or a changed value
 * fail instead of decrypting to garbage.
 */
export function passwordCipher(key: Buffer) {
  if (key.length !== 32) throw new Error('the password key must be 32 bytes');
  return {
    seal(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    },

    open(sealed: string): string {
      const [version, iv, tag, body, ...rest] = sealed.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined || rest.length > 0) {
        throw new SealedValueError('the stored password is not in the v1 format');
      }
      const ivBytes = Buffer.from(iv, 'base64');
      const tagBytes = Buffer.from(tag, 'base64');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SealedValueError('the stored password is damaged');
      try {
        const decipher = createDecipheriv(ALGORITHM, key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        throw new SealedValueError('the stored password cannot be decrypted: SECRET_KEY differs from the key it was saved with, or the value was changed');
      }
    },
  };
}
export type PasswordCipher = ReturnType<typeof passwordCipher>;

/**
 * The cipher on a key read only when a password is first sealed or opened: a report worker builds
 * every service but never opens a password, so it never reads (or creates) the key file.
 */
export function lazyPasswordCipher(key: () => Buffer): PasswordCipher {
  let cipher: PasswordCipher | undefined;
  const ready = () => (cipher ??= passwordCipher(key()));
  return {
    seal: (plain) => ready().seal(plain),
    open: (sealed) => ready().open(sealed),
  };
}
