import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/harness.js';
import type { AlarmEngine } from '../engine.js';
import { alarmWorld, portalEngine, ScriptedRule, type AlarmWorld } from '../../../test/factories/alarms.js';
import { deliveryOn, mailsTo } from '../../../test/factories/alarm-delivery.js';

const HOUR = 3_600_000;

describeEachDialect('alarm delivery: e-mail, reminders, recipients, preferences, quiet hours', (portal) => {
  let world: AlarmWorld;
  let engine: AlarmEngine;
  let delivery: ReturnType<typeof deliveryOn>;
  const rule = new ScriptedRule();
  const alarmId = async (chave: string) =>
    Number((await portal().database.db.selectFrom('alarmes').select('id').where('chave', '=', chave).executeTakeFirstOrThrow()).id);
  const raise = (chave: string, severidade: 'critico' | 'alerta' | 'aviso', farm: number, now: number) => {
    // As the silent-device rule writes it: last contact 75 minutes before, 60 allowed.
    rule.hold(chave, severidade, farm, { modelo: 'BSILO', serie: '7', ultimo_contato: new Date(now - 75 * 60_000).toISOString(), limite_min: 60 });
    return engine.evaluateOwner(world.owner.user.id, [rule], now);
  };
  const about = (email: string, chave: string) => mailsTo(portal(), email).filter((mail) => mail.subject.includes(`Balança ${chave} `));
  const setPreferences = (account: AlarmWorld['owner'], body: Record<string, unknown>) =>
    portal().request('POST', '/api/setalarmepreferencias', {
      token: account.token,
      body: { prop: world.owner.user.id, email: true, push: true, severidades: ['critico', 'alerta', 'aviso'], nucleos: null, silencio_inicio: null, silencio_fim: null, resumo_hora: null, ...body },
    });

  beforeAll(async () => {
    world = await alarmWorld(portal());
    engine = portalEngine(portal());
    delivery = deliveryOn(portal());
  });

  it('mails the owner and the grantees whose grant reaches the farm, then a reminder every lembrete_horas until acknowledged', async () => {
    let now = Date.parse('2030-01-10T15:00:00Z');
    await raise('r1', 'alerta', world.farmA.id, now);
    await delivery.deliver(now);
    for (const account of [world.owner, world.reader, world.manager]) expect(about(account.email, 'r1')).toHaveLength(1);
    for (const account of [world.farmBReader, world.farmBManager, world.stranger]) expect(about(account.email, 'r1')).toHaveLength(0);
    const first = about(world.owner.email, 'r1')[0]!;
    expect(first.subject).toContain('[ALERTA] Sem dados: Balança r1');
    expect(first.text).toContain(`Granja: ${world.farmA.nome}`);
    // 13:45 UTC is 10:45 at the owner's timezone (-3).
    expect(first.text).toContain('Último contato em 10/01/2030 10:45 (limite 60 min).');
    expect(first.text).not.toContain('Detalhes:');
    expect(first.text).toContain('http://portal.test/#/alarmes');

    // The default lembrete_horas is 2: nothing at 1 h 59, a reminder at 2 h, the next 2 h after it.
    now += 2 * HOUR - 60_000;
    await delivery.deliver(now);
    expect(about(world.owner.email, 'r1')).toHaveLength(1);
    now += 60_000;
    await delivery.deliver(now);
    await delivery.deliver(now);
    expect(about(world.owner.email, 'r1')).toHaveLength(2);
    expect(about(world.owner.email, 'r1')[1]!.subject).toMatch(/^Lembrete: \[ALERTA\]/);
    now += 2 * HOUR;
    await delivery.deliver(now);
    expect(about(world.owner.email, 'r1')).toHaveLength(3);
    const lembretes = await portal().database.db.selectFrom('alarmes').select('lembretes').where('id', '=', await alarmId('r1')).executeTakeFirstOrThrow();
    expect(lembretes.lembretes).toBe(2);

    const ack = await portal().request('POST', '/api/ackalarme', { token: world.reader.token, body: { prop: world.owner.user.id, id: await alarmId('r1') } });
    expect(ack.status).toBe(200);
    for (let step = 0; step < 3; step += 1) {
      now += 2 * HOUR;
      await delivery.deliver(now);
    }
    expect(about(world.owner.email, 'r1')).toHaveLength(3);
    expect(about(world.reader.email, 'r1')).toHaveLength(3);
  });

  it('notifies again when the severity rises (a new nivel), in the reader’s reports language', async () => {
    const updated = await portal().request('POST', '/api/updateuser', { token: world.manager.token, body: { reports_language: 'en' } });
    expect(updated.status).toBe(200);
    const now = Date.parse('2030-01-11T15:00:00Z');
    await raise('up', 'aviso', world.farmA.id, now);
    await delivery.deliver(now);
    await raise('up', 'critico', world.farmA.id, now + 60_000);
    await delivery.deliver(now + 60_000);
    const mails = about(world.manager.email, 'up');
    expect(mails.map((mail) => mail.subject)).toEqual(['[WARNING] No data: Balança up · ' + world.farmA.nome, '[CRITICAL] No data: Balança up · ' + world.farmA.nome]);
    expect(mails[1]!.text).toContain('Its severity rose.');
    // The raise a minute later refreshed detalhe: the last contact is now 13:46 UTC, 10:46 at -3.
    expect(mails[1]!.text).toContain('Last contact 2030-01-11 10:46 (limit 60 min).');
  });

  it('holds a non-critical alarm in quiet hours, lets a critical one through, and sends the held one when they end', async () => {
    expect((await setPreferences(world.owner, { silencio_inicio: '22:00', silencio_fim: '06:00' })).status).toBe(200);
    // 23:00 at the owner's timezone (-3).
    const night = Date.parse('2030-01-15T02:00:00Z');
    await raise('quiet', 'alerta', world.farmA.id, night);
    await raise('loud', 'critico', world.farmA.id, night);
    await delivery.deliver(night);
    expect(about(world.owner.email, 'quiet')).toHaveLength(0);
    expect(about(world.owner.email, 'loud')).toHaveLength(1);
    expect(about(world.reader.email, 'quiet')).toHaveLength(1);
    await delivery.deliver(night + 6 * HOUR + 59 * 60_000);
    expect(about(world.owner.email, 'quiet')).toHaveLength(0);
    // 06:00 local: the held one goes, once.
    await delivery.deliver(night + 7 * HOUR);
    await delivery.deliver(night + 7 * HOUR + 60_000);
    expect(about(world.owner.email, 'quiet')).toHaveLength(1);
    expect(about(world.owner.email, 'quiet')[0]!.subject).toMatch(/^\[ALERTA\]/);
    await setPreferences(world.owner, {});
  });

  it('filters by the farms and severities each user chose', async () => {
    expect((await setPreferences(world.reader, { nucleos: [world.farmB.id], severidades: ['critico'] })).status).toBe(200);
    const now = Date.parse('2030-01-16T15:00:00Z');
    await raise('fa-crit', 'critico', world.farmA.id, now);
    await raise('fb-alert', 'alerta', world.farmB.id, now);
    await raise('fb-crit', 'critico', world.farmB.id, now);
    await delivery.deliver(now);
    expect(about(world.reader.email, 'fa-crit')).toHaveLength(0);
    expect(about(world.reader.email, 'fb-alert')).toHaveLength(0);
    expect(about(world.reader.email, 'fb-crit')).toHaveLength(1);
    // Farm B's grantees get farm B's, the owner all three.
    expect(about(world.farmBReader.email, 'fb-alert')).toHaveLength(1);
    expect(about(world.farmBReader.email, 'fa-crit')).toHaveLength(0);
    for (const chave of ['fa-crit', 'fb-alert', 'fb-crit']) expect(about(world.owner.email, chave)).toHaveLength(1);
    // E-mail off: nothing more.
    await setPreferences(world.farmBManager, { email: false });
    await raise('fb-later', 'critico', world.farmB.id, now + 60_000);
    await delivery.deliver(now + 60_000);
    expect(about(world.farmBManager.email, 'fb-later')).toHaveLength(0);
    expect(about(world.farmBReader.email, 'fb-later')).toHaveLength(1);
  });

  it('keeps preferences per user and owner: defaults until set, farms only the user reads, others refused', async () => {
    const read = (account: AlarmWorld['owner'], prop = world.owner.user.id) =>
      portal().request('GET', `/api/getalarmepreferencias?prop=${prop}`, { token: account.token });
    const fresh = await read(world.manager);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ padrao: true, email: true, push: true, nucleos: null, resumo_hora: null });
    const chosen = await read(world.reader);
    expect(chosen.body).toMatchObject({ padrao: false, nucleos: [world.farmB.id], severidades: ['critico'] });

    const outside = await setPreferences(world.farmBReader, { nucleos: [world.farmA.id] });
    expect(outside.status).toBe(400);
    expect(outside.body.code).toBe('FIELD_INVALID');
    expect((await read(world.farmBReader)).body.padrao).toBe(true);
    expect((await read(world.stranger)).status).toBe(404);
    const halfQuiet = await setPreferences(world.reader, { silencio_inicio: '22:00' });
    expect(halfQuiet.status).toBe(400);
  });
});
