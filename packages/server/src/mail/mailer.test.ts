import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../test/factories.js';
import { startTestPortal, type TestPortal } from '../test/harness.js';

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const received: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('recovery mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let portal: TestPortal;
  beforeAll(async () => {
    smtp = await startSmtp();
    portal = await startTestPortal('sqlite', { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Granja <portal@granja.test>' } });
  });
  afterAll(async () => {
    await portal?.close();
    await smtp?.close();
  });

  it('sends the link through the configured SMTP server, not the outbox', async () => {
    const account = await createAccount(portal);
    const answer = await portal.request('GET', `/api/password_recover?email=${account.email}`);
    expect(answer.status).toBe(200);
    const mail = smtp.received.find((message) => message.to.includes(account.email));
    expect(mail?.raw).toMatch(/From: Granja <portal@granja\.test>/);
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain('http://portal.test/#/recuperar/');
    expect(portal.outbox()).toEqual([]);
  });
});

describe('recovery mail when SMTP is down', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    const smtp = await startSmtp();
    await smtp.close(); // the port is now closed: every delivery fails
    portal = await startTestPortal('sqlite', { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('answers 503 MAIL_UNAVAILABLE alike for known and unknown addresses', async () => {
    const account = await createAccount(portal);
    const known = await portal.request('GET', `/api/password_recover?email=${account.email}`);
    const unknown = await portal.request('GET', `/api/password_recover?email=nobody-${Date.now()}@example.test`);
    expect(known.status).toBe(503);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.code).toBe('MAIL_UNAVAILABLE');
    const links = await portal.database.db.selectFrom('password_resets').selectAll().execute();
    expect(links).toEqual([]);
  });
});
