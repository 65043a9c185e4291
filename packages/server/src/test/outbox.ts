import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable soft breaks and escapes, so a mailed link reads whole. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** Every mail the embedded outbox holds, oldest first, decoded. */
export function readOutbox(outboxDir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(outboxDir, file), 'utf8');
    return /content-transfer-encoding:\s*quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;
  });
}

/** The token of the newest recovery link mailed to `email`. */
export function lastRecoveryToken(outboxDir: string, email: string): string | undefined {
  const mails = readOutbox(outboxDir).filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`));
  return /#\/recuperar\/([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '')?.[1];
}
