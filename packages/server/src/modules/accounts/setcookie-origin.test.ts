import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { describeEachDialect } from '../../test/harness.js';

/*
 * Login CSRF: a page of another site (or a link opened from a mail) loads setcookie with the
 * attacker's own token, and the victim's browser is signed in as the attacker: what the victim then
 * types or uploads lands in the attacker's account. Only the portal's own pages may set the cookie.
 * The test portal's PUBLIC_URL is http://portal.test.
 */

const refusedSources: Array<[string, Record<string, string>]> = [
  ['a cross-site frame or link', { 'sec-fetch-site': 'cross-site' }],
  ['a sibling host of the same site', { 'sec-fetch-site': 'same-site' }],
  ['a link opened from outside any page (mail, chat, typed)', { 'sec-fetch-site': 'none' }],
  ['fetch metadata saying cross-site beside a forged-looking Referer of the portal', { 'sec-fetch-site': 'cross-site', referer: 'http://portal.test/' }],
  ['an Origin of another site, without fetch metadata', { origin: 'https://attacker.example' }],
  ['an opaque Origin (sandboxed frame), without fetch metadata', { origin: 'null' }],
  ['a Referer of another site, without fetch metadata', { referer: 'https://attacker.example/landing.html' }],
  ['a Referer of a host that only starts like the portal', { referer: 'http://portal.test.attacker.example/' }],
  ['a Referer of the portal over another scheme', { referer: 'https://portal.test/' }],
  ['no fetch metadata, Origin or Referer at all', {}],
];

const ownPageSources: Array<[string, Record<string, string>]> = [
  ["the portal's own frame (fetch metadata)", { 'sec-fetch-site': 'same-origin' }],
  ["the portal's own frame in a browser without fetch metadata (Referer)", { referer: 'http://portal.test/' }],
  ["the portal's own page in a browser without fetch metadata (Origin)", { origin: 'http://portal.test' }],
];

describeEachDialect('setcookie answers only the portal’s own pages', (portal) => {
  it('sets the cookies for a page opened by the address it was sent to, without fetch metadata or PUBLIC_URL', async () => {
    // Chromium on a plain-HTTP network (http://192.168.1.10) sends only the Referer of the portal's page.
    const account = await createAccount(portal());
    const referer = `${portal().baseUrl}/`;
    const answer = await portal().request('GET', `/api/setcookie?api-token=${encodeURIComponent(account.token)}`, { headers: { referer } });
    expect(answer.status).toBe(204);
    expect(answer.headers.getSetCookie()).toHaveLength(2);
  });

  it.each(refusedSources)('sets no cookie for %s', async (_source, headers) => {
    const attacker = await createAccount(portal());
    const answer = await portal().request('GET', `/api/setcookie?api-token=${encodeURIComponent(attacker.token)}`, { headers });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('CSRF_TOKEN_INVALID');
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it.each(ownPageSources)('sets the cookies for %s', async (_source, headers) => {
    const account = await createAccount(portal());
    const answer = await portal().request('GET', `/api/setcookie?api-token=${encodeURIComponent(account.token)}`, { headers });
    expect(answer.status).toBe(204);
    const names = answer.headers.getSetCookie().map((line) => line.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['portal_session', 'XSRF-TOKEN']));
  });
});
