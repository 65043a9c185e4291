import { expect, it } from 'vitest';
import { accountInput } from '../../test/factories.js';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect('register', (portal) => {
  it('creates the account with the default preferences and no password in the answer', async () => {
    const input = accountInput({ email: `  Mixed.Case-${Date.now()}@Example.TEST ` });
    const answer = await portal().request('POST', '/api/register', { body: input });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      loadded: 'T',
      name: input.name,
      email: input.email.trim().toLowerCase(),
      company: input.company,
      separador_csv: ';',
      separador_decimal: null,
      timezone: -3,
      language: 'pt',
      reports_language: 'pt',
    });
    expect(JSON.stringify(answer.body)).not.toContain(input.password);
  });

  it('keeps the language chosen at signup', async () => {
    const answer = await portal().request('POST', '/api/register', { body: accountInput({ language: 'es' }) });
    expect(answer.body).toMatchObject({ language: 'es', reports_language: 'es' });
  });

  it('refuses an e-mail already in use, whatever its case', async () => {
    const input = accountInput();
    expect((await portal().request('POST', '/api/register', { body: input })).status).toBe(201);
    const again = await portal().request('POST', '/api/register', {
      body: { ...accountInput(), email: input.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EMAIL_IN_USE');
    expect(again.body.errors[0]).toMatchObject({ field: 'email', code: 'EMAIL_IN_USE', msg: expect.any(String) });
  });

  it.each([
    ['short', 'PASSWORD_TOO_SHORT'],
    ['onlyletters', 'PASSWORD_TOO_WEAK'],
    ['1234567890', 'PASSWORD_TOO_WEAK'],
  ])('refuses the weak password %j with %s and stores nothing', async (password, code) => {
    const input = accountInput({ password });
    const answer = await portal().request('POST', '/api/register', { body: input });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { code: string }) => e.code)).toContain(code);
    const login = await portal().request('POST', '/api/login', { body: { email: input.email, password } });
    expect(login.status).toBe(401);
  });

  it.each(['not-an-email', 'a@', '@b.com', 'a b@c.com'])('refuses the malformed e-mail %j', async (email) => {
    const answer = await portal().request('POST', '/api/register', { body: accountInput({ email }) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'email', code: 'INVALID_EMAIL' }] });
  });

  it('names every missing field', async () => {
    const answer = await portal().request('POST', '/api/register', { body: {} });
    expect(answer.status).toBe(400);
    const fields = answer.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
    expect(fields).toEqual(expect.arrayContaining(['name:FIELD_REQUIRED', 'email:FIELD_REQUIRED', 'password:FIELD_REQUIRED']));
  });

  it('refuses oversized and wrongly typed fields', async () => {
    const tooLong = await portal().request('POST', '/api/register', { body: accountInput({ name: 'x'.repeat(121) }) });
    expect(tooLong.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'FIELD_TOO_LONG' })]);
    const wrongType = await portal().request('POST', '/api/register', { body: { ...accountInput(), company: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors).toEqual([expect.objectContaining({ field: 'company', code: 'FIELD_INVALID' })]);
  });
});
