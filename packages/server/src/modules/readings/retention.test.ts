import { LEITURAS_RETENCAO_MAX_DIAS, LEITURAS_RETENCAO_MIN_DIAS, LEITURAS_RETENCAO_PADRAO_DIAS, RESUMO_MINUTOS_DIAS } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { grantAccess } from '../../test/factories/farms.js';
import { describeEachDialect } from '../../test/harness.js';

const LIMITS = { padrao_dias: LEITURAS_RETENCAO_PADRAO_DIAS, minimo_dias: LEITURAS_RETENCAO_MIN_DIAS, maximo_dias: LEITURAS_RETENCAO_MAX_DIAS, resumo_minutos_dias: RESUMO_MINUTOS_DIAS };

describeEachDialect('retention of device readings (getretencao, setretencao)', (portal) => {
  const get = (account: TestAccount, prop?: number) => portal().request('GET', `/api/getretencao${prop === undefined ? '' : `?prop=${prop}`}`, { token: account.token });
  const set = (account: TestAccount, body: Record<string, unknown>) => portal().request('POST', '/api/setretencao', { token: account.token, body });
  const stored = async (account: TestAccount) =>
    (await portal().database.db.selectFrom('leituras_retencao').select('dias').where('owner_id', '=', account.user.id).executeTakeFirst())?.dias;

  it('answers the default until the owner chooses, then the chosen days, with the limits', async () => {
    const owner = await createAccount(portal());
    expect((await get(owner)).body).toEqual({ leituras_dias: 90, padrao: true, ...LIMITS });
    const saved = await set(owner, { leituras_dias: 180 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ leituras_dias: 180, padrao: false, ...LIMITS });
    expect((await get(owner)).body).toEqual({ leituras_dias: 180, padrao: false, ...LIMITS });
    // The limits themselves are accepted.
    for (const dias of [LEITURAS_RETENCAO_MIN_DIAS, LEITURAS_RETENCAO_MAX_DIAS]) {
      expect((await set(owner, { leituras_dias: dias })).status).toBe(200);
      expect(await stored(owner)).toBe(dias);
    }
  });

  it('refuses a value out of the limits, a fraction or a missing one, storing nothing', async () => {
    const owner = await createAccount(portal());
    for (const body of [{ leituras_dias: LEITURAS_RETENCAO_MIN_DIAS - 1 }, { leituras_dias: LEITURAS_RETENCAO_MAX_DIAS + 1 }, { leituras_dias: 0 }, { leituras_dias: -5 }, { leituras_dias: 60.5 }, { leituras_dias: '60' }, {}]) {
      const answer = await set(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(answer.body.errors?.[0]?.field, JSON.stringify(body)).toBe('leituras_dias');
    }
    expect(await stored(owner)).toBeUndefined();
    expect((await set(owner, { leituras_dias: 120 })).status).toBe(200);
    expect((await set(owner, { leituras_dias: LEITURAS_RETENCAO_MAX_DIAS + 1 })).status).toBe(400);
    expect(await stored(owner)).toBe(120);
  });

  it('lets grantees read the owner\'s setting, never change it; another account is refused', async () => {
    const owner = await createAccount(portal());
    const reader = await createAccount(portal());
    const manager = await createAccount(portal());
    const stranger = await createAccount(portal());
    await grantAccess(portal(), owner, reader, 'leitura');
    await grantAccess(portal(), owner, manager, 'gestao');
    expect((await set(owner, { leituras_dias: 200 })).status).toBe(200);

    for (const grantee of [reader, manager]) {
      const read = await get(grantee, owner.user.id);
      expect(read.status).toBe(200);
      expect(read.body.leituras_dias).toBe(200);
      // Even a managing grant: how long the owner's data is kept is the owner's alone.
      const refused = await set(grantee, { leituras_dias: 40, prop: owner.user.id });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    // A stranger acting for the owner: as if the owner did not exist.
    expect((await get(stranger, owner.user.id)).status).toBe(404);
    expect((await set(stranger, { leituras_dias: 40, prop: owner.user.id })).status).toBe(404);
    expect(await stored(owner)).toBe(200);
    // Their own settings stay their own.
    expect((await set(manager, { leituras_dias: 50 })).status).toBe(200);
    expect(await stored(manager)).toBe(50);
    expect(await stored(owner)).toBe(200);
    expect(await stored(stranger)).toBeUndefined();
  });
});
