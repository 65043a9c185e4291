import type { Alarme, AlarmesResponse } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { expectWorded } from '../../../test/alarm-sentences.js';
import { alarmWorld, getAlarmes, portalEngine, type AlarmWorld } from '../../../test/factories/alarms.js';
import { describeEachDialect } from '../../../test/harness.js';
import type { PausedConfig } from '../../integrations/index.js';
import { pausedIntegrationRule } from './integrations.js';

/**
 * integracao_pausada through the engine, over a paused list the test sets (the integrations
 * module's `paused` is injected): one account-wide alerta per paused configuration, refreshed when
 * its error changes, cleared when it is no longer paused.
 */
const T0 = Date.parse('2026-06-10T12:00:00Z');
const MINUTE_MS = 60_000;

describeEachDialect('paused integration alarm (integracao_pausada)', (portal) => {
  let world: AlarmWorld;
  const pausedBy = new Map<number, PausedConfig[]>();
  const rule = pausedIntegrationRule({ integrations: { paused: async (ownerId) => pausedBy.get(ownerId) ?? [] } });

  const evaluate = (ownerId: number, now: number) => portalEngine(portal()).evaluateOwner(ownerId, [rule], now);
  const alarmsOf = async (account = world.owner, estado = 'todos'): Promise<Alarme[]> =>
    ((await getAlarmes(portal(), account, world.owner.user.id, { estado })).body as AlarmesResponse).alarmes;

  beforeAll(async () => {
    world = await alarmWorld(portal());
  });

  it('raises one alerta per paused configuration, without a farm, worded in every language', async () => {
    pausedBy.set(world.owner.user.id, [
      { id: 41, tipo: 'integracao', nome: 'ERP Central', pausada_em: T0, erro: 'http_4xx' },
      { id: 42, tipo: 'mtech', nome: 'Mtech Sul', pausada_em: T0, erro: null },
    ]);
    expect(await evaluate(world.owner.user.id, T0)).toBe(true);
    expect(await evaluate(world.owner.user.id, T0 + MINUTE_MS)).toBe(false);
    const raised = (await alarmsOf()).sort((a, b) => a.alvo_id - b.alvo_id);
    expect(raised).toHaveLength(2);
    expect(raised[0]).toMatchObject({
      tipo: 'integracao_pausada',
      severidade: 'alerta',
      estado: 'aberto',
      nucleo_id: null,
      alvo_tipo: 'integracao',
      alvo_id: 41,
      alvo_nome: 'ERP Central',
      detalhe: { tipo: 'integracao', nome: 'ERP Central', erro: 'http_4xx' },
    });
    expect(raised[1]).toMatchObject({ alvo_id: 42, detalhe: { tipo: 'mtech', nome: 'Mtech Sul', erro: null } });
    expectWorded(raised);
    // Account-wide: a whole-account grantee sees it, a grantee of one farm does not.
    expect((await alarmsOf(world.reader)).map((alarm) => alarm.alvo_id).sort()).toEqual([41, 42]);
    expect(await alarmsOf(world.farmBReader)).toEqual([]);
  });

  it('keeps the same alarm when the error changes, and clears it when the configuration is resumed', async () => {
    const [before] = (await alarmsOf(world.owner, 'ativos')).filter((alarm) => alarm.alvo_id === 41);
    pausedBy.set(world.owner.user.id, [
      { id: 41, tipo: 'integracao', nome: 'ERP Central', pausada_em: T0, erro: 'http_5xx' },
      { id: 42, tipo: 'mtech', nome: 'Mtech Sul', pausada_em: T0, erro: null },
    ]);
    await evaluate(world.owner.user.id, T0 + 2 * MINUTE_MS);
    const [refreshed] = (await alarmsOf(world.owner, 'ativos')).filter((alarm) => alarm.alvo_id === 41);
    expect(refreshed).toMatchObject({ id: before!.id, estado: 'aberto', detalhe: { erro: 'http_5xx' } });

    pausedBy.set(world.owner.user.id, [{ id: 42, tipo: 'mtech', nome: 'Mtech Sul', pausada_em: T0, erro: null }]);
    expect(await evaluate(world.owner.user.id, T0 + 3 * MINUTE_MS)).toBe(true);
    const all = await alarmsOf();
    expect(all.find((alarm) => alarm.id === before!.id)).toMatchObject({ estado: 'encerrado', encerrado_por: null });
    expect(all.find((alarm) => alarm.alvo_id === 42)).toMatchObject({ estado: 'aberto' });
  });

  it("never raises for another owner's paused configurations", async () => {
    pausedBy.set(world.stranger.user.id, [{ id: 77, tipo: 'integracao', nome: 'Outro ERP', pausada_em: T0, erro: 'rede' }]);
    expect(await evaluate(world.stranger.user.id, T0)).toBe(true);
    expect((await alarmsOf()).some((alarm) => alarm.alvo_id === 77)).toBe(false);
  });
});
