import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, parseSecretKey, type Config } from './config.js';
import { maySeveralInstancesShare, sqliteFileOf } from './db/dialect.js';

export const SECRET_KEY_FILE = 'secret.key';

/** Where the key lives without SECRET_KEY: beside the SQLite file, else in `dataFolder` (./data). */
export function secretKeyPath(databaseUrl: string, dataFolder = 'data'): string {
  const file = sqliteFileOf(databaseUrl);
  const folder = file === undefined ? resolve(dataFolder) : dirname(resolve(file));
  return join(folder, SECRET_KEY_FILE);
}

/**
 * Writes `content` (a new key) to `path` unless another process wrote the file first: the draft is
 * linked into place and link refuses to replace a file, so two starting instances keep one key.
 * Answers true when this call created it.
 */
export function createKeyFileOnce(path: string, content: string): boolean {
  mkdirSync(dirname(path), { recursive: true });
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, content, { mode: 0o600 });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * The key that encrypts stored integration passwords: SECRET_KEY, or a key file created on the
 * first start. A lost or different key leaves the stored passwords unreadable, so several
 * instances (PostgreSQL) must all be given the same SECRET_KEY.
 */
export function resolveSecretKey(config: Pick<Config, 'SECRET_KEY' | 'DATABASE_URL'>, log: FastifyBaseLogger, dataFolder?: string): Buffer {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  const path = secretKeyPath(config.DATABASE_URL, dataFolder);
  const shared = maySeveralInstancesShare(config.DATABASE_URL);
  const created = createKeyFileOnce(path, `${randomBytes(32).toString('hex')}\n`);
  const key = parseSecretKey(readFileSync(path, 'utf8').trim());
  if (!key) throw new ConfigError(`The key file ${path} does not hold a 32-byte key. Restore it, or set SECRET_KEY (64 hex characters or base64).`);
  if ((statSync(path).mode & 0o077) !== 0) log.warn({ path }, 'the secret key file can be read by other users: chmod 600 it');
  if (shared) {
    // Every instance would otherwise make its own key and could not read what the others stored.
    log.warn(
      { path, created },
      'SECRET_KEY is not set: this instance encrypts integration passwords with its own key file. With several instances on one PostgreSQL, set the same SECRET_KEY on every instance, or passwords saved by one cannot be read by the others',
    );
  } else if (created) {
    log.warn({ path }, 'SECRET_KEY is not set: created a random key file for integration passwords. Keep it with the database; several instances must share SECRET_KEY instead');
  } else {
    log.debug({ path }, 'integration passwords use the key file');
  }
  return key;
}
