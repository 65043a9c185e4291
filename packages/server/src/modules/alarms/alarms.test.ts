import type { Alarme, AlarmesResponse } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { LiveSocket } from '../../test/device-client.js';
import { describeEachDialect } from '../../test/harness.js';
import type { AlarmEngine } from './engine.js';
import { createAlarmsJob } from './job.js';
import { alarmWorld, getAlarmes, portalEngine, ScriptedRule, type AlarmWorld } from '../../test/factories/alarms.js';

const MINUTE = 60_000;

describeEachDialect('alarms: lifecycle, getalarmes, the job, the live bell', (portal) => {
  let world: AlarmWorld;
  let engine: AlarmEngine;
  const rule = new ScriptedRule();
  /** Simulated time the engine runs at (ack and clear use the portal's clock). */
  let now = Date.parse('2026-03-10T12:00:00Z');
  const evaluate = (minutes = 1) => {
    now += minutes * MINUTE;
    return engine.evaluateOwner(world.owner.user.id, [rule], now);
  };
  const alarmes = async (query: Record<string, string> = {}, account = world.owner) => {
    const answer = await getAlarmes(portal(), account, world.owner.user.id, query);
    expect(answer.status).toBe(200);
    return answer.body as AlarmesResponse;
  };
  const act = (call: 'ackalarme' | 'clearalarme', account: AlarmWorld['owner'], id: number, obs?: string) =>
    portal().request<Alarme & { code?: string }>('POST', `/api/${call}`, { token: account.token, body: { prop: world.owner.user.id, id, ...(obs === undefined ? {} : { obs }) } });

  beforeAll(async () => {
    world = await alarmWorld(portal());
    engine = portalEngine(portal());
  });

  it('raises exactly one alarm per condition, escalates on a severity rise, clears by itself, and raises a new one when it returns', async () => {
    rule.hold('lifecycle', 'alerta', world.farmA.id, { minutos: 61 });
    expect(await evaluate()).toBe(true);
    expect(await evaluate()).toBe(false);
    let { alarmes: list, abertos } = await alarmes();
    expect(list).toHaveLength(1);
    expect(abertos).toBe(1);
    const first = list[0]!;
    expect(first).toMatchObject({ tipo: 'sem_dados', severidade: 'alerta', estado: 'aberto', nucleo_id: world.farmA.id, nucleo_nome: world.farmA.nome, alvo_nome: 'Balança lifecycle', encerrado_em: null });

    // Acknowledged by a read-only grantee: who, when, the note.
    const acked = await act('ackalarme', world.reader, first.id, 'Técnico a caminho');
    expect(acked.status).toBe(200);
    expect(acked.body).toMatchObject({ estado: 'reconhecido', reconhecido_por: 'Leitor', obs: 'Técnico a caminho' });
    expect(acked.body.reconhecido_em).not.toBeNull();
    expect(await alarmes()).toMatchObject({ abertos: 0, reconhecidos: 1 });

    // A severity rise notifies again: aberto, the acknowledgement forgotten; a fall keeps the state.
    rule.hold('lifecycle', 'critico', world.farmA.id, { minutos: 90 });
    expect(await evaluate()).toBe(true);
    ({ alarmes: list } = await alarmes());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.id, severidade: 'critico', estado: 'aberto', reconhecido_por: null, detalhe: { minutos: 90 } });
    await act('ackalarme', world.owner, first.id);
    rule.hold('lifecycle', 'alerta', world.farmA.id);
    expect(await evaluate()).toBe(true);
    expect((await alarmes()).alarmes[0]).toMatchObject({ id: first.id, severidade: 'alerta', estado: 'reconhecido', reconhecido_por: 'Dona' });

    rule.end('lifecycle');
    expect(await evaluate()).toBe(true);
    expect((await alarmes()).alarmes).toHaveLength(0);
    const [ended] = (await alarmes({ estado: 'encerrado' })).alarmes;
    expect(ended).toMatchObject({ id: first.id, estado: 'encerrado', encerrado_por: null });
    expect(ended!.encerrado_em).toBe(new Date(now).toISOString());

    for (const call of ['ackalarme', 'clearalarme'] as const) {
      const refused = await act(call, world.owner, first.id);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('ALARM_CLOSED');
    }

    rule.hold('lifecycle', 'alerta', world.farmA.id);
    await evaluate();
    const [again] = (await alarmes()).alarmes;
    expect(again!.id).not.toBe(first.id);
    expect(again).toMatchObject({ estado: 'aberto', reconhecido_por: null });
    rule.end('lifecycle');
    await evaluate();
  });

  it('clears by hand (who, the note); a condition still holding raises a new alarm at the next run', async () => {
    rule.hold('by-hand', 'aviso', world.farmB.id);
    await evaluate();
    const [alarm] = (await alarmes()).alarmes;
    const cleared = await act('clearalarme', world.manager, alarm!.id, 'Balança trocada');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ estado: 'encerrado', encerrado_por: 'Gestor', obs: 'Balança trocada' });
    expect((await act('clearalarme', world.manager, alarm!.id)).body.code).toBe('ALARM_CLOSED');
    await evaluate();
    const [raised] = (await alarmes()).alarmes;
    expect(raised!.id).not.toBe(alarm!.id);
    rule.end('by-hand');
    await evaluate();
  });

  it('leaves the alarms of a rule that throws as they were', async () => {
    rule.hold('throws', 'alerta', world.farmA.id);
    await evaluate();
    rule.end('throws');
    rule.failing = true;
    expect(await evaluate()).toBe(false);
    expect((await alarmes()).alarmes.map((alarm) => alarm.alvo_nome)).toEqual(['Balança throws']);
    rule.failing = false;
    expect(await evaluate()).toBe(true);
    expect((await alarmes()).alarmes).toHaveLength(0);
  });

  it('raises one alarm when two instances evaluate the same condition at once', async () => {
    rule.hold('race', 'critico', null);
    const other = portalEngine(portal());
    now += MINUTE;
    await Promise.all([engine.evaluateOwner(world.owner.user.id, [rule], now), other.evaluateOwner(world.owner.user.id, [rule], now)]);
    expect((await alarmes()).alarmes.filter((alarm) => alarm.alvo_nome === 'Balança race')).toHaveLength(1);
    rule.end('race');
    await evaluate();
  });

  describe('getalarmes', () => {
    it('filters by state, local days and farm, and counts only the farms the caller reads', async () => {
      // 2026-03-11 02:00 UTC is 23:00 of the 10th in the owner's timezone (-3).
      now = Date.parse('2026-03-11T01:59:00Z');
      rule.hold('farm-a', 'alerta', world.farmA.id);
      rule.hold('farm-b', 'aviso', world.farmB.id);
      rule.hold('account', 'aviso', null);
      await evaluate();
      const [onB] = (await alarmes({ nucleo_id: String(world.farmB.id) })).alarmes;
      expect(onB?.alvo_nome).toBe('Balança farm-b');
      await act('ackalarme', world.owner, onB!.id);

      expect(await alarmes()).toMatchObject({ abertos: 2, reconhecidos: 1 });
      expect((await alarmes({ estado: 'aberto' })).alarmes.map((alarm) => alarm.alvo_nome).sort()).toEqual(['Balança account', 'Balança farm-a']);
      expect((await alarmes({ estado: 'reconhecido' })).alarmes.map((alarm) => alarm.id)).toEqual([onB!.id]);
      expect((await alarmes({ di: '2026-03-10', df: '2026-03-10' })).alarmes).toHaveLength(3);
      expect((await alarmes({ di: '2026-03-11', df: '2026-03-11' })).alarmes).toHaveLength(0);
      expect((await alarmes({ estado: 'todos', di: '2026-03-10', df: '2026-03-10' })).alarmes.length).toBeGreaterThanOrEqual(3);

      // A grant over farm B sees farm B's alarm alone, and counts it alone.
      const limited = await alarmes({}, world.farmBReader);
      expect(limited).toMatchObject({ abertos: 0, reconhecidos: 1 });
      expect(limited.alarmes.map((alarm) => alarm.id)).toEqual([onB!.id]);
      expect((await getAlarmes(portal(), world.farmBReader, world.owner.user.id, { nucleo_id: String(world.farmA.id) })).status).toBe(404);
      const onA = (await alarmes({ nucleo_id: String(world.farmA.id) })).alarmes[0]!;
      expect((await act('ackalarme', world.farmBReader, onA.id)).status).toBe(404);
      expect((await getAlarmes(portal(), world.stranger, world.owner.user.id)).status).toBe(404);
      expect((await act('clearalarme', world.stranger, onA.id)).status).toBe(404);

      for (const chave of ['farm-a', 'farm-b', 'account']) rule.end(chave);
      await evaluate();
    });

    it('refuses a bad filter with a field error', async () => {
      const answer = await getAlarmes(portal(), world.owner, world.owner.user.id, { estado: 'perdido' });
      expect(answer.status).toBe(400);
    });
  });

  it('runs each owner with a farm, then the steps after the evaluation, a failing step leaving the others', async () => {
    const seen: number[] = [];
    const job = createAlarmsJob({
      database: portal().database,
      engine,
      rules: [rule],
      owners: portal().services.farms.owners,
      afterEvaluation: [
        async () => {
          throw new Error('step failure');
        },
        async (at) => {
          seen.push(at);
        },
      ],
      clock: () => now,
      log: portal().app.log,
    });
    rule.contexts.length = 0;
    now += MINUTE;
    await job.runOnce();
    expect(seen).toEqual([now]);
    const owners = rule.contexts.map((context) => context.ownerId);
    expect(owners).toContain(world.owner.user.id);
    expect(owners).toContain(world.stranger.user.id);
    expect(owners).not.toContain(world.reader.user.id);
    expect(rule.contexts.find((context) => context.ownerId === world.owner.user.id)).toMatchObject({ now, timezone: world.owner.user.timezone });
  });

  it("tells the live tabs of users who read the owner that its alarms changed, and nobody else's", async () => {
    const tabs = [world.owner, world.farmBReader, world.stranger].map((account) => new LiveSocket(portal().baseUrl, account.token, []));
    try {
      await Promise.all(tabs.map((tab) => tab.opened()));
      const [ownerTab, granteeTab, strangerTab] = tabs as [LiveSocket, LiveSocket, LiveSocket];
      const isAlarmes = (message: { t: string }) => message.t === 'alarmes';
      const told = Promise.all([ownerTab.next(isAlarmes, 'the owner told'), granteeTab.next(isAlarmes, 'the grantee told')]);
      rule.hold('live', 'critico', world.farmA.id);
      await evaluate();
      for (const message of await told) expect(message).toEqual({ t: 'alarmes', prop: world.owner.user.id });

      // Acknowledging tells them too.
      const [alarm] = (await alarmes()).alarmes;
      const toldAgain = ownerTab.next(isAlarmes, 'the owner told of the acknowledgement');
      await act('ackalarme', world.owner, alarm!.id);
      await toldAgain;
      expect(strangerTab.messages.filter(isAlarmes)).toEqual([]);
    } finally {
      for (const tab of tabs) tab.close();
      rule.end('live');
      await evaluate();
    }
  });
});
