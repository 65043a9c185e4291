import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect('login', (portal) => {
  it('answers a token that opens getuser', async () => {
    const account = await createAccount(portal());
    const login = await portal().request('POST', '/api/login', {
      body: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ token: expect.stringMatching(/^[\w-]{40,}$/), user: { email: account.email } });
    expect(Date.parse(login.body.expires_at)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const me = await portal().request('GET', '/api/getuser', { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(account.user);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const account = await createAccount(portal());
    const wrong = await portal().request('POST', '/api/login', { body: { email: account.email, password: 'wrong-pass-1' } });
    const unknown = await portal().request('POST', '/api/login', { body: { email: `nobody-${Date.now()}@example.test`, password: 'x1x1x1x1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('throttles repeated failures for one account, even with the right password, then lets it in again', async () => {
    const account = await createAccount(portal());
    const { LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES } = portal().config;
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
      const answer = await portal().request('POST', '/api/login', { body: { email: account.email, password: `bad-guess-${attempt}` } });
      expect(answer.status).toBe(401);
    }
    const locked = await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBe(locked.body.retryAfterSeconds);

    portal().advanceClock(LOGIN_LOCK_MINUTES * 60_000 + 1000);
    const after = await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password } });
    expect(after.status).toBe(200);
  });

  it('does not lock other accounts when one is throttled', async () => {
    const victim = await createAccount(portal());
    const other = await createAccount(portal());
    for (let attempt = 0; attempt < portal().config.LOGIN_MAX_FAILURES; attempt += 1) {
      await portal().request('POST', '/api/login', { body: { email: victim.email, password: `nope-${attempt}-x` } });
    }
    const answer = await portal().request('POST', '/api/login', { body: { email: other.email, password: other.password } });
    expect(answer.status).toBe(200);
  });

  it('refuses calls without a token, with a malformed header or with an unknown token', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Token abc' }, { authorization: 'Bearer not-a-session' }]) {
      const answer = await portal().request('GET', '/api/getuser', { headers });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('ends sessions that were not used within their lifetime', async () => {
    const account = await createAccount(portal());
    portal().advanceClock(portal().config.SESSION_TTL_DAYS * 24 * 3600 * 1000 + 1000);
    const answer = await portal().request('GET', '/api/getuser', { token: account.token });
    expect(answer.status).toBe(401);
  });
});

describeEachDialect(
  'login throttling by client address',
  (portal) => {
    it('pauses an address that fails across many e-mails, while its lock lasts', async () => {
      const account = await createAccount(portal());
      // Ten times LOGIN_MAX_FAILURES (2): twenty failures from one address, each for a different e-mail.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await portal().request('POST', '/api/login', {
          body: { email: `spray-${attempt}@example.test`, password: 'guess-123' },
        });
        expect(answer.status).toBe(401);
      }
      const locked = await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password } });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
      portal().advanceClock(61_000);
      expect((await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password } })).status).toBe(200);
    });
  },
  { LOGIN_MAX_FAILURES: '2', LOGIN_LOCK_MINUTES: '1' },
);
