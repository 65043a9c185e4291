import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInput, createAccount, type TestAccount } from '../../test/factories.js';
import { describeEachDialect, startTestPortal, testDialects, type TestPortal } from '../../test/harness.js';

/** Values one database could not store are refused by the shared schema, the same on both. */
const EDGES: Array<[string, { path: string; body: (account: TestAccount) => unknown }]> = [
  ['NUL in a name at registration', { path: '/api/register', body: () => accountInput({ name: 'Ana\u0000Lima' }) }],
  ['NUL in a company at registration', { path: '/api/register', body: () => accountInput({ company: 'Granja\u0000' }) }],
  ['a lone surrogate in a name', { path: '/api/register', body: () => accountInput({ name: 'Ana \uD800' }) }],
  ['a bell character in a name', { path: '/api/updateuser', body: () => ({ name: 'Ana\u0007' }) }],
  ['NUL in a company', { path: '/api/updateuser', body: () => ({ company: '\u0000' }) }],
  ['a new line in a name', { path: '/api/updateuser', body: () => ({ name: 'Ana\nLima' }) }],
  ['a session id past 32 bits', { path: '/api/delsession', body: () => ({ idsession: 2 ** 31 }) }],
  ['a session id of 2^53', { path: '/api/delsession', body: () => ({ idsession: 2 ** 53 }) }],
  ['a broken password', { path: '/api/updateuser', body: (account) => ({ password: 'senha\uD800123', current_password: account.password }) }],
];

describe('the storage rule answers the same on every database', () => {
  const portals: TestPortal[] = [];
  const accounts = new Map<TestPortal, TestAccount>();
  beforeAll(async () => {
    for (const dialect of testDialects()) {
      const portal = await startTestPortal(dialect);
      portals.push(portal);
      accounts.set(portal, await createAccount(portal));
    }
  });
  afterAll(async () => {
    for (const portal of portals) await portal.close();
  });

  it.each(EDGES)('refuses %s with 400 and stores nothing', async (_label, { path, body }) => {
    for (const portal of portals) {
      const account = accounts.get(portal)!;
      const before = await portal.request('GET', '/api/getuser', { token: account.token });
      const answer = await portal.request('POST', path, { token: account.token, body: body(account) });
      expect(answer.status, portal.dialect).toBe(400);
      expect(answer.body.code, portal.dialect).toBe('VALIDATION_FAILED');
      expect(['FIELD_INVALID_CHARACTERS', 'FIELD_OUT_OF_RANGE'], portal.dialect).toContain(answer.body.errors[0].code);
      const after = await portal.request('GET', '/api/getuser', { token: account.token });
      expect(after.body, portal.dialect).toEqual(before.body);
    }
  });

  it('stores right-to-left and emoji text the same on both', async () => {
    const names: unknown[] = [];
    for (const portal of portals) {
      const account = accounts.get(portal)!;
      const answer = await portal.request('POST', '/api/updateuser', { token: account.token, body: { name: 'مزرعة 🐔 Granja', company: 'שלום ✓' } });
      expect(answer.status, portal.dialect).toBe(200);
      names.push((await portal.request('GET', '/api/getuser', { token: account.token })).body.name);
    }
    expect(new Set(names)).toEqual(new Set(['مزرعة 🐔 Granja']));
  });
});

describeEachDialect(
  'a client address from X-Forwarded-For is bounded before it is stored',
  (portal) => {
    const longAddress = 'x'.repeat(400);

    it('answers a login from a 400-character address like any other', async () => {
      const answer = await portal().request('POST', '/api/login', {
        body: { email: 'nobody@granja.test', password: 'wrong-pass-1' },
        headers: { 'x-forwarded-for': longAddress },
      });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('INVALID_CREDENTIALS');
    });

    it('answers a recovery request from it, and keeps the session address short', async () => {
      const account = await createAccount(portal());
      const recover = await portal().request('GET', `/api/password_recover?email=${encodeURIComponent(account.email)}`, { headers: { 'x-forwarded-for': longAddress } });
      expect(recover.status).toBe(200);
      const login = await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password }, headers: { 'x-forwarded-for': longAddress } });
      expect(login.status).toBe(200);
      const sessions = await portal().request('GET', '/api/getsessions', { token: login.body.token });
      expect(sessions.body.find((session: { current: boolean }) => session.current).ip).toBe(longAddress.slice(0, 64));
    });
  },
  { TRUST_PROXY: 'true' },
);
