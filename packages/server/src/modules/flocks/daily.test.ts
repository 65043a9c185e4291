import type { ConfigDesempenho, Diario, Lote, Nucleo } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { describeEachDialect } from '../../test/harness.js';

const UID = '3f0c2a9e-1b7d-4c5e-9a8f-0d1e2f3a4b5c';

/** Daily house records (registerdiario, getdiario, deldiario), close-out and the account's settings. */
describeEachDialect('daily house records', (portal) => {
  const post = (account: TestAccount, call: string, body: Record<string, unknown>) => portal().request('POST', `/api/${call}`, { token: account.token, body });
  const get = (account: TestAccount, path: string) => portal().request('GET', `/api/${path}`, { token: account.token });
  const diarios = async (account: TestAccount, lote: Lote, extra = '') => (await get(account, `getdiario?lote_id=${lote.id}&prop=${lote.prop}${extra}`)).body as Diario[];
  const loteOf = async (account: TestAccount, lote: Lote) => (await get(account, `getlote?id=${lote.id}&prop=${lote.prop}`)).body as Lote;
  /** Two houses named so that name order differs from id order. */
  const farmOf = (account: TestAccount) =>
    createNucleo(portal(), account, { aviarios: ['Aviário B', 'Aviário A'].map((nome) => ({ nome, lados: 2, boxes: 4, capacidade: 20000 })) });
  const flockOn = (account: TestAccount, farm: Nucleo, overrides: Parameters<typeof createLote>[3] = {}) =>
    createLote(portal(), account, farm, { aviarios: farm.aviarios.map((house) => house.id), data_alojamento: '2026-11-01', aves_misto: 1000, ...overrides });

  it('keeps one record per flock, house and day; a rewrite keeps a history of who changed what', async () => {
    const owner = await createAccount(portal(), { name: 'Dona Maria' });
    const tecnico = await createAccount(portal(), { name: 'Técnico João' });
    const farm = await farmOf(owner);
    const [houseB, houseA] = farm.aviarios as [Nucleo['aviarios'][0], Nucleo['aviarios'][0]];
    const lote = await flockOn(owner, farm);
    const day = { lote_id: lote.id, aviario_id: houseB.id, data: '2026-11-03' };

    const first = await post(owner, 'registerdiario', { ...day, mortalidade: [{ causa: 'ascite', aves: 3 }, { causa: 'outras', aves: 1 }], eliminados: 2, agua_l: 1200.5, temp_min: 21.5, temp_max: 31 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      lote_id: lote.id, aviario_id: houseB.id, aviario_nome: 'Aviário B', data: '2026-11-03', idade: 2, mortos: 4, eliminados: 2,
      entradas: 0, saidas: 0, agua_l: 1200.5, temp_min: 21.5, temp_max: 31, obs: '', updated_by: 'Dona Maria', historico: [],
    });
    expect(first.body.mortalidade).toEqual([{ causa: 'ascite', aves: 3 }, { causa: 'outras', aves: 1 }]);

    // The same day again, by a manager with a grant: the same record, changed, with one history line.
    await grantAccess(portal(), owner, tecnico, 'gestao');
    const second = await post(tecnico, 'registerdiario', { ...day, prop: owner.user.id, mortalidade: [{ causa: 'ascite', aves: 5 }], eliminados: 2, agua_l: 1200.5, temp_min: 21.5, temp_max: 31, obs: 'Calor' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, mortos: 5, obs: 'Calor', updated_by: 'Técnico João' });
    expect(second.body.historico).toHaveLength(1);
    expect(second.body.historico[0]).toMatchObject({ por: 'Técnico João' });
    expect(second.body.historico[0].campos).toEqual([
      { campo: 'mortalidade', antes: 'ascite: 3, outras: 1', depois: 'ascite: 5' },
      { campo: 'obs', antes: '', depois: 'Calor' },
    ]);
    // Written again unchanged: no new history line.
    const same = await post(owner, 'registerdiario', { ...day, mortalidade: [{ causa: 'ascite', aves: 5 }], eliminados: 2, agua_l: 1200.5, temp_min: 21.5, temp_max: 31, obs: 'Calor' });
    expect(same.body.historico).toHaveLength(1);
    const third = await post(owner, 'registerdiario', { ...day, mortalidade: [{ causa: 'ascite', aves: 5 }], eliminados: 0, agua_l: null, obs: 'Calor' });
    expect(third.body.historico.map((entry: Diario['historico'][0]) => entry.por)).toEqual(['Dona Maria', 'Técnico João']);
    expect(third.body.historico[0].campos).toEqual([
      { campo: 'eliminados', antes: '2', depois: '0' },
      { campo: 'agua_l', antes: '1200.5', depois: null },
      { campo: 'temp_min', antes: '21.5', depois: null },
      { campo: 'temp_max', antes: '31', depois: null },
    ]);

    // Other houses and days: oldest first, houses of one day by name.
    await post(owner, 'registerdiario', { ...day, aviario_id: houseA.id, mortalidade: [{ causa: 'outras', aves: 1 }] });
    await post(owner, 'registerdiario', { ...day, data: '2026-11-02', eliminados: 1 });
    const list = await diarios(owner, lote);
    expect(list.map((row) => [row.data, row.aviario_nome])).toEqual([['2026-11-02', 'Aviário B'], ['2026-11-03', 'Aviário A'], ['2026-11-03', 'Aviário B']]);
    expect((await diarios(tecnico, lote, '&di=2026-11-03&df=2026-11-03')).map((row) => row.aviario_nome)).toEqual(['Aviário A', 'Aviário B']);
    const { db } = portal().database;
    expect(await db.selectFrom('lote_diario').select('id').where('lote_id', '=', lote.id).execute()).toHaveLength(3);

    // The flock's answer: deaths per day and cause summed over houses, culls, birds alive.
    const flock = await loteOf(owner, lote);
    expect(flock).toMatchObject({ mortalidade_total: 6, eliminados_total: 1, aves_atuais: 993 });
    expect(flock.mortalidade).toEqual([{ data: '2026-11-03', causa: 'ascite', aves: 5 }, { data: '2026-11-03', causa: 'outras', aves: 1 }]);

    // Deleted, the record and its history are gone.
    const removed = await post(owner, 'deldiario', { id: first.body.id });
    expect(removed.body).toEqual({ ok: true, id: first.body.id });
    expect((await diarios(owner, lote)).map((row) => row.id)).not.toContain(first.body.id);
    expect(await db.selectFrom('lote_diario_historico').select('id').where('diario_id', '=', first.body.id).execute()).toEqual([]);
    expect((await post(owner, 'deldiario', { id: first.body.id })).status).toBe(404);
  });

  it('applies a write sent again with the same uid once', async () => {
    const owner = await createAccount(portal());
    const farm = await farmOf(owner);
    const lote = await flockOn(owner, farm);
    const body = { uid: UID, lote_id: lote.id, aviario_id: farm.aviarios[0]!.id, data: '2026-11-04', mortalidade: [{ causa: 'ascite', aves: 2 }] };
    const sent = await post(owner, 'registerdiario', body);
    expect(sent.status).toBe(200);
    // Re-sent (its answer was lost), or even re-sent changed: the stored record answers, unchanged.
    const again = await post(owner, 'registerdiario', body);
    expect(again.body).toEqual(sent.body);
    const changed = await post(owner, 'registerdiario', { ...body, mortalidade: [{ causa: 'ascite', aves: 9 }] });
    expect(changed.body).toEqual(sent.body);
    // Another uid rewrites the day.
    const other = await post(owner, 'registerdiario', { ...body, uid: '3f0c2a9e-1b7d-4c5e-9a8f-0d1e2f3a4b5d', mortalidade: [{ causa: 'ascite', aves: 3 }] });
    expect(other.body).toMatchObject({ id: sent.body.id, mortos: 3 });
    expect(other.body.historico).toHaveLength(1);
    expect((await loteOf(owner, lote)).mortalidade_total).toBe(3);
    // uids are per owner: another account may use the same one.
    const stranger = await createAccount(portal());
    const strangersFarm = await farmOf(stranger);
    const strangersLote = await flockOn(stranger, strangersFarm);
    const theirs = await post(stranger, 'registerdiario', { ...body, lote_id: strangersLote.id, aviario_id: strangersFarm.aviarios[0]!.id });
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(sent.body.id);
  });

  it('refuses bad input with a clear code, storing nothing', async () => {
    const owner = await createAccount(portal());
    const farm = await farmOf(owner);
    const otherFarm = await farmOf(owner);
    const lote = await flockOn(owner, farm, { aviarios: [farm.aviarios[0]!.id], aves_misto: 10 });
    const undated = await flockOn(owner, farm, { data_alojamento: null });
    const closed = await flockOn(owner, farm, { data_encerramento: '2026-11-10' });
    const base = { lote_id: lote.id, aviario_id: farm.aviarios[0]!.id, data: '2026-11-05' };
    const cases = [
      [{ ...base, aviario_id: farm.aviarios[1]!.id }, 'aviario_id', 'FIELD_INVALID'],
      [{ ...base, aviario_id: otherFarm.aviarios[0]!.id }, 'aviario_id', 'FIELD_INVALID'],
      [{ ...base, data: '2026-10-31' }, 'data', 'DAILY_DATE_OUTSIDE_FLOCK'],
      [{ ...base, data: '2099-01-01' }, 'data', 'DAILY_DATE_OUTSIDE_FLOCK'],
      [{ ...base, lote_id: closed.id, data: '2026-11-11' }, 'data', 'DAILY_DATE_OUTSIDE_FLOCK'],
      [{ ...base, lote_id: undated.id }, 'lote_id', 'FLOCK_DATE_MISSING'],
      [{ ...base, temp_min: 30, temp_max: 20 }, 'temp_max', 'FIELD_INVALID'],
      [{ ...base, mortalidade: [{ causa: 'gripe', aves: 1 }] }, 'mortalidade.0.causa', 'MORTALITY_CAUSE_UNKNOWN'],
      [{ ...base, mortalidade: [{ causa: 'ascite', aves: 1 }, { causa: 'ASCITE', aves: 1 }] }, 'mortalidade', 'FIELD_INVALID'],
      [{ ...base, mortalidade: [{ causa: 'ascite', aves: 6 }], eliminados: 3, saidas: 2 }, 'mortalidade', 'DAILY_BIRDS_EXCEEDED'],
      [{ ...base, mortalidade: [{ causa: 'ascite', aves: 0 }] }, 'mortalidade.0.aves', 'FIELD_OUT_OF_RANGE'],
      [{ ...base, uid: 'not-a-uuid' }, 'uid', 'FIELD_INVALID'],
      [{ ...base, agua_l: -1 }, 'agua_l', 'FIELD_OUT_OF_RANGE'],
    ] as const;
    for (const [body, field, code] of cases) {
      const answer = await post(owner, 'registerdiario', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0], JSON.stringify(body)).toMatchObject({ field, code });
    }
    // Birds moved in count: 10 placed + 2 in = 12 may leave.
    expect((await post(owner, 'registerdiario', { ...base, mortalidade: [{ causa: 'ascite', aves: 6 }], eliminados: 3, saidas: 3, entradas: 2 })).status).toBe(200);
    expect((await post(owner, 'registerdiario', { ...base, data: '2026-11-06', eliminados: 1 })).body.errors[0]).toMatchObject({ code: 'DAILY_BIRDS_EXCEEDED' });
    const { db } = portal().database;
    const stored = await db.selectFrom('lote_diario').select(['lote_id', 'data']).where('owner_id', '=', owner.user.id).execute();
    expect(stored).toEqual([{ lote_id: lote.id, data: '2026-11-05' }]);
    expect((await diarios(owner, closed)).length + (await diarios(owner, undated)).length).toBe(0);
    expect((await get(owner, `getdiario?lote_id=${lote.id}&di=2026-11-06&df=2026-11-05`)).body.errors[0]).toMatchObject({ field: 'df', code: 'DATE_RANGE_INVALID' });
  });

  it("refuses another account's flocks and records, and limits a per-farm grant to its farms", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await farmOf(owner);
    const other = await farmOf(owner);
    const lote = await flockOn(owner, farm);
    const hidden = await flockOn(owner, other);
    const write = (account: TestAccount, flock: Lote, extra: Record<string, unknown> = {}) =>
      post(account, 'registerdiario', { lote_id: flock.id, aviario_id: flock.aviarios[0]!.id, data: '2026-11-05', eliminados: 1, ...extra });
    const record = (await write(owner, lote)).body as Diario;
    const hiddenRecord = (await write(owner, hidden)).body as Diario;

    // Not granted: as if nothing existed.
    expect((await write(stranger, lote)).status).toBe(404);
    expect((await write(stranger, lote, { prop: owner.user.id })).status).toBe(404);
    expect((await get(stranger, `getdiario?lote_id=${lote.id}`)).status).toBe(404);
    expect((await get(stranger, `getdiario?lote_id=${lote.id}&prop=${owner.user.id}`)).status).toBe(404);
    expect((await post(stranger, 'deldiario', { id: record.id })).status).toBe(404);
    expect((await post(stranger, 'registerfechamento', { lote_id: lote.id, data: '2026-11-20', aves_entregues: 1, kg_entregues: 2 })).status).toBe(404);

    // A read grant on one farm: reads that farm's flock, not the other's; writes nothing.
    await grantAccess(portal(), owner, stranger, 'leitura', [farm.id]);
    expect((await diarios(stranger, lote)).map((row) => row.id)).toEqual([record.id]);
    expect((await get(stranger, `getdiario?lote_id=${hidden.id}&prop=${owner.user.id}`)).status).toBe(404);
    expect((await write(stranger, lote, { prop: owner.user.id, eliminados: 2 })).status).toBe(403);
    expect((await post(stranger, 'deldiario', { prop: owner.user.id, id: record.id })).status).toBe(403);

    // A manage grant on one farm: writes there, not on the other farm.
    await grantAccess(portal(), owner, stranger, 'gestao', [farm.id]);
    expect((await write(stranger, lote, { prop: owner.user.id, eliminados: 2 })).status).toBe(200);
    expect((await write(stranger, hidden, { prop: owner.user.id, eliminados: 2 })).status).toBe(404);
    expect((await post(stranger, 'deldiario', { prop: owner.user.id, id: hiddenRecord.id })).status).toBe(404);
    expect((await post(stranger, 'registerfechamento', { prop: owner.user.id, lote_id: hidden.id, data: '2026-11-20', aves_entregues: 1, kg_entregues: 2 })).status).toBe(404);
    expect((await diarios(owner, hidden)).map((row) => row.eliminados)).toEqual([1]);
    expect((await diarios(owner, lote)).map((row) => row.eliminados)).toEqual([2]);
  });

  it('closes a flock out with what was delivered, and reopens it', async () => {
    const owner = await createAccount(portal());
    const farm = await farmOf(owner);
    const lote = await flockOn(owner, farm, { aves_misto: 20_000 });
    await post(owner, 'registerdiario', { lote_id: lote.id, aviario_id: farm.aviarios[0]!.id, data: '2026-11-10', mortalidade: [{ causa: 'ascite', aves: 400 }], eliminados: 100 });
    const close = (body: Record<string, unknown>) => post(owner, 'registerfechamento', { lote_id: lote.id, data: '2026-11-12', aves_entregues: 19_450, kg_entregues: 55_432.5, racao_kg: 91_000, obs: 'Abate Frigorífico X', ...body });

    expect((await close({ data: '2026-10-31' })).body.errors[0]).toMatchObject({ field: 'data', code: 'FLOCK_INVALID' });
    const early = await close({ data: '2026-11-09' });
    expect(early.status).toBe(409);
    expect(early.body.errors[0]).toMatchObject({ field: 'data', code: 'DAILY_RECORDS_OUTSIDE_FLOCK' });
    expect((await loteOf(owner, lote)).fechamento).toBeNull();

    const closed = await close({});
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      id: lote.id, situacao: 'encerrado', data_encerramento: '2026-11-12', idade: 11, aves_atuais: 19_500,
      fechamento: { data: '2026-11-12', aves_entregues: 19_450, kg_entregues: 55_432.5, peso_medio_g: 2850, racao_kg: 91_000, obs: 'Abate Frigorífico X' },
    });
    expect(await loteOf(owner, lote)).toEqual(closed.body);
    // A daily record after the closing day is refused now.
    const late = await post(owner, 'registerdiario', { lote_id: lote.id, aviario_id: farm.aviarios[0]!.id, data: '2026-11-13', eliminados: 1 });
    expect(late.body.errors[0]).toMatchObject({ field: 'data', code: 'DAILY_DATE_OUTSIDE_FLOCK' });

    // Reopened by registerlote without a closing date: the close-out is gone.
    const reopened = await post(owner, 'registerlote', { id: lote.id, codigo: lote.codigo, nucleo_id: farm.id, aviarios: farm.aviarios.map((house) => house.id), data_alojamento: '2026-11-01', aves_misto: 20_000 });
    expect(reopened.body).toMatchObject({ situacao: 'ativo', data_encerramento: null, fechamento: null });
    const { db } = portal().database;
    expect(await db.selectFrom('lotes').select(['aves_entregues', 'kg_entregues_hg', 'racao_hg', 'obs_fechamento']).where('id', '=', lote.id).executeTakeFirst()).toEqual({
      aves_entregues: null, kg_entregues_hg: null, racao_hg: null, obs_fechamento: null,
    });
    // No birds delivered: no mean weight.
    expect((await close({ aves_entregues: 0, kg_entregues: 0, racao_kg: null })).body.fechamento).toMatchObject({ peso_medio_g: null, racao_kg: null });
  });

  it("keeps the account's causes and FCR reference, defaults until set; account-wide managers change them", async () => {
    const owner = await createAccount(portal());
    const reader = await createAccount(portal());
    const farmManager = await createAccount(portal());
    const manager = await createAccount(portal());
    const farm = await farmOf(owner);
    await grantAccess(portal(), owner, reader, 'leitura');
    await grantAccess(portal(), owner, farmManager, 'gestao', [farm.id]);
    await grantAccess(portal(), owner, manager, 'gestao');
    const defaults = await get(owner, 'getconfigdesempenho');
    expect(defaults.body).toEqual({
      prop: owner.user.id, causas: ['morte_subita', 'ascite', 'locomotor', 'onfalite', 'respiratorio', 'desidratacao', 'outras'], peso_referencia_g: 2500, pontos_100g: 0.02,
    } satisfies ConfigDesempenho);
    expect((await get(reader, `getconfigdesempenho?prop=${owner.user.id}`)).body).toEqual(defaults.body);

    const settings = { prop: owner.user.id, causas: ['Refugo', 'ascite'], peso_referencia_g: 2800, pontos_100g: 0.025 };
    expect((await post(reader, 'setconfigdesempenho', settings)).status).toBe(403);
    expect((await post(farmManager, 'setconfigdesempenho', settings)).status).toBe(403);
    expect((await post(owner, 'setconfigdesempenho', { ...settings, causas: ['a', 'A'] })).body.errors[0]).toMatchObject({ field: 'causas', code: 'FIELD_INVALID' });
    expect((await get(owner, 'getconfigdesempenho')).body).toEqual(defaults.body);
    const saved = await post(manager, 'setconfigdesempenho', settings);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...settings });
    expect((await get(owner, 'getconfigdesempenho')).body).toEqual(saved.body);

    // The account's causes are what a record may name; one dropped later stays writable on a record that has it.
    const lote = await flockOn(owner, farm);
    const day = { lote_id: lote.id, aviario_id: farm.aviarios[0]!.id, data: '2026-11-05' };
    expect((await post(owner, 'registerdiario', { ...day, mortalidade: [{ causa: 'outras', aves: 1 }] })).body.errors[0]).toMatchObject({ code: 'MORTALITY_CAUSE_UNKNOWN' });
    expect((await post(owner, 'registerdiario', { ...day, mortalidade: [{ causa: 'Refugo', aves: 1 }] })).status).toBe(200);
    await post(owner, 'setconfigdesempenho', { ...settings, causas: ['ascite'] });
    expect((await post(owner, 'registerdiario', { ...day, mortalidade: [{ causa: 'Refugo', aves: 2 }] })).body.mortos).toBe(2);
    expect((await post(owner, 'registerdiario', { ...day, data: '2026-11-06', mortalidade: [{ causa: 'Refugo', aves: 2 }] })).body.errors[0]).toMatchObject({ code: 'MORTALITY_CAUSE_UNKNOWN' });
  });
});

