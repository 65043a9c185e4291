import type { Alarme, AlarmesResponse } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/factories.js';
import { insertDevice } from '../../../test/factories/device-rows.js';
import { createNucleo } from '../../../test/factories/farms.js';
import { seededRandom } from '../../../demo/weighings.js';
import { feedSiloScale } from '../../../test/factories/silo-scale.js';
import { createSilo } from '../../../test/factories/silos.js';
import { expectWorded } from '../../../test/alarm-sentences.js';
import { describeEachDialect } from '../../../test/harness.js';
import { getAlarmes, portalEngine } from '../../../test/factories/alarms.js';
import { siloRunOutRule } from './silos.js';

/**
 * silo_fim through the engine on simulated time: a silo scale read every minute (stored as the
 * readings ingestion stores live readings) draining 60 kg/h from 2,970 kg, so at its last reading
 * T0 it lasts 49.5 h: not under the default 48 h; 2 h later it is (alerta), 26 h later under 24 h
 * (critico, the same alarm); a truck's 8,000 kg clears it.
 */
const HOUR_MS = 3_600_000;
const T0 = Date.parse('2026-06-10T12:00:00Z');
const START = T0 - 30 * HOUR_MS;
const RATE = 60;
const level = (at: number) => 2970 + (RATE * (T0 - at)) / HOUR_MS;

describeEachDialect('silo run-out alarm (silo_fim)', (portal) => {
  let owner: TestAccount;
  let siloId: number;
  let device: { id: number; owner_id: number };
  const random = seededRandom(7);

  const evaluate = (now: number) => portalEngine(portal()).evaluateOwner(owner.user.id, [siloRunOutRule({ feed: portal().services.feed })], now);
  const alarms = async (): Promise<Alarme[]> => ((await getAlarmes(portal(), owner, owner.user.id, { estado: 'todos' })).body as AlarmesResponse).alarmes;

  beforeAll(async () => {
    owner = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const scale = await insertDevice(portal(), owner, 'BSILO', { nucleo_id: farm.id });
    siloId = (await createSilo(portal(), owner, farm, { nome: 'Silo 3', capacidade_kg: 20_000, device_id: scale.id })).id;
    device = { id: scale.id, owner_id: owner.user.id };
    await feedSiloScale(portal(), device, { from: START, to: T0 }, level, { kg: 5, random });
  });

  it('not raised while the silo lasts 48 h or more; raised once under it; critical under 24 h; cleared by a delivery', async () => {
    const rule = siloRunOutRule({ feed: portal().services.feed });
    const context = await portalEngine(portal()).contextFor(owner.user.id, T0);
    expect(await rule.check(context)).toEqual([]);
    expect(await evaluate(T0 + HOUR_MS)).toBe(false);
    expect(await alarms()).toEqual([]);

    // 47.5 h left: one alarm, however often the engine runs.
    expect(await evaluate(T0 + 2 * HOUR_MS)).toBe(true);
    expect(await evaluate(T0 + 2.5 * HOUR_MS)).toBe(false);
    const raised = await alarms();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ tipo: 'silo_fim', severidade: 'alerta', estado: 'aberto', alvo_tipo: 'silo', alvo_id: siloId, alvo_nome: 'Silo 3' });
    expect(raised[0]!.detalhe).toMatchObject({ base: 'consumo', limite_horas: 48, esperado_kg_h: null });
    expectWorded(raised);
    expect(Math.abs((raised[0]!.detalhe.horas as number) - 47)).toBeLessThan(0.5);
    expect(Math.abs((raised[0]!.detalhe.consumo_kg_h as number) - RATE)).toBeLessThan(1);

    // 23.5 h left: the same alarm, now critical.
    expect(await evaluate(T0 + 26 * HOUR_MS)).toBe(true);
    const critical = await alarms();
    expect(critical).toHaveLength(1);
    expect(critical[0]).toMatchObject({ id: raised[0]!.id, severidade: 'critico', estado: 'aberto' });

    // The scale goes on: 8,000 kg come in over 40 minutes an hour later; the silo lasts days again.
    const truck = T0 + HOUR_MS;
    const refilled = (at: number) => level(at) + 8000 * Math.min(1, Math.max(0, (at - truck) / (40 * 60_000)));
    await feedSiloScale(portal(), device, { from: T0 + 60_000, to: T0 + 4 * HOUR_MS }, refilled, { kg: 5, random });
    expect(await evaluate(T0 + 4 * HOUR_MS)).toBe(true);
    const cleared = await alarms();
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatchObject({ id: raised[0]!.id, estado: 'encerrado', encerrado_por: null });
  });

  it('a farm with the rule off, or a longer threshold, decides for its silos', async () => {
    const rule = siloRunOutRule({ feed: portal().services.feed });
    const context = await portalEngine(portal()).contextFor(owner.user.id, T0);
    const withRule = (silo_fim: { ativo: boolean; horas: number }) => ({ ...context, rulesFor: (nucleoId: number | null) => ({ ...context.rulesFor(nucleoId), silo_fim }) });
    // After the truck: about 10,860 kg at 60 kg/h is some 181 h.
    const later = T0 + 4 * HOUR_MS;
    expect(await rule.check({ ...withRule({ ativo: true, horas: 720 }), now: later })).toHaveLength(1);
    expect(await rule.check({ ...withRule({ ativo: false, horas: 720 }), now: later })).toEqual([]);
    expect(await rule.check({ ...withRule({ ativo: true, horas: 170 }), now: later })).toEqual([]);
  });
});
