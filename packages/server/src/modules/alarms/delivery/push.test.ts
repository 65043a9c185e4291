import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, TEST_VAPID_KEYS } from '../../../test/harness.js';
import type { AlarmEngine } from '../engine.js';
import { alarmWorld, portalEngine, ScriptedRule, type AlarmWorld } from '../../../test/factories/alarms.js';
import { decryptPush, startPushService, testSubscriber, vapidClaims } from '../../../test/push-service.js';
import { deliveryOn } from '../../../test/factories/alarm-delivery.js';

describeEachDialect('alarm delivery: Web Push', (portal) => {
  let world: AlarmWorld;
  let engine: AlarmEngine;
  let delivery: ReturnType<typeof deliveryOn>;
  let service: Awaited<ReturnType<typeof startPushService>>;
  const rule = new ScriptedRule();
  const subscriber = testSubscriber();
  const subscribe = (account: AlarmWorld['owner'], endpoint: string, keys = subscriber.keys) =>
    portal().request('POST', '/api/push_subscribe', { token: account.token, body: { endpoint, keys } });
  const subscriptionCount = async () => Number((await portal().database.db.selectFrom('push_assinaturas').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    world = await alarmWorld(portal());
    engine = portalEngine(portal());
    delivery = deliveryOn(portal());
    service = await startPushService();
  });
  afterAll(async () => service?.close());

  it('answers the VAPID public key', async () => {
    const answer = await portal().request('GET', '/api/getpushchave', { token: world.reader.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ chave_publica: TEST_VAPID_KEYS.publicKey });
  });

  it('sends an encrypted payload with VAPID headers the endpoint can check, once per event', async () => {
    expect((await subscribe(world.owner, `${service.url}/push/owner`)).status).toBe(200);
    // Subscribing again with the same endpoint replaces it (one row).
    expect((await subscribe(world.owner, `${service.url}/push/owner`)).status).toBe(200);
    expect(await subscriptionCount()).toBe(1);
    const now = Date.parse('2030-02-01T15:00:00Z');
    rule.hold('p1', 'critico', world.farmA.id, { modelo: 'BSILO', serie: '7', ultimo_contato: '2030-02-01T13:30:00.000Z', limite_min: 60 });
    await engine.evaluateOwner(world.owner.user.id, [rule], now);
    await delivery.deliver(now);
    await delivery.deliver(now + 60_000);
    expect(service.received).toHaveLength(1);
    const push = service.received[0]!;
    expect(push.path).toBe('/push/owner');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload = decryptPush(push, subscriber) as { title: string; body: string; url: string; tag: string };
    expect(payload).toEqual({
      title: `[CRÍTICO] Sem dados: Balança p1 · ${world.farmA.nome}`,
      body: 'Último contato em 01/02/2030 10:30 (limite 60 min).',
      url: 'http://portal.test/#/alarmes',
      tag: expect.stringMatching(/^alarme-\d+$/),
    });
    const { k, claims } = vapidClaims(push);
    expect(k).toBe(TEST_VAPID_KEYS.publicKey);
    expect(claims.aud).toBe(service.url);
    expect(claims.sub).toBe('mailto:no-reply@localhost');
    const nowSeconds = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(nowSeconds);
    expect(claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);
  });

  it('removes a subscription the push service answers 410 for, and marks non-critical pushes normal', async () => {
    service.answer.set('/push/gone', 410);
    expect((await subscribe(world.reader, `${service.url}/push/gone`)).status).toBe(200);
    expect(await subscriptionCount()).toBe(2);
    const now = Date.parse('2030-02-02T15:00:00Z');
    // p1 over: only p2 goes to the new subscription.
    rule.end('p1');
    rule.hold('p2', 'aviso', world.farmA.id, { modelo: 'BSILO', serie: '7', ultimo_contato: '2030-02-02T13:50:00.000Z', limite_min: 60 });
    await engine.evaluateOwner(world.owner.user.id, [rule], now);
    await delivery.deliver(now);
    const gone = service.received.filter((push) => push.path === '/push/gone');
    expect(gone).toHaveLength(1);
    expect(gone[0]!.headers.urgency).toBe('normal');
    expect(await subscriptionCount()).toBe(1);
  });

  it('unsubscribes only the caller’s own subscriptions and refuses bad keys', async () => {
    const others = await portal().request('POST', '/api/push_unsubscribe', { token: world.reader.token, body: { endpoint: `${service.url}/push/owner` } });
    expect(others.status).toBe(404);
    expect(await subscriptionCount()).toBe(1);
    const badKeys = await subscribe(world.reader, `${service.url}/push/bad`, { p256dh: 'short', auth: subscriber.keys.auth });
    expect(badKeys.status).toBe(400);
    // Only push services of PUSH_SERVICE_HOSTS (the tests list loopback): the portal never posts where a caller says.
    const elsewhere = await subscribe(world.reader, 'https://intranet.example/admin');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('PUSH_ENDPOINT_REFUSED');
    // A URL with a NUL in its path is no endpoint PostgreSQL could store: refused alike on both databases.
    const nul = await subscribe(world.reader, `${service.url}/push/a\u0000b`);
    expect(nul.status).toBe(400);
    expect((await portal().request('POST', '/api/push_unsubscribe', { token: world.owner.token, body: { endpoint: `${service.url}/push/a\u0000b` } })).status).toBe(400);
    expect(await subscriptionCount()).toBe(1);
    const own = await portal().request('POST', '/api/push_unsubscribe', { token: world.owner.token, body: { endpoint: `${service.url}/push/owner` } });
    expect(own.status).toBe(200);
    expect(await subscriptionCount()).toBe(0);
  });
});
