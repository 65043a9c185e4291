import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer, anti-forgery and recovery tokens: random, and stored only as a hash. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
