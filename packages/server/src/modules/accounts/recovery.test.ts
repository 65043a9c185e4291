import { expect, it } from 'vitest';
import { createAccount, lastRecoveryToken } from '../../test/factories.js';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect('password recovery', (portal) => {
  it('mails a one-time link that sets a new password and ends every session', async () => {
    const account = await createAccount(portal());
    const ask = await portal().request('GET', `/api/password_recover?email=${encodeURIComponent(account.email)}`);
    expect(ask.status).toBe(200);
    expect(ask.body).toEqual({ ok: true });
    const token = lastRecoveryToken(portal(), account.email);
    expect(token).toBeDefined();
    expect(portal().outbox().at(-1)).toContain('http://portal.test/#/recuperar/');

    const reset = await portal().request('POST', '/api/password_reset', { body: { token, password: 'recuperada-1' } });
    expect(reset.status).toBe(200);
    expect((await portal().request('GET', '/api/getuser', { token: account.token })).status).toBe(401);
    expect((await portal().request('POST', '/api/login', { body: { email: account.email, password: 'recuperada-1' } })).status).toBe(200);

    const again = await portal().request('POST', '/api/password_reset', { body: { token, password: 'outra-senha-2' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('RESET_LINK_INVALID');
  });

  it('answers the same for an unknown e-mail and mails no link', async () => {
    const email = `ghost-${Date.now()}@example.test`;
    const ask = await portal().request('GET', `/api/password_recover?email=${email}`, { headers: { 'accept-language': 'es-AR,es;q=0.9' } });
    expect(ask.status).toBe(200);
    expect(ask.body).toEqual({ ok: true });
    expect(lastRecoveryToken(portal(), email)).toBeUndefined();
    const mail = portal().outbox().find((text) => text.includes(`To: ${email}`));
    expect(mail).toContain('no hay ninguna cuenta');
  });

  it('writes the mail in the account language', async () => {
    const account = await createAccount(portal(), { language: 'en' });
    await portal().request('GET', `/api/password_recover?email=${account.email}`);
    expect(portal().outbox().find((text) => text.includes(`To: ${account.email}`))).toContain('We received a request to reset your password');
  });

  it('refuses an expired link', async () => {
    const account = await createAccount(portal());
    await portal().request('GET', `/api/password_recover?email=${account.email}`);
    const token = lastRecoveryToken(portal(), account.email);
    portal().advanceClock(portal().config.PASSWORD_RESET_TTL_MINUTES * 60_000 + 1000);
    const reset = await portal().request('POST', '/api/password_reset', { body: { token, password: 'tarde-demais-1' } });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('RESET_LINK_INVALID');
    expect((await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password } })).status).toBe(200);
  });

  it('refuses unknown tokens and weak passwords without using the link', async () => {
    const account = await createAccount(portal());
    await portal().request('GET', `/api/password_recover?email=${account.email}`);
    const token = lastRecoveryToken(portal(), account.email);
    expect((await portal().request('POST', '/api/password_reset', { body: { token: 'forged', password: 'valida-123' } })).body.code).toBe('RESET_LINK_INVALID');
    const weak = await portal().request('POST', '/api/password_reset', { body: { token, password: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({ field: 'password', code: 'PASSWORD_TOO_SHORT' });
    expect((await portal().request('POST', '/api/password_reset', { body: { token, password: 'valida-123' } })).status).toBe(200);
  });

  it('throttles repeated requests for one address', async () => {
    const account = await createAccount(portal());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await portal().request('GET', `/api/password_recover?email=${account.email}`)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it('refuses a malformed or missing e-mail', async () => {
    expect((await portal().request('GET', '/api/password_recover?email=nope')).body.errors[0]).toMatchObject({ field: 'email', code: 'INVALID_EMAIL' });
    expect((await portal().request('GET', '/api/password_recover')).body.errors[0]).toMatchObject({ field: 'email', code: 'FIELD_REQUIRED' });
  });
});
