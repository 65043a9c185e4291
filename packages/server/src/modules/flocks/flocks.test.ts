import { daysBetween, type Lote, localDate } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createGrafico } from '../../test/factories/charts.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote, recordDeaths } from '../../test/factories/flocks.js';
import { createPadrao } from '../../test/factories/standards.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

const HOUR = 3_600_000;

describeEachDialect('flocks (lotes)', (portal) => {
  it('creates, lists, reads, updates and deletes a flock with its houses and the mortality of its daily records', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Núcleo Lajeado' });
    const [house1, house2] = farm.aviarios;
    const padrao = await createPadrao(portal(), account, { nome: 'Cobb 500 Misto' });
    const created = await createLote(portal(), account, farm, {
      codigo: 'Lote 12/2026',
      aviarios: [house2!.id, house1!.id],
      data_alojamento: '2026-11-01',
      linhagem: 'Cobb 500',
      padrao_id: padrao.id,
      aves_macho: 10_000,
      aves_femea: 9_000,
      aves_misto: 0,
    });
    const today = localDate(Date.parse(created.updated_at), -3);
    expect(created).toMatchObject({
      codigo: 'Lote 12/2026', prop: account.user.id, nucleo_id: farm.id, nucleo_nome: 'Núcleo Lajeado', linhagem: 'Cobb 500',
      padrao_id: padrao.id, padrao_nome: 'Cobb 500 Misto', data_encerramento: null, obs: '', fechamento: null,
      aves_alojadas: 19_000, mortalidade_total: 0, eliminados_total: 0, aves_atuais: 19_000, situacao: 'ativo', idade: daysBetween('2026-11-01', today),
    });
    // Houses in the farm's order.
    expect(created.aviarios).toEqual([{ id: house1!.id, nome: 'Aviário 1' }, { id: house2!.id, nome: 'Aviário 2' }]);
    expect(created.mortalidade).toEqual([]);
    await recordDeaths(portal(), account, created, [{ data: '2026-11-03', aves: 50 }, { data: '2026-11-02', aves: 20 }], house1!.id);
    const withDeaths = (await portal().request<Lote>('GET', `/api/getlote?id=${created.id}`, { token: account.token })).body;
    expect(withDeaths).toMatchObject({ mortalidade_total: 70, aves_atuais: 18_930 });
    // Deaths by date.
    expect(withDeaths.mortalidade).toEqual([{ data: '2026-11-02', aves: 20, causa: 'outras' }, { data: '2026-11-03', aves: 50, causa: 'outras' }]);

    const list = await portal().request('GET', '/api/getlote', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([withDeaths]);

    const closed = await portal().request<Lote>('POST', '/api/registerlote', {
      token: account.token,
      body: {
        id: created.id, codigo: 'Lote 12/2026', nucleo_id: farm.id, aviarios: [house1!.id], data_alojamento: '2026-11-01',
        aves_misto: 19_000, data_encerramento: '2026-11-20',
      },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      id: created.id, situacao: 'encerrado', idade: 19, padrao_id: null, padrao_nome: null, linhagem: '',
      aves_alojadas: 19_000, mortalidade_total: 70, aves_atuais: 18_930, fechamento: null,
    });
    expect(closed.body.aviarios.map((house) => house.id)).toEqual([house1!.id]);

    const deleted = await portal().request('POST', '/api/dellote', { token: account.token, body: { idlote: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    expect((await portal().request('GET', `/api/getlote?id=${created.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getlote', { token: account.token })).body).toEqual([]);
    const { db } = portal().database;
    expect(await db.selectFrom('lote_diario').select('id').where('lote_id', '=', created.id).execute()).toEqual([]);
    expect(await db.selectFrom('lote_aviarios').select('aviario_id').where('lote_id', '=', created.id).execute()).toEqual([]);
  });

  it('refuses bad input and references out of reach with field errors, storing nothing', async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const otherFarm = await createNucleo(portal(), account);
    const strangersFarm = await createNucleo(portal(), stranger);
    const strangersStandard = await createPadrao(portal(), stranger);
    const base = { codigo: 'L1', nucleo_id: farm.id, aviarios: [farm.aviarios[0]!.id], data_alojamento: '2026-11-01', aves_misto: 1000 };
    const cases = [
      [{ ...base, codigo: '' }, 'codigo', 'FIELD_REQUIRED'],
      [{ ...base, aviarios: [] }, 'aviarios', 'FIELD_REQUIRED'],
      [{ ...base, data_alojamento: '2026-02-30' }, 'data_alojamento', 'FIELD_INVALID'],
      [{ ...base, aves_macho: -1 }, 'aves_macho', 'FIELD_OUT_OF_RANGE'],
      [{ ...base, nucleo_id: strangersFarm.id, aviarios: [strangersFarm.aviarios[0]!.id] }, 'nucleo_id', 'FIELD_INVALID'],
      [{ ...base, nucleo_id: 2_000_000_000 }, 'nucleo_id', 'FIELD_INVALID'],
      [{ ...base, aviarios: [farm.aviarios[0]!.id, otherFarm.aviarios[0]!.id] }, 'aviarios.1', 'FIELD_INVALID'],
      [{ ...base, padrao_id: strangersStandard.id }, 'padrao_id', 'FIELD_INVALID'],
    ] as const;
    for (const [body, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registerlote', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', '/api/getlote', { token: account.token })).body).toEqual([]);
  });

  it("answers 'Invalid flock!' and 'Date of the flock not registered!' when dates, counts and daily records disagree", async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const [house1, house2] = farm.aviarios;
    const created = await createLote(portal(), account, farm, { aves_misto: 1000, aviarios: [house1!.id, house2!.id] });
    await recordDeaths(portal(), account, created, [{ data: '2026-11-05', aves: 10 }], house2!.id);
    const stored = (await portal().request<Lote>('GET', `/api/getlote?id=${created.id}`, { token: account.token })).body;
    const base = { id: stored.id, codigo: stored.codigo, nucleo_id: farm.id, aviarios: [house1!.id, house2!.id], data_alojamento: '2026-11-01', aves_misto: 1000 };
    const cases = [
      [{ ...base, data_encerramento: '2026-10-31' }, 400, 'data_encerramento', 'FLOCK_INVALID'],
      [{ ...base, data_alojamento: '2026-11-06' }, 409, 'data_alojamento', 'DAILY_RECORDS_OUTSIDE_FLOCK'],
      [{ ...base, data_encerramento: '2026-11-04' }, 409, 'data_encerramento', 'DAILY_RECORDS_OUTSIDE_FLOCK'],
      [{ ...base, aves_misto: 9 }, 400, 'aves_misto', 'DAILY_BIRDS_EXCEEDED'],
      [{ ...base, data_alojamento: null }, 400, 'data_alojamento', 'FLOCK_DATE_MISSING'],
      [{ ...base, data_alojamento: null, data_encerramento: '2026-11-10' }, 400, 'data_alojamento', 'FLOCK_DATE_MISSING'],
      // The house holding a daily record cannot leave the flock.
      [{ ...base, aviarios: [house1!.id] }, 409, 'aviarios', 'RECORD_IN_USE'],
    ] as const;
    for (const [body, status, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registerlote', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ code, errors: [{ field, code }] });
    }
    const invalid = await portal().request('POST', '/api/registerlote', { token: account.token, body: cases[0][0] });
    expect(invalid.body.message).toBe('Invalid flock!');
    const missing = await portal().request('POST', '/api/registerlote', { token: account.token, body: cases[4][0] });
    expect(missing.body.message).toBe('Date of the flock not registered!');
    // Every refusal left the stored flock as it was.
    expect((await portal().request('GET', `/api/getlote?id=${stored.id}`, { token: account.token })).body).toEqual(stored);

    // Deaths exactly the birds placed, a closing on the last record's day, are fine; so is no date at all without records.
    const edge = await portal().request('POST', '/api/registerlote', { token: account.token, body: { ...base, aves_misto: 10, data_encerramento: '2026-11-05' } });
    expect(edge.body).toMatchObject({ aves_atuais: 0, idade: 4 });
    const fresh = await createLote(portal(), account, farm);
    const undated = await portal().request('POST', '/api/registerlote', {
      token: account.token,
      body: { id: fresh.id, codigo: fresh.codigo, nucleo_id: farm.id, aviarios: [house1!.id], data_alojamento: null },
    });
    expect(undated.body).toMatchObject({ data_alojamento: null, idade: null, mortalidade: [], situacao: 'ativo' });
  });

  it('refuses to delete a flock a chart line plots', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const lote = await createLote(portal(), account, farm);
    const chart = await createGrafico(portal(), account, { linhas: [{ tit: 'Peso', fonte: 'peso_medio', lote_id: lote.id }] });
    const refused = await portal().request('POST', '/api/dellote', { token: account.token, body: { idlote: lote.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RECORD_IN_USE');
    expect((await portal().request('GET', `/api/getlote?id=${lote.id}`, { token: account.token })).body).toEqual(lote);
    await portal().request('POST', '/api/delgrafico', { token: account.token, body: { idgrafico: chart.id } });
    expect((await portal().request('POST', '/api/dellote', { token: account.token, body: { idlote: lote.id } })).status).toBe(200);
  });

  it("keeps another owner's flocks out of reach, and limits a per-farm grant to its farms' flocks", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const other = await createNucleo(portal(), owner);
    const reachable = await createLote(portal(), owner, farm, { codigo: 'A' });
    const hidden = await createLote(portal(), owner, other, { codigo: 'B' });
    const bodyOf = (lote: Lote, changes: Record<string, unknown> = {}) => ({
      id: lote.id, prop: owner.user.id, codigo: lote.codigo, nucleo_id: lote.nucleo_id, aviarios: lote.aviarios.map((house) => house.id), ...changes,
    });

    expect((await portal().request('GET', `/api/getlote?id=${reachable.id}`, { token: stranger.token })).status).toBe(404);
    expect((await portal().request('POST', '/api/dellote', { token: stranger.token, body: { idlote: reachable.id } })).status).toBe(404);
    expect((await portal().request('POST', '/api/registerlote', { token: stranger.token, body: bodyOf(reachable, { prop: undefined }) })).status).toBe(404);

    await grantAccess(portal(), owner, stranger, 'leitura', [farm.id]);
    const seen = await portal().request('GET', `/api/getlote?prop=${owner.user.id}`, { token: stranger.token });
    expect(seen.body.map((item: Lote) => item.id)).toEqual([reachable.id]);
    expect((await portal().request('GET', `/api/getlote?id=${hidden.id}&prop=${owner.user.id}`, { token: stranger.token })).status).toBe(404);
    const write = await portal().request('POST', '/api/registerlote', { token: stranger.token, body: bodyOf(reachable, { obs: 'x' }) });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('FORBIDDEN');

    await grantAccess(portal(), owner, stranger, 'gestao', [farm.id]);
    const edited = await portal().request('POST', '/api/registerlote', { token: stranger.token, body: bodyOf(reachable, { obs: 'Visto' }) });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ prop: owner.user.id, obs: 'Visto' });
    const added = await portal().request('POST', '/api/registerlote', {
      token: stranger.token,
      body: { prop: owner.user.id, codigo: 'C', nucleo_id: farm.id, aviarios: [farm.aviarios[1]!.id] },
    });
    expect(added.status).toBe(200);
    // Not onto a farm outside the grant, nor moving a flock there, nor touching that farm's flocks.
    const elsewhere = await portal().request('POST', '/api/registerlote', {
      token: stranger.token,
      body: { prop: owner.user.id, codigo: 'D', nucleo_id: other.id, aviarios: [other.aviarios[0]!.id] },
    });
    expect(elsewhere.body.errors[0]).toMatchObject({ field: 'nucleo_id', code: 'FIELD_INVALID' });
    const moved = await portal().request('POST', '/api/registerlote', {
      token: stranger.token,
      body: bodyOf(reachable, { nucleo_id: other.id, aviarios: [other.aviarios[0]!.id] }),
    });
    expect(moved.status).toBe(400);
    expect((await portal().request('POST', '/api/registerlote', { token: stranger.token, body: bodyOf(hidden, { obs: 'x' }) })).status).toBe(404);
    expect((await portal().request('POST', '/api/dellote', { token: stranger.token, body: { idlote: hidden.id, prop: owner.user.id } })).status).toBe(404);
    expect((await portal().request('POST', '/api/dellote', { token: stranger.token, body: { idlote: added.body.id, prop: owner.user.id } })).status).toBe(200);
    const mine = await portal().request('GET', `/api/getlote?prop=${owner.user.id}`, { token: owner.token });
    expect(mine.body.map((item: Lote) => item.codigo)).toEqual(['A', 'B']);
  });
});

/** Sets the portal's frozen clock to `instant` (it reads the clock's current time from a record it stamps). */
async function setClock(portal: TestPortal, account: TestAccount, instant: number): Promise<void> {
  portal.freezeClock();
  const probe = await createPadrao(portal, account, { nome: `Relógio ${instant}` });
  portal.advanceClock(instant - Date.parse(probe.created_at));
}

describeEachDialect('flock age in the owner time zone', (portal) => {
  it("counts whole days to the owner's today, whichever time zone the reader is in", async () => {
    const owner = await createAccount(portal());
    const tokyo = await createAccount(portal());
    expect((await portal().request('POST', '/api/updateuser', { token: tokyo.token, body: { timezone: 9 } })).status).toBe(200);
    await grantAccess(portal(), owner, tokyo, 'leitura');
    const farm = await createNucleo(portal(), owner);
    const lote = await createLote(portal(), owner, farm, { data_alojamento: '2026-11-01' });
    const closed = await createLote(portal(), owner, farm, { data_alojamento: '2026-11-01', data_encerramento: '2026-11-05' });
    const ageSeenBy = async (reader: TestAccount, prop?: number) => {
      const answer = await portal().request<Lote>('GET', `/api/getlote?id=${lote.id}${prop ? `&prop=${prop}` : ''}`, { token: reader.token });
      return answer.body.idade;
    };
    const closedAge = async () => (await portal().request<Lote>('GET', `/api/getlote?id=${closed.id}`, { token: owner.token })).body.idade;

    // 02:30 UTC on the 11th is still 23:30 on the 10th at UTC-3 (the default): 9 days, not 10.
    await setClock(portal(), owner, Date.parse('2026-11-11T02:30:00Z'));
    expect(await ageSeenBy(owner)).toBe(9);
    // A reader at UTC+9 sees the owner's age, not one from its own midnight.
    expect(await ageSeenBy(tokyo, owner.user.id)).toBe(9);
    expect(await closedAge()).toBe(4);

    // One hour later it is past midnight at UTC-3.
    portal().advanceClock(HOUR);
    expect(await ageSeenBy(owner)).toBe(10);
    expect(await closedAge()).toBe(4);

    // The owner moves to UTC+9: 03:30 UTC is 12:30 on the 11th there, still 10; at 15:00 UTC it is the 12th.
    expect((await portal().request('POST', '/api/updateuser', { token: owner.token, body: { timezone: 9 } })).status).toBe(200);
    expect(await ageSeenBy(owner)).toBe(10);
    portal().advanceClock(11.5 * HOUR);
    expect(await ageSeenBy(owner)).toBe(11);

    // Before the placement day, the age counts down to it.
    await setClock(portal(), owner, Date.parse('2026-10-30T12:00:00Z'));
    expect(await ageSeenBy(owner)).toBe(-2);
  });
});
