import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMailer } from '../../mail/mailer.js';
import type { TestPortal } from '../harness.js';
import { alarmsRepository } from '../../modules/alarms/alarms.repository.js';
import { rulesRepository } from '../../modules/alarms/rules.repository.js';
import { alarmDelivery } from '../../modules/alarms/delivery/wiring.js';

/**
 * Delivery built on a test portal's database and services, mailing into its outbox: tests run the
 * steps at simulated instants (the job's own steps run after its real rules, which would clear a
 * test's scripted alarms).
 */
export function deliveryOn(portal: TestPortal) {
  const { services, database, config } = portal;
  const log = portal.app.log;
  const built = alarmDelivery({
    config,
    database,
    alarms: alarmsRepository(database.db),
    rules: rulesRepository(database.db),
    accounts: services.accounts,
    permissions: services.permissions,
    farms: services.farms,
    scopes: services.scopes,
    reads: { flocks: services.flocks, weighings: services.weighings },
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: portal.outboxDir, log }),
    clock: Date.now,
    log,
  });
  const [deliver, digest] = built.steps;
  return { deliver, digest };
}

/** One mail of the outbox: its recipient, subject (encoded words decoded) and text. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

const decodeQ = (text: string) => Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?(.*?)\?=/gi, (_m, kind: string, text: string) => (kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text)));

/** Every mail in the portal's outbox, oldest first, headers and body decoded. */
export function outboxMails(portal: TestPortal): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(portal.outboxDir).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(portal.outboxDir, file), 'utf8');
    const split = raw.search(/\r?\n\r?\n/);
    const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    let body = raw.slice(split).trim();
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
    if (/quoted-printable/i.test(header('content-transfer-encoding'))) body = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
    else if (/base64/i.test(header('content-transfer-encoding'))) body = Buffer.from(body, 'base64').toString('utf8');
    return { to: header('to').toLowerCase(), subject: decodeWords(header('subject')), text: body };
  });
}

/** Mails to `email`. */
export const mailsTo = (portal: TestPortal, email: string) => outboxMails(portal).filter((mail) => mail.to.includes(email.toLowerCase()));
