import { randomUUID } from 'node:crypto';
import type { Lote, Nucleo } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

/** What the database holds of a flock's weighings: the rows and the daily aggregates they are counted in. */
async function storedOf(portal: TestPortal, loteId: number) {
  const { db } = portal.database;
  const rows = await db.selectFrom('pesagens').select(['peso_dg', 'sexo', 'aviario', 'serie_balanca', 'hora', 'data', 'idade_lote', 'dia_id']).where('lote_id', '=', loteId).orderBy('id').execute();
  const days = await db.selectFrom('pesagens_dia').select(['aves', 'soma_dg']).where('lote_id', '=', loteId).execute();
  const uids = await db.selectFrom('pesagens_manuais').select(['uid', 'aves']).where('lote_id', '=', loteId).execute();
  return { rows, dayBirds: days.reduce((sum, day) => sum + Number(day.aves), 0), daySum: days.reduce((sum, day) => sum + Number(day.soma_dg), 0), uids };
}

describeEachDialect('registerpesagemmanual', (portal) => {
  let owner: TestAccount;
  let farm: Nucleo;
  let lote: Lote;
  const post = (account: TestAccount, body: Record<string, unknown>) => portal().request('POST', '/api/registerpesagemmanual', { token: account.token, body });
  const weighing = (overrides: Record<string, unknown> = {}) => ({
    uid: randomUUID(),
    lote_id: lote.id,
    aviario_id: lote.aviarios[0]!.id,
    data: '2026-11-20',
    sexo: 'femea',
    pesos: [1510.5, 1498, 1602.3],
    ...overrides,
  });

  beforeAll(async () => {
    owner = await createAccount(portal());
    farm = await createNucleo(portal(), owner);
    lote = await createLote(portal(), owner, farm, { data_alojamento: '2026-11-01' });
  });

  it('stores the birds once as weighings of the house, counted in the daily aggregates, and a repeat stores nothing', async () => {
    const body = weighing();
    const first = await post(owner, body);
    expect(first.status).toBe(200);
    const mean = Math.round((15105 + 14980 + 16023) / 3) / 10;
    expect(first.body).toEqual({ uid: body.uid, aves: 3, peso_medio_g: mean, repetido: false });
    const stored = await storedOf(portal(), lote.id);
    expect(stored.rows.map((row) => row.peso_dg)).toEqual([15105, 14980, 16023]);
    expect(stored.rows[0]).toMatchObject({ sexo: 'F', aviario: farm.aviarios[0]!.nome, serie_balanca: 'MANUAL', hora: '12:00:00', data: '2026-11-20', idade_lote: 19 });
    expect(stored.rows.every((row) => row.dia_id !== null)).toBe(true);
    expect([stored.dayBirds, stored.daySum]).toEqual([3, 15105 + 14980 + 16023]);

    // The queue re-sends after a lost answer, even with other weights: the first answer, nothing more stored.
    const again = await post(owner, { ...body, pesos: [900] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, repetido: true });
    const after = await storedOf(portal(), lote.id);
    expect(after.rows).toHaveLength(3);
    expect(after.dayBirds).toBe(3);
    expect(after.uids).toEqual([{ uid: body.uid, aves: 3 }]);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = await storedOf(portal(), lote.id);
    const cases: Record<string, unknown>[] = [
      { pesos: [] },
      { pesos: [0] },
      { pesos: [100000] },
      { pesos: [12.34] },
      { pesos: Array.from({ length: 501 }, () => 100) },
      { uid: 'not-a-uuid' },
      { sexo: 'galo' },
      { data: '2026-02-30' },
      { hora: '25:00' },
      { aviario_id: 'um' },
    ];
    for (const overrides of cases) {
      const answer = await post(owner, weighing(overrides));
      expect(answer.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(answer.body.code).toBeTypeOf('string');
    }
    expect(await storedOf(portal(), lote.id)).toEqual(before);
  });

  it("refuses a house that is not the flock's, stores nothing, and the uid stays free", async () => {
    const before = await storedOf(portal(), lote.id);
    const otherFarm = await createNucleo(portal(), owner);
    const body = weighing({ aviario_id: otherFarm.aviarios[0]!.id });
    const answer = await post(owner, body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ field: 'aviario_id', code: 'FIELD_INVALID' });
    // The second house of the farm is not the flock's either (the flock is in the first).
    expect((await post(owner, weighing({ aviario_id: farm.aviarios[1]!.id }))).status).toBe(400);
    expect(await storedOf(portal(), lote.id)).toEqual(before);
    expect((await post(owner, { ...body, aviario_id: lote.aviarios[0]!.id })).body.repetido).toBe(false);
  });

  it("refuses another account's flock (404) and a read grant (403), storing nothing", async () => {
    const stranger = await createAccount(portal());
    const reader = await createAccount(portal());
    await grantAccess(portal(), owner, reader, 'leitura');
    const before = await storedOf(portal(), lote.id);
    expect((await post(stranger, weighing())).status).toBe(404);
    expect((await post(stranger, weighing({ prop: owner.user.id }))).status).toBe(404);
    expect((await post(reader, weighing({ prop: owner.user.id }))).status).toBe(403);
    expect(await storedOf(portal(), lote.id)).toEqual(before);
  });

  it('lets a manager grant over the farm weigh the flock, under the owner', async () => {
    const manager = await createAccount(portal());
    await grantAccess(portal(), owner, manager, 'gestao', [farm.id]);
    const answer = await post(manager, weighing({ prop: owner.user.id, sexo: 'misto', pesos: [2000] }));
    expect(answer.status).toBe(200);
    const row = await portal().database.db.selectFrom('pesagens').select(['owner_id', 'sexo']).where('lote_id', '=', lote.id).where('peso_dg', '=', 20000).executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_id: owner.user.id, sexo: '' });
  });
});

