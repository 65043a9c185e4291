import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { describeEachDialect } from '../../test/harness.js';

// logout takes no body: it is checked on its own below.
const WRITES = ['/api/register', '/api/login', '/api/updateuser', '/api/password_reset', '/api/delsession'];

/** Bodies a client could send by mistake or on purpose; none may answer 500 or change anything. */
const BAD_BODIES: Array<[string, { rawBody?: string; headers?: Record<string, string>; body?: unknown }]> = [
  ['malformed JSON', { rawBody: '{"name": "x",', headers: { 'content-type': 'application/json' } }],
  ['empty JSON body', { rawBody: '', headers: { 'content-type': 'application/json' } }],
  ['a JSON array', { body: [1, 2] }],
  ['a JSON string', { body: 'hello' }],
  ['null', { rawBody: 'null', headers: { 'content-type': 'application/json' } }],
  ['plain text', { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } }],
  ['form encoding', { rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
  ['deeply wrong types', { body: { name: { $gt: '' }, email: ['a'], password: 12345678, company: true } }],
  ['over the body limit', { rawBody: JSON.stringify({ name: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } }],
];

describeEachDialect('bad input to every account call', (portal) => {
  for (const path of WRITES) {
    it.each(BAD_BODIES)(`${path}: %s answers 4xx with a message`, async (_label, options) => {
      const account = await createAccount(portal());
      const answer = await portal().request('POST', path, { ...options, token: account.token });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      const me = await portal().request('GET', '/api/getuser', { token: account.token });
      expect(me.body).toEqual(account.user);
    });
  }

  it('keeps the session when logout is sent a malformed body', async () => {
    const account = await createAccount(portal());
    const answer = await portal().request('POST', '/api/logout', { ...BAD_BODIES[0]![1], token: account.token });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('MALFORMED_JSON');
    expect((await portal().request('GET', '/api/getuser', { token: account.token })).status).toBe(200);
  });

  it('answers 413 with PAYLOAD_TOO_LARGE for an oversized body', async () => {
    const answer = await portal().request('POST', '/api/register', {
      rawBody: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 404 with a code for unknown calls', async () => {
    const answer = await portal().request('GET', '/api/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('NOT_FOUND');
  });

  it('answers bad query strings with 4xx', async () => {
    for (const query of ['email=%E0%A4%A', 'email[]=a', `email=${'a'.repeat(300)}@x.com`]) {
      const answer = await portal().request('GET', `/api/password_recover?${query}`);
      expect(answer.status, query).toBeGreaterThanOrEqual(400);
      expect(answer.status, query).toBeLessThan(500);
    }
  });

  it('publishes every account call in the OpenAPI document', async () => {
    const answer = await portal().request('GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/getuser', '/api/updateuser', '/api/password_recover', '/api/setcookie', '/api/logout']),
    );
  });
});
