import { ERROR_MESSAGES } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect('getuser and updateuser', (portal) => {
  it('changes the profile preferences and keeps them', async () => {
    const account = await createAccount(portal());
    const changes = { name: 'Maria Souza', company: 'Granja Nova', separador_csv: ',', timezone: -4.5, language: 'en', reports_language: 'es' };
    const answer = await portal().request('POST', '/api/updateuser', { token: account.token, body: changes });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject(changes);
    const me = await portal().request('GET', '/api/getuser', { token: account.token });
    expect(me.body).toEqual({ ...account.user, ...changes });
  });

  it('keeps the number format: by language (null) until chosen, then "," or ".", and back to null', async () => {
    const account = await createAccount(portal());
    expect(account.user.separador_decimal).toBeNull();
    for (const separador_decimal of [',', '.', null]) {
      const answer = await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_decimal } });
      expect(answer.status, String(separador_decimal)).toBe(200);
      expect(answer.body.separador_decimal).toBe(separador_decimal);
      const me = await portal().request('GET', '/api/getuser', { token: account.token });
      expect(me.body).toEqual({ ...account.user, separador_decimal });
    }
    // Leaving the field out changes nothing.
    await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_decimal: '.' } });
    await portal().request('POST', '/api/updateuser', { token: account.token, body: { name: 'Outro Nome' } });
    expect((await portal().request('GET', '/api/getuser', { token: account.token })).body.separador_decimal).toBe('.');

    const refused = await portal().request('POST', '/api/updateuser', { token: account.token, body: { separador_decimal: ';' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'separador_decimal', code: 'DECIMAL_SEPARATOR_INVALID', msg: ERROR_MESSAGES.DECIMAL_SEPARATOR_INVALID }]);
    expect(ERROR_MESSAGES.DECIMAL_SEPARATOR_INVALID).toContain("','");
  });

  it('changes the e-mail only with the current password, and keeps e-mails unique', async () => {
    const account = await createAccount(portal());
    const other = await createAccount(portal());
    const newEmail = `renamed-${Date.now()}@example.test`;

    const without = await portal().request('POST', '/api/updateuser', { token: account.token, body: { email: newEmail } });
    expect(without.status).toBe(400);
    expect(without.body.errors[0]).toMatchObject({ field: 'current_password', code: 'CURRENT_PASSWORD_REQUIRED' });

    const taken = await portal().request('POST', '/api/updateuser', {
      token: account.token,
      body: { email: other.email, current_password: account.password },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ field: 'email', code: 'EMAIL_IN_USE' });

    const ok = await portal().request('POST', '/api/updateuser', {
      token: account.token,
      body: { email: newEmail.toUpperCase(), current_password: account.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(newEmail);
    const login = await portal().request('POST', '/api/login', { body: { email: newEmail, password: account.password } });
    expect(login.status).toBe(200);
  });

  it('changes the password only with the right current password, and ends the other sessions', async () => {
    const account = await createAccount(portal());
    const otherSession = await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password } });

    const wrong = await portal().request('POST', '/api/updateuser', {
      token: account.token,
      body: { password: 'nova-senha-1', current_password: 'not-my-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'current_password', code: 'CURRENT_PASSWORD_WRONG' });
    expect((await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password } })).status).toBe(200);

    const weak = await portal().request('POST', '/api/updateuser', {
      token: account.token,
      body: { password: 'abc', current_password: account.password },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0]).toMatchObject({ field: 'password', code: 'PASSWORD_TOO_SHORT' });

    const ok = await portal().request('POST', '/api/updateuser', {
      token: account.token,
      body: { password: 'nova-senha-1', current_password: account.password },
    });
    expect(ok.status).toBe(200);
    expect((await portal().request('GET', '/api/getuser', { token: account.token })).status).toBe(200);
    expect((await portal().request('GET', '/api/getuser', { token: otherSession.body.token })).status).toBe(401);
    expect((await portal().request('POST', '/api/login', { body: { email: account.email, password: account.password } })).status).toBe(401);
    expect((await portal().request('POST', '/api/login', { body: { email: account.email, password: 'nova-senha-1' } })).status).toBe(200);
  });

  it.each([
    [{ separador_csv: 'x' }, 'separador_csv', 'FIELD_INVALID'],
    [{ timezone: 15 }, 'timezone', 'FIELD_OUT_OF_RANGE'],
    [{ timezone: '-3' }, 'timezone', 'FIELD_INVALID'],
    [{ timezone: -3.1 }, 'timezone', 'FIELD_INVALID'],
    [{ language: 'fr' }, 'language', 'FIELD_INVALID'],
    [{ reports_language: null }, 'reports_language', 'FIELD_INVALID'],
    [{ separador_decimal: ';' }, 'separador_decimal', 'DECIMAL_SEPARATOR_INVALID'],
    [{ separador_decimal: '' }, 'separador_decimal', 'DECIMAL_SEPARATOR_INVALID'],
    [{ separador_decimal: ',.' }, 'separador_decimal', 'DECIMAL_SEPARATOR_INVALID'],
    [{ separador_decimal: 1 }, 'separador_decimal', 'DECIMAL_SEPARATOR_INVALID'],
    [{ name: '' }, 'name', 'FIELD_REQUIRED'],
    [{ name: 'n'.repeat(121) }, 'name', 'FIELD_TOO_LONG'],
    [{ email: 'bad' }, 'email', 'INVALID_EMAIL'],
  ])('refuses %j and changes nothing', async (body, field, code) => {
    const account = await createAccount(portal());
    const answer = await portal().request('POST', '/api/updateuser', {
      token: account.token,
      body: { company: 'Should Not Stick', ...body },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    const me = await portal().request('GET', '/api/getuser', { token: account.token });
    expect(me.body).toEqual(account.user);
  });

  it('refuses updates without a session', async () => {
    const answer = await portal().request('POST', '/api/updateuser', { body: { name: 'Intruder' } });
    expect(answer.status).toBe(401);
  });
});
