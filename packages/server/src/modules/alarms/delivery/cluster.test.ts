import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDialects, type TestPortal } from '../../../test/harness.js';
import { portalEngine, ScriptedRule, alarmWorld, type AlarmWorld } from '../../../test/factories/alarms.js';
import { decryptPush, startPushService, testSubscriber } from '../../../test/push-service.js';
import { deliveryOn, mailsTo } from '../../../test/factories/alarm-delivery.js';

const HOUR = 3_600_000;

/**
 * Issue 19, "two instances on one PostgreSQL: one alarm, one e-mail, one push per event; a restart
 * sends nothing twice". Both portals evaluate and deliver at the same instants, concurrently and
 * without the job's lock, so only alarme_envios' unique chave keeps each message to one.
 */
describe.skipIf(!testDialects().includes('postgres'))('alarm delivery: two portals on one PostgreSQL, and a restart', () => {
  let first: TestPortal;
  let second: TestPortal;
  let restarted: TestPortal | undefined;
  let world: AlarmWorld;
  let service: Awaited<ReturnType<typeof startPushService>>;
  const rule = new ScriptedRule();
  const subscriber = testSubscriber();
  const now = Date.parse('2030-03-01T15:00:00Z');

  beforeAll(async () => {
    first = await startTestPortal('postgres');
    second = await startTestPortal('postgres', { routeDatabase: () => first.databaseUrl });
    service = await startPushService();
    world = await alarmWorld(first);
    const subscribed = await first.request('POST', '/api/push_subscribe', { token: world.owner.token, body: { endpoint: `${service.url}/push/owner`, keys: subscriber.keys } });
    expect(subscribed.status).toBe(200);
  });
  afterAll(async () => {
    await restarted?.close();
    await second?.close();
    await first?.close();
    await service?.close();
  });

  const mailsAbout = (email: string, chave: string, portals: TestPortal[]) =>
    portals.flatMap((portal) => mailsTo(portal, email)).filter((mail) => mail.subject.includes(`Balança ${chave} `));

  it('raises one alarm and sends one e-mail per recipient and one push, whichever portal runs', async () => {
    rule.hold('shared', 'critico', world.farmA.id, { modelo: 'BSILO', serie: '7', ultimo_contato: new Date(now - 61 * 60_000).toISOString(), limite_min: 60 });
    const engines = [portalEngine(first), portalEngine(second)];
    await Promise.all(engines.map((engine) => engine.evaluateOwner(world.owner.user.id, [rule], now)));
    const alarms = await first.database.db.selectFrom('alarmes').select('id').where('chave', '=', 'shared').execute();
    expect(alarms).toHaveLength(1);

    const deliveries = [deliveryOn(first), deliveryOn(second)];
    await Promise.all(deliveries.map((delivery) => delivery.deliver(now)));
    await Promise.all(deliveries.map((delivery) => delivery.deliver(now + 60_000)));
    for (const account of [world.owner, world.reader, world.manager]) expect(mailsAbout(account.email, 'shared', [first, second])).toHaveLength(1);
    expect(mailsAbout(world.farmBReader.email, 'shared', [first, second])).toHaveLength(0);
    expect(service.received).toHaveLength(1);
    expect(decryptPush(service.received[0]!, subscriber)).toMatchObject({ body: 'Último contato em 01/03/2030 10:59 (limite 60 min).' });
  });

  it('sends nothing twice after a restart, and the next reminder once', async () => {
    // Closing a portal deletes its outbox: what it sent is counted first.
    const sentBySecond = mailsAbout(world.owner.email, 'shared', [second]).length;
    await second.close();
    restarted = await startTestPortal('postgres', { routeDatabase: () => first.databaseUrl });
    const deliveries = [deliveryOn(first), deliveryOn(restarted)];
    await Promise.all(deliveries.map((delivery) => delivery.deliver(now + 2 * 60_000)));
    const everywhere = [first, restarted];
    expect(mailsAbout(world.owner.email, 'shared', everywhere).length + sentBySecond).toBe(1);
    expect(service.received).toHaveLength(1);

    await Promise.all(deliveries.map((delivery) => delivery.deliver(now + 2 * HOUR)));
    const reminders = mailsAbout(world.owner.email, 'shared', everywhere).filter((mail) => mail.subject.startsWith('Lembrete:'));
    expect(reminders).toHaveLength(1);
    expect(service.received).toHaveLength(2);
  });
});
