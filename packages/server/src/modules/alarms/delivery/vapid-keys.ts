import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { ConfigError, type Config } from '../../../config.js';
import { maySeveralInstancesShare } from '../../../db/dialect.js';
import { createKeyFileOnce, secretKeyPath } from '../../../secret-key.js';

export const VAPID_KEY_FILE = 'vapid.json';

/** The portal's Web Push identity: browsers subscribe with the public key; pushes are signed with the private one. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: URL push services may contact about these pushes. */
  subject: string;
}

const PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

/** VAPID_SUBJECT, else mailto: with MAIL_FROM's address ("Portal <no-reply@x>" → mailto:no-reply@x). */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'MAIL_FROM'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  return `mailto:${address}`;
}

/** Where the generated pair lives without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: beside secret.key. */
export function vapidKeyPath(databaseUrl: string, dataFolder?: string): string {
  return join(dirname(secretKeyPath(databaseUrl, dataFolder)), VAPID_KEY_FILE);
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated on the first start into vapid.json (the
 * same race-free creation as secret.key: two instances starting at once keep one pair). Several
 * instances on one PostgreSQL must be given the same pair: a browser subscribed through one
 * portal's key refuses pushes signed with another's.
 */
export function resolveVapidKeys(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'DATABASE_URL'>,
  log: FastifyBaseLogger,
  dataFolder?: string,
): VapidKeys {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const path = vapidKeyPath(config.DATABASE_URL, dataFolder);
  const created = createKeyFileOnce(path, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`);
  let stored: { publicKey?: unknown; privateKey?: unknown };
  try {
    stored = JSON.parse(readFileSync(path, 'utf8')) as typeof stored;
  } catch {
    stored = {};
  }
  if (typeof stored.publicKey !== 'string' || !PUBLIC_KEY.test(stored.publicKey) || typeof stored.privateKey !== 'string' || !PRIVATE_KEY.test(stored.privateKey)) {
    throw new ConfigError(`The Web Push key file ${path} does not hold a VAPID key pair. Restore it, delete it (browsers must then subscribe again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`);
  }
  if ((statSync(path).mode & 0o077) !== 0) log.warn({ path }, 'the Web Push key file can be read by other users: chmod 600 it');
  if (maySeveralInstancesShare(config.DATABASE_URL)) {
    log.warn(
      { path, created },
      'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set: this instance signs Web Push with its own key file. With several instances on one PostgreSQL, set the same pair on every instance, or browsers subscribed through one will refuse pushes from the others',
    );
  } else if (created) {
    log.warn({ path }, 'VAPID keys are not set: created a Web Push key pair file. Keep it with the database: a new pair makes every browser subscribe again');
  } else {
    log.debug({ path }, 'Web Push uses the key file');
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
