import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { addMovement, createSilo } from '../../test/factories/silos.js';
import { describeEachDialect } from '../../test/harness.js';
import { silosRepository } from './silos.repository.js';

describeEachDialect('silos', (portal) => {
  it('creates, lists, reads, updates and deletes a silo with its houses and scale', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const [house1, house2] = farm.aviarios;
    const scale = await insertDevice(portal(), account, 'BSILO', { nome: 'Balança silo 1' });
    const created = await createSilo(portal(), account, farm, {
      nome: 'Silo Norte',
      capacidade_kg: 15000.5,
      device_id: scale.id,
      aviarios: [house2!.id, house1!.id],
      obs: 'Perto do portão',
    });
    expect(created).toMatchObject({
      nome: 'Silo Norte',
      prop: account.user.id,
      nucleo_id: farm.id,
      nucleo_nome: farm.nome,
      capacidade_kg: 15000.5,
      tipo_racao: 'Inicial',
      device_id: scale.id,
      device_nome: 'Balança silo 1',
      obs: 'Perto do portão',
      saldo_kg: 0,
      ultimo_movimento: null,
    });
    // Houses come in the farm's order.
    expect(created.aviarios).toEqual([{ id: house1!.id, nome: house1!.nome }, { id: house2!.id, nome: house2!.nome }]);

    const list = await portal().request('GET', '/api/getsilo', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created]);
    expect((await portal().request('GET', `/api/getsilo?id=${created.id}`, { token: account.token })).body).toEqual(created);

    const updated = await portal().request('POST', '/api/registersilo', {
      token: account.token,
      body: { id: created.id, nome: 'Silo Sul', nucleo_id: farm.id, capacidade_kg: 0.3, aviarios: [house1!.id] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, nome: 'Silo Sul', capacidade_kg: 0.3, tipo_racao: '', device_id: null, device_nome: null, obs: '' });
    expect(updated.body.aviarios).toEqual([{ id: house1!.id, nome: house1!.nome }]);

    const deleted = await portal().request('POST', '/api/delsilo', { token: account.token, body: { idsilo: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    expect((await portal().request('GET', `/api/getsilo?id=${created.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getsilo', { token: account.token })).body).toEqual([]);
    // The farm's houses are free again.
    expect((await portal().request('POST', '/api/updatenucleomanual', { token: account.token, body: { idnucleo: farm.id, aviarios: [] } })).status).toBe(200);
  });

  it('answers the balance and the latest movement date, exactly in tenths', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const silo = await createSilo(portal(), account, farm);
    for (let day = 1; day <= 10; day += 1) {
      await addMovement(portal(), account, { idsilo: silo.id, tipo: 'entrada', data: `2024-03-${String(day).padStart(2, '0')}`, quantidade_kg: 0.1 });
    }
    const beforeAnyFeed = await portal().request('POST', '/api/registersilomov', {
      token: account.token,
      body: { idsilo: silo.id, tipo: 'consumo', data: '2024-02-01', quantidade_kg: 0.2 },
    });
    expect(beforeAnyFeed.status).toBe(409);
    await addMovement(portal(), account, { idsilo: silo.id, tipo: 'consumo', data: '2024-03-10', quantidade_kg: 0.3 });
    const read = await portal().request('GET', `/api/getsilo?id=${silo.id}`, { token: account.token });
    expect(read.body.saldo_kg).toBe(0.7);
    expect(read.body.ultimo_movimento).toBe('2024-03-10');
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const otherFarm = await createNucleo(portal(), account);
    const strangersFarm = await createNucleo(portal(), stranger);
    const doser = await insertDevice(portal(), account, 'DOSADOR');
    const strangersScale = await insertDevice(portal(), stranger, 'SILO');
    const valid = { nome: 'Silo', nucleo_id: farm.id, capacidade_kg: 100 };
    const cases = [
      [{ ...valid, nome: '' }, 400, 'nome', 'FIELD_REQUIRED'],
      [{ ...valid, nome: 'x'.repeat(61) }, 400, 'nome', 'FIELD_TOO_LONG'],
      [{ ...valid, capacidade_kg: -1 }, 400, 'capacidade_kg', 'FIELD_OUT_OF_RANGE'],
      [{ ...valid, capacidade_kg: 1.25 }, 400, 'capacidade_kg', 'FIELD_INVALID'],
      [{ ...valid, aviarios: [farm.aviarios[0]!.id, farm.aviarios[0]!.id] }, 400, 'aviarios', 'FIELD_INVALID'],
      [{ ...valid, nucleo_id: strangersFarm.id }, 400, 'nucleo_id', 'FIELD_INVALID'],
      [{ ...valid, nucleo_id: 2_000_000_000 }, 400, 'nucleo_id', 'FIELD_INVALID'],
      [{ ...valid, aviarios: [otherFarm.aviarios[0]!.id] }, 400, 'aviarios.0', 'FIELD_INVALID'],
      [{ ...valid, device_id: doser.id }, 400, 'device_id', 'DEVICE_MODEL_NOT_ALLOWED'],
      [{ ...valid, device_id: strangersScale.id }, 400, 'device_id', 'FIELD_INVALID'],
      [{ ...valid, id: 2_000_000_000 }, 404, undefined, undefined],
    ] as const;
    for (const [body, status, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registersilo', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (field) expect(answer.body.errors[0], JSON.stringify(body)).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', '/api/getsilo', { token: account.token })).body).toEqual([]);
    expect(await silosRepository(portal().database).usingDevice(doser.id)).toBe(false);
  });

  it('refuses to delete a silo another silo transferred with, or a chart line draws', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const source = await createSilo(portal(), account, farm);
    const destination = await createSilo(portal(), account, farm);
    await addMovement(portal(), account, { idsilo: source.id, tipo: 'entrada', data: '2024-05-01', quantidade_kg: 500 });
    await addMovement(portal(), account, { idsilo: source.id, tipo: 'transferencia', data: '2024-05-02', quantidade_kg: 200, silo_destino_id: destination.id });
    for (const silo of [destination, source]) {
      const refused = await portal().request('POST', '/api/delsilo', { token: account.token, body: { idsilo: silo.id } });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('RECORD_IN_USE');
    }
    expect((await portal().request('GET', `/api/getsilo?id=${destination.id}`, { token: account.token })).body.saldo_kg).toBe(200);
    expect((await portal().request('GET', `/api/getsilo?id=${source.id}`, { token: account.token })).body.saldo_kg).toBe(300);

    const drawn = await createSilo(portal(), account, farm);
    const now = Date.now();
    const chart = await portal().database.db
      .insertInto('graficos')
      .values({ owner_id: account.user.id, titulo: 'Estoque', tipo: 'linha', periodo: '30d', data_inicio: null, data_fim: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await portal().database.db
      .insertInto('grafico_linhas')
      .values({ grafico_id: chart.id, ordem: 0, tit: 'Silo', fonte: 'silo', device_id: null, lote_id: null, silo_id: drawn.id, padrao_id: null })
      .execute();
    const refused = await portal().request('POST', '/api/delsilo', { token: account.token, body: { idsilo: drawn.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RECORD_IN_USE');

    // A silo's own deliveries and consumptions go with it.
    const plain = await createSilo(portal(), account, farm);
    await addMovement(portal(), account, { idsilo: plain.id, tipo: 'entrada', data: '2024-05-01', quantidade_kg: 50 });
    await addMovement(portal(), account, { idsilo: plain.id, tipo: 'consumo', data: '2024-05-03', quantidade_kg: 20 });
    expect((await portal().request('POST', '/api/delsilo', { token: account.token, body: { idsilo: plain.id } })).status).toBe(200);
    const left = await portal().database.db.selectFrom('silo_movimentos').select('id').where('silo_id', '=', plain.id).execute();
    expect(left).toEqual([]);
  });

  it('tells the devices module when a scale weighs a silo', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const scale = await insertDevice(portal(), account, 'SEQFC');
    await createSilo(portal(), account, farm, { device_id: scale.id });
    expect(await silosRepository(portal().database).usingDevice(scale.id)).toBe(true);
  });

  it("keeps another owner's silos out of reach unless granted, and a read grant cannot write", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const other = await createNucleo(portal(), owner);
    const silo = await createSilo(portal(), owner, farm);
    const hidden = await createSilo(portal(), owner, other);
    const body = { id: silo.id, prop: owner.user.id, nome: 'Tomado', nucleo_id: farm.id, capacidade_kg: 1 };

    expect((await portal().request('GET', `/api/getsilo?id=${silo.id}`, { token: stranger.token })).status).toBe(404);
    expect((await portal().request('GET', `/api/getsilo?prop=${owner.user.id}`, { token: stranger.token })).status).toBe(404);
    expect((await portal().request('POST', '/api/delsilo', { token: stranger.token, body: { idsilo: silo.id } })).status).toBe(404);
    expect((await portal().request('POST', '/api/registersilo', { token: stranger.token, body: { ...body, prop: undefined } })).status).toBe(404);

    await grantAccess(portal(), owner, stranger, 'leitura', [farm.id]);
    const seen = await portal().request('GET', `/api/getsilo?prop=${owner.user.id}`, { token: stranger.token });
    expect(seen.body.map((item: { id: number }) => item.id)).toEqual([silo.id]);
    expect((await portal().request('GET', `/api/getsilo?id=${hidden.id}&prop=${owner.user.id}`, { token: stranger.token })).status).toBe(404);
    const write = await portal().request('POST', '/api/registersilo', { token: stranger.token, body });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('FORBIDDEN');
    expect((await portal().request('POST', '/api/delsilo', { token: stranger.token, body: { idsilo: silo.id, prop: owner.user.id } })).status).toBe(403);

    await grantAccess(portal(), owner, stranger, 'gestao', [farm.id]);
    const edit = await portal().request('POST', '/api/registersilo', { token: stranger.token, body });
    expect(edit.status).toBe(200);
    expect(edit.body.prop).toBe(owner.user.id);
    // A farm outside the grant is not a farm this grantee can put a silo on.
    const elsewhere = await portal().request('POST', '/api/registersilo', { token: stranger.token, body: { ...body, id: undefined, nucleo_id: other.id } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors[0]).toMatchObject({ field: 'nucleo_id', code: 'FIELD_INVALID' });
    expect((await portal().request('POST', '/api/delsilo', { token: stranger.token, body: { idsilo: hidden.id, prop: owner.user.id } })).status).toBe(404);
    const added = await portal().request('POST', '/api/registersilo', { token: stranger.token, body: { ...body, id: undefined, nome: 'Novo' } });
    expect(added.status).toBe(200);
    expect((await portal().request('GET', '/api/getsilo', { token: owner.token })).body).toHaveLength(3);
  });
});
