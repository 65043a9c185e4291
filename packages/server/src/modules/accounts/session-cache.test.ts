import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { hashToken } from '../../http/tokens.js';
import { createAccount, lastRecoveryToken } from '../../test/factories.js';
import { describeEachDialect, startTestPortal, testDialects, type TestPortal } from '../../test/harness.js';
import { startMosquitto, withMosquitto, type Mosquitto } from '../../test/server-process.js';
import { flushRedisPrefix, redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/redis.js';

/**
 * The session cache (SESSION_CACHE_SECONDS, default 5): an authenticated call reuses the session it
 * read within that time. Whatever ends a session on an instance is refused there at once; another
 * instance sharing the database refuses it as soon as the cluster channel (Redis, or PostgreSQL
 * NOTIFY with MQTT_URL) brings the notice, and without a channel within the cache's lifetime.
 */
const CACHE_MS = 5_000;

/** A second portal instance on the same database, with a clock of its own (standing still when `frozen`). */
async function secondInstance(portal: TestPortal, options: { frozen?: boolean } = {}) {
  let offset = 0;
  const frozenAt = options.frozen ? Date.now() : undefined;
  const app = await buildApp({ config: portal.config, database: portal.database, logger: portal.app.log, clock: () => (frozenAt ?? Date.now()) + offset });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    advanceClock: (ms: number) => (offset += ms),
    getuser: async (token: string) => (await fetch(`${base}/api/getuser`, { headers: { authorization: `Bearer ${token}` } })).status,
    user: async (token: string) => (await fetch(`${base}/api/getuser`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<{ name: string }>,
    post: async (path: string, headers: Record<string, string>, body: unknown) =>
      (await fetch(`${base}/api/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    close: () => app.close(),
  };
}

async function login(portal: TestPortal, account: { email: string; password: string }): Promise<string> {
  const answer = await portal.request('POST', '/api/login', { body: { email: account.email, password: account.password } });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

const getuser = (portal: TestPortal, token: string) => portal.request('GET', '/api/getuser', { token });

describeEachDialect('session cache: what ends a session is honoured', (portal) => {
  it('refuses a session ended by delsession at once, though its last call was just served', async () => {
    const account = await createAccount(portal());
    const phone = await login(portal(), account);
    expect((await getuser(portal(), phone)).status).toBe(200);
    const sessions = await portal().request('GET', '/api/getsessions', { token: account.token });
    const phoneId = sessions.body.find((session: { current: boolean }) => !session.current).id;
    expect((await portal().request('POST', '/api/delsession', { token: account.token, body: { idsession: phoneId } })).status).toBe(200);
    expect((await getuser(portal(), phone)).status).toBe(401);
    expect((await getuser(portal(), account.token)).status).toBe(200);
  });

  it('refuses a logged-out session at once', async () => {
    const account = await createAccount(portal());
    expect((await getuser(portal(), account.token)).status).toBe(200);
    expect((await portal().request('POST', '/api/logout', { token: account.token })).status).toBe(200);
    expect((await getuser(portal(), account.token)).status).toBe(401);
  });

  it('ends the other sessions at once on a new password, and answers the changed record at once', async () => {
    const account = await createAccount(portal());
    const other = await login(portal(), account);
    expect((await getuser(portal(), other)).status).toBe(200);
    expect((await getuser(portal(), account.token)).body.name).toBe(account.user.name);
    const changed = await portal().request('POST', '/api/updateuser', {
      token: account.token,
      body: { name: 'Nome Novo', password: 'nova-senha-1', current_password: account.password },
    });
    expect(changed.status).toBe(200);
    expect((await getuser(portal(), other)).status).toBe(401);
    const mine = await getuser(portal(), account.token);
    expect(mine.status).toBe(200);
    expect(mine.body.name).toBe('Nome Novo');
  });

  it('ends every session at once on a password reset through a recovery link', async () => {
    const account = await createAccount(portal());
    expect((await getuser(portal(), account.token)).status).toBe(200);
    expect((await portal().request('GET', `/api/password_recover?email=${encodeURIComponent(account.email)}`)).status).toBe(200);
    const token = lastRecoveryToken(portal(), account.email);
    expect((await portal().request('POST', '/api/password_reset', { body: { token, password: 'nova-senha-2' } })).status).toBe(200);
    expect((await getuser(portal(), account.token)).status).toBe(401);
  });

  it('refuses a session past its expiry though it was just served', async () => {
    const account = await createAccount(portal());
    expect((await getuser(portal(), account.token)).status).toBe(200);
    portal().advanceClock(portal().config.SESSION_TTL_DAYS * 24 * 3600 * 1000 + 1000);
    expect((await getuser(portal(), account.token)).status).toBe(401);
  });

  it('slides the expiry of a session used from the cache', async () => {
    const account = await createAccount(portal());
    const ttl = portal().config.SESSION_TTL_DAYS * 24 * 3600 * 1000;
    // The slide is written off the call's path: the next step's clock jump waits until it landed.
    const expiresInDatabase = async () =>
      Number((await portal().database.db.selectFrom('sessions').select('expires_at').where('token_hash', '=', hashToken(account.token)).executeTakeFirstOrThrow()).expires_at);
    // Used every two thirds of its lifetime: it never ends, though most calls are served from the cache.
    for (let step = 0; step < 3; step += 1) {
      const before = await expiresInDatabase();
      portal().advanceClock(Math.floor((ttl * 2) / 3));
      expect((await getuser(portal(), account.token)).status).toBe(200);
      expect((await getuser(portal(), account.token)).status).toBe(200);
      await expect.poll(expiresInDatabase).toBeGreaterThan(before);
    }
    // The slid expiry reached the database: a fresh read (past the cache's lifetime) still finds it.
    portal().advanceClock(CACHE_MS + 1000);
    await expect.poll(async () => (await getuser(portal(), account.token)).status).toBe(200);
  });
});

describeEachDialect('session cache: two instances on one database', (portal) => {
  let other: Awaited<ReturnType<typeof secondInstance>>;
  beforeAll(async () => {
    other = await secondInstance(portal());
  });
  afterAll(async () => {
    await other.close();
  });

  it('refuses on the other instance, within SESSION_CACHE_SECONDS, a session logged out on this one', async () => {
    const account = await createAccount(portal());
    expect(await other.getuser(account.token)).toBe(200);
    expect((await portal().request('POST', '/api/logout', { token: account.token })).status).toBe(200);
    expect((await getuser(portal(), account.token)).status).toBe(401);
    other.advanceClock(CACHE_MS + 1);
    expect(await other.getuser(account.token)).toBe(401);
  });

  it('accepts on the other instance a cookie write whose anti-forgery token came after it kept the session', async () => {
    const account = await createAccount(portal());
    expect(await other.getuser(account.token)).toBe(200);
    const set = await portal().request('GET', `/api/setcookie?api-token=${encodeURIComponent(account.token)}`, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(set.status).toBe(204);
    const cookies = Object.fromEntries(set.headers.getSetCookie().map((line) => line.split(';')[0]!.split('=') as [string, string]));
    const cookie = `portal_session=${cookies.portal_session}; XSRF-TOKEN=${cookies['XSRF-TOKEN']}`;
    expect(await other.post('updateuser', { cookie, 'x-xsrf-token': cookies['XSRF-TOKEN']! }, { company: 'Granja Nova' })).toBe(200);
    expect(await other.post('updateuser', { cookie, 'x-xsrf-token': 'forged' }, { company: 'Forjada' })).toBe(403);
  });

  it('accepts at once on every instance a session opened on one (refusals are never kept)', async () => {
    const account = await createAccount(portal());
    expect(await other.getuser('not-yet-a-session')).toBe(401);
    const fresh = await login(portal(), account);
    expect(await other.getuser(fresh)).toBe(200);
  });
});

describeEachDialect(
  'session cache off (SESSION_CACHE_SECONDS=0)',
  (portal) => {
    it('refuses a session ended on another instance at its next call', async () => {
      const account = await createAccount(portal());
      const other = await secondInstance(portal());
      try {
        expect(await other.getuser(account.token)).toBe(200);
        expect((await portal().request('POST', '/api/logout', { token: account.token })).status).toBe(200);
        expect(await other.getuser(account.token)).toBe(401);
      } finally {
        await other.close();
      }
    });
  },
  { SESSION_CACHE_SECONDS: '0' },
);

const withRedis = await redisReachable();
const withPostgres = testDialects().includes('postgres');
if (!withMosquitto && process.env.REQUIRE_BROKER) throw new Error('Mosquitto (/usr/sbin/mosquitto) is missing and REQUIRE_BROKER is set');

/**
 * What ends a session on one instance, refused on the other as soon as the cluster channel brings
 * 'sessions.changed': the other instance's clock stands still, so its copies never age and only the
 * notice can end them (however slow the machine).
 */
function endedOnOneRefusedOnTheOther(portal: () => TestPortal) {
  let other: Awaited<ReturnType<typeof secondInstance>>;
  beforeAll(async () => {
    other = await secondInstance(portal(), { frozen: true });
  });
  afterAll(async () => {
    await other.close();
  });
  const refusedThere = (token: string) => expect.poll(() => other.getuser(token), { timeout: 15_000, interval: 50 }).toBe(401);

  it('refuses on the other instance a session logged out on this one, though its copy there is fresh', async () => {
    const account = await createAccount(portal());
    expect(await other.getuser(account.token)).toBe(200);
    expect((await portal().request('POST', '/api/logout', { token: account.token })).status).toBe(200);
    await refusedThere(account.token);
  });

  it('refuses on the other instance a session ended by delsession here, and keeps serving the one that ended it', async () => {
    const account = await createAccount(portal());
    const phone = await login(portal(), account);
    expect(await other.getuser(phone)).toBe(200);
    expect(await other.getuser(account.token)).toBe(200);
    const sessions = await portal().request('GET', '/api/getsessions', { token: account.token });
    const phoneId = sessions.body.find((session: { current: boolean }) => !session.current).id;
    expect((await portal().request('POST', '/api/delsession', { token: account.token, body: { idsession: phoneId } })).status).toBe(200);
    await refusedThere(phone);
    expect(await other.getuser(account.token)).toBe(200);
  });

  it('refuses on the other instance the sessions a new password ended here, and answers the changed record there', async () => {
    const account = await createAccount(portal());
    const laptop = await login(portal(), account);
    expect(await other.getuser(laptop)).toBe(200);
    expect((await other.user(account.token)).name).toBe(account.user.name);
    const changed = await portal().request('POST', '/api/updateuser', {
      token: account.token,
      body: { name: 'Nome Trocado', password: 'outra-senha-9', current_password: account.password },
    });
    expect(changed.status).toBe(200);
    await refusedThere(laptop);
    await expect.poll(async () => (await other.user(account.token)).name, { timeout: 15_000, interval: 50 }).toBe('Nome Trocado');
  });
}

describe.skipIf(!withRedis)('session cache with the cluster channel over Redis', () => {
  const prefix = uniqueRedisPrefix('sessions');
  afterAll(async () => {
    await flushRedisPrefix(prefix);
  });
  describeEachDialect('session cache: instances relaying sessions.changed over Redis (REDIS_URL)', endedOnOneRefusedOnTheOther, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
});

describe.skipIf(!withPostgres || !withMosquitto)('session cache: instances relaying sessions.changed over PostgreSQL NOTIFY (MQTT_URL, no REDIS_URL)', () => {
  let dir: string;
  let mosquitto: Mosquitto | undefined;
  let portal: TestPortal | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-sessions-'));
    mosquitto = await startMosquitto(dir);
    portal = await startTestPortal('postgres', { env: { MQTT_URL: mosquitto.url } });
  });
  afterAll(async () => {
    await portal?.close();
    await mosquitto?.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  endedOnOneRefusedOnTheOther(() => {
    if (!portal) throw new Error('portal not started');
    return portal;
  });
});
