import { describe, expect, it } from 'vitest';
import { passwordCipher, SealedValueError } from './password-cipher.js';

describe('the integration password cipher (AES-256-GCM)', () => {
  const cipher = passwordCipher(Buffer.alloc(32, 1));

  it('seals to v1:<iv>:<tag>:<ciphertext> with a fresh IV each time, and opens back', () => {
    const plain = 'senha-Secreta-ção-🐔';
    const first = cipher.seal(plain);
    const second = cipher.seal(plain);
    expect(first).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain(plain);
    expect(first).not.toBe(second);
    const [, iv, tag] = first.split(':');
    expect(Buffer.from(iv!, 'base64')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64')).toHaveLength(16);
    expect(cipher.open(first)).toBe(plain);
    expect(cipher.open(second)).toBe(plain);
  });

  it('refuses to open with another key instead of returning garbage', () => {
    const sealed = cipher.seal('granja123');
    expect(() => passwordCipher(Buffer.alloc(32, 2)).open(sealed)).toThrow(SealedValueError);
    expect(() => passwordCipher(Buffer.alloc(32, 2)).open(sealed)).toThrow(/SECRET_KEY differs/);
  });

  it('refuses a changed or malformed value', () => {
    const [version, iv, tag, body] = cipher.seal('granja123').split(':');
    const flipped = Buffer.from(body!, 'base64');
    flipped[0]! ^= 1;
    for (const value of [
      [version, iv, tag, flipped.toString('base64')].join(':'),
      ['v2', iv, tag, body].join(':'),
      [version, iv, tag].join(':'),
      [version, 'AAAA', tag, body].join(':'),
      'granja123',
    ]) {
      expect(() => cipher.open(value), value).toThrow(SealedValueError);
    }
  });

  it('needs a 32-byte key', () => {
    expect(() => passwordCipher(Buffer.alloc(16))).toThrow();
  });
});
