import { CHAVE_PATTERN } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { base32, hashAccessKey, newAccessKey } from './access-key.js';

describe('access keys', () => {
  it('encodes base32 as RFC 4648 does, without padding', () => {
    const text = (value: string) => base32(new TextEncoder().encode(value));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(text)).toEqual(['', 'MY', 'MZXQ', 'MZXW6', 'MZXW6YQ', 'MZXW6YTB', 'MZXW6YTBOI']);
    expect(base32(new Uint8Array(13).fill(255))).toBe('7'.repeat(20) + '6');
  });

  it('makes 21-character keys from 13 random bytes, hashed the same whatever the case', () => {
    const keys = new Set(Array.from({ length: 200 }, newAccessKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(CHAVE_PATTERN);
    const [key] = keys;
    expect(hashAccessKey(key!.toLowerCase())).toBe(hashAccessKey(key!));
    expect(hashAccessKey(key!)).toMatch(/^[0-9a-f]{64}$/);
  });
});
