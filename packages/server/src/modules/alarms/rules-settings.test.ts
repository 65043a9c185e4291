import { ALARME_REGRAS_PADRAO, type AlarmeRegras, type AlarmeRegrasResponse } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import type { TestAccount } from '../../test/factories.js';
import { createNucleo } from '../../test/factories/farms.js';
import { describeEachDialect } from '../../test/harness.js';
import { alarmWorld, portalEngine, type AlarmWorld } from '../../test/factories/alarms.js';

const accountRules: AlarmeRegras = { ...ALARME_REGRAS_PADRAO, silo_fim: { ativo: true, horas: 72 }, lembrete_horas: 4 };
const farmRules: AlarmeRegras = { ...ALARME_REGRAS_PADRAO, sem_dados: { ativo: false, minutos_balanca: 120, minutos_silo: 45, minutos_outros: 90 } };

describeEachDialect('alarm rules: getalarmeregras, setalarmeregras, per-farm overrides', (portal) => {
  let world: AlarmWorld;
  const set = (account: TestAccount, nucleoId: number | null, regras: AlarmeRegras | null) =>
    portal().request<AlarmeRegrasResponse & { code?: string }>('POST', '/api/setalarmeregras', {
      token: account.token,
      body: { prop: world.owner.user.id, nucleo_id: nucleoId, regras },
    });
  const get = async (account = world.owner) => {
    const answer = await portal().request<AlarmeRegrasResponse>('GET', `/api/getalarmeregras?prop=${world.owner.user.id}`, { token: account.token });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    world = await alarmWorld(portal());
  });

  it('answers the defaults until the account changes them, and a farm may have its own that the rules run with', async () => {
    expect(await get()).toEqual({ padrao: ALARME_REGRAS_PADRAO, personalizado: false, nucleos: [] });
    expect((await set(world.owner, null, accountRules)).body).toEqual({ padrao: accountRules, personalizado: true, nucleos: [] });
    const withFarm = await set(world.manager, world.farmA.id, farmRules);
    expect(withFarm.status).toBe(200);
    expect(withFarm.body.nucleos).toEqual([{ nucleo_id: world.farmA.id, nome: world.farmA.nome, regras: farmRules }]);

    const context = await portalEngine(portal()).contextFor(world.owner.user.id, Date.now());
    expect(context.rulesFor(world.farmA.id)).toEqual(farmRules);
    expect(context.rulesFor(world.farmB.id)).toEqual(accountRules);
    expect(context.rulesFor(null)).toEqual(accountRules);

    // A grant over farm B does not see farm A's own rules.
    expect((await get(world.farmBReader)).nucleos).toEqual([]);

    // null: the farm follows the account again; the account back to the defaults.
    expect((await set(world.owner, world.farmA.id, null)).body.nucleos).toEqual([]);
    expect((await set(world.owner, null, null)).body).toEqual({ padrao: ALARME_REGRAS_PADRAO, personalizado: false, nucleos: [] });
  });

  it('needs a manage grant: the whole account for its rules, the farm for a farm’s', async () => {
    expect((await set(world.reader, null, accountRules)).status).toBe(403);
    expect((await set(world.reader, world.farmA.id, farmRules)).status).toBe(403);
    expect((await set(world.farmBManager, null, accountRules)).status).toBe(403);
    expect((await set(world.farmBManager, world.farmA.id, farmRules)).status).toBe(404);
    const onB = await set(world.farmBManager, world.farmB.id, farmRules);
    expect(onB.status).toBe(200);
    expect(onB.body.nucleos.map((farm) => farm.nucleo_id)).toEqual([world.farmB.id]);
    expect((await portal().request('GET', `/api/getalarmeregras?prop=${world.owner.user.id}`, { token: world.stranger.token })).status).toBe(404);
    await set(world.owner, world.farmB.id, null);
  });

  it("refuses another account's farm and rules out of range, storing nothing", async () => {
    const strangersFarm = await createNucleo(portal(), world.stranger);
    const refused = await set(world.owner, strangersFarm.id, farmRules);
    expect(refused.status).toBe(404);
    const outOfRange = await set(world.owner, null, { ...accountRules, silo_fim: { ativo: true, horas: 0 } });
    expect(outOfRange.status).toBe(400);
    expect(await get()).toEqual({ padrao: ALARME_REGRAS_PADRAO, personalizado: false, nucleos: [] });
  });
});
