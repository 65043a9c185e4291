import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

/** What a browser sends with the portal's own hidden frame (setcookie-origin.test.ts covers the rest). */
const FROM_OWN_PAGE = { 'sec-fetch-site': 'same-origin' };

/** Loads setcookie like the hidden frame does and returns the cookies it set. */
async function cookiesFor(portal: TestPortal, token: string) {
  const answer = await portal.request('GET', `/api/setcookie?api-token=${encodeURIComponent(token)}`, { headers: FROM_OWN_PAGE });
  expect(answer.status).toBe(204);
  const cookies = Object.fromEntries(
    answer.headers.getSetCookie().map((line) => {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      return [name!, value.join('=')];
    }),
  );
  return { cookies, lines: answer.headers.getSetCookie(), header: `portal_session=${cookies.portal_session}; XSRF-TOKEN=${cookies['XSRF-TOKEN']}` };
}

describeEachDialect('sessions, cookies and anti-forgery', (portal) => {
  it('sets an HttpOnly session cookie and a readable anti-forgery cookie', async () => {
    const account = await createAccount(portal());
    const { lines, cookies } = await cookiesFor(portal(), account.token);
    expect(lines.find((line) => line.startsWith('portal_session='))).toMatch(/HttpOnly/);
    expect(lines.find((line) => line.startsWith('portal_session='))).toMatch(/SameSite=Lax/);
    expect(lines.find((line) => line.startsWith('XSRF-TOKEN='))).not.toMatch(/HttpOnly/);
    expect(cookies['XSRF-TOKEN']).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses setcookie for an unknown token', async () => {
    const answer = await portal().request('GET', '/api/setcookie?api-token=forged', { headers: FROM_OWN_PAGE });
    expect(answer.status).toBe(401);
    expect((await portal().request('GET', '/api/setcookie', { headers: FROM_OWN_PAGE })).status).toBe(400);
  });

  it('lets the cookie read, but a cookie write needs the anti-forgery header', async () => {
    const account = await createAccount(portal());
    const { cookies, header } = await cookiesFor(portal(), account.token);
    const read = await portal().request('GET', '/api/getuser', { headers: { cookie: header } });
    expect(read.status).toBe(200);
    expect(read.body.email).toBe(account.email);

    const noHeader = await portal().request('POST', '/api/updateuser', { headers: { cookie: header }, body: { company: 'Forged' } });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.code).toBe('CSRF_TOKEN_INVALID');
    const wrongHeader = await portal().request('POST', '/api/updateuser', {
      headers: { cookie: header, 'x-xsrf-token': 'guess' },
      body: { company: 'Forged' },
    });
    expect(wrongHeader.status).toBe(403);
    expect((await portal().request('GET', '/api/getuser', { token: account.token })).body.company).toBe(account.user.company);

    const withHeader = await portal().request('POST', '/api/updateuser', {
      headers: { cookie: header, 'x-xsrf-token': cookies['XSRF-TOKEN']! },
      body: { company: 'Granja Legítima' },
    });
    expect(withHeader.status).toBe(200);
    expect(withHeader.body.company).toBe('Granja Legítima');
  });

  it("refuses another session's anti-forgery token", async () => {
    const mine = await createAccount(portal());
    const theirs = await createAccount(portal());
    const myCookies = await cookiesFor(portal(), mine.token);
    const theirCookies = await cookiesFor(portal(), theirs.token);
    const answer = await portal().request('POST', '/api/updateuser', {
      headers: {
        cookie: `portal_session=${myCookies.cookies.portal_session}; XSRF-TOKEN=${theirCookies.cookies['XSRF-TOKEN']}`,
        'x-xsrf-token': theirCookies.cookies['XSRF-TOKEN']!,
      },
      body: { company: 'Mixed' },
    });
    expect(answer.status).toBe(403);
  });

  it('logout revokes the token on the server and clears the cookies', async () => {
    const account = await createAccount(portal());
    const { cookies, header } = await cookiesFor(portal(), account.token);
    const out = await portal().request('POST', '/api/logout', { token: account.token });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((line) => line.startsWith('portal_session=;'))).toBe(true);
    expect((await portal().request('GET', '/api/getuser', { token: account.token })).status).toBe(401);
    expect((await portal().request('GET', '/api/getuser', { headers: { cookie: header } })).status).toBe(401);
    expect((await portal().request('POST', '/api/logout', { token: account.token })).status).toBe(401);
    expect(cookies.portal_session).toBe(account.token);
  });

  it('lists my sessions and ends one, but never another account’s', async () => {
    const account = await createAccount(portal());
    const second = await portal().request('POST', '/api/login', {
      body: { email: account.email, password: account.password },
      headers: { 'user-agent': 'Shed phone' },
    });
    const stranger = await createAccount(portal());

    const list = await portal().request('GET', '/api/getsessions', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phone = list.body.find((s: { user_agent: string }) => s.user_agent === 'Shed phone');
    expect(phone).toMatchObject({ current: false, ip: expect.any(String), created_at: expect.any(String) });

    const strangersList = await portal().request('GET', '/api/getsessions', { token: stranger.token });
    expect(strangersList.body.map((s: { id: number }) => s.id)).not.toContain(phone.id);
    const refused = await portal().request('POST', '/api/delsession', { token: stranger.token, body: { idsession: phone.id } });
    expect(refused.status).toBe(404);
    expect((await portal().request('GET', '/api/getuser', { token: second.body.token })).status).toBe(200);

    const ended = await portal().request('POST', '/api/delsession', { token: account.token, body: { idsession: phone.id } });
    expect(ended.status).toBe(200);
    expect((await portal().request('GET', '/api/getuser', { token: second.body.token })).status).toBe(401);
    expect((await portal().request('GET', '/api/getsessions', { token: account.token })).body).toHaveLength(1);
  });

  it.each([{}, { idsession: 'x' }, { idsession: -1 }, { idsession: 1.5 }])('refuses delsession %j', async (body) => {
    const account = await createAccount(portal());
    const answer = await portal().request('POST', '/api/delsession', { token: account.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].field).toBe('idsession');
  });
});
