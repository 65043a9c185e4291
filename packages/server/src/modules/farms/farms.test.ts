import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect('farms (nucleos)', (portal) => {
  it('creates, lists, reads, updates and deletes a farm with its houses', async () => {
    const account = await createAccount(portal());
    const created = await createNucleo(portal(), account, { nome: 'Núcleo Boa Vista', latitude: -27.1, longitude: -52.6 });
    expect(created).toMatchObject({ nome: 'Núcleo Boa Vista', tipo: 'granja', prop: account.user.id, latitude: -27.1, lotes_ativos: 0 });
    expect(created.aviarios.map((house) => [house.nome, house.lados, house.boxes])).toEqual([['Aviário 1', 2, 4], ['Aviário 2', 2, 4]]);

    const list = await portal().request('GET', '/api/getnucleo', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created]);
    const one = await portal().request('GET', `/api/getnucleo?id=${created.id}`, { token: account.token });
    expect(one.body).toEqual(created);

    const [first] = created.aviarios;
    const updated = await portal().request('POST', '/api/registernucleo', {
      token: account.token,
      body: { id: created.id, nome: 'Núcleo Boa Vista II', aviarios: [{ id: first!.id, nome: 'Aviário 1A', lados: 1, boxes: 0 }, { nome: 'Aviário 3' }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.nome).toBe('Núcleo Boa Vista II');
    expect(updated.body.cidade).toBe('');
    expect(updated.body.aviarios.map((house: { id: number; nome: string }) => house.nome)).toEqual(['Aviário 1A', 'Aviário 3']);
    expect(updated.body.aviarios[0].id).toBe(first!.id);

    const houses = await portal().request('POST', '/api/updatenucleomanual', {
      token: account.token,
      body: { idnucleo: created.id, aviarios: [{ nome: 'Galpão único', lados: 2, boxes: 10 }] },
    });
    expect(houses.status).toBe(200);
    expect(houses.body.nome).toBe('Núcleo Boa Vista II');
    expect(houses.body.aviarios).toHaveLength(1);

    const deleted = await portal().request('POST', '/api/delnucleo', { token: account.token, body: { idnucleo: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    const gone = await portal().request('GET', `/api/getnucleo?id=${created.id}`, { token: account.token });
    expect(gone.status).toBe(404);
    expect((await portal().request('GET', '/api/getnucleo', { token: account.token })).body).toEqual([]);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const account = await createAccount(portal());
    const cases = [
      [{ nome: '' }, 'nome', 'FIELD_REQUIRED'],
      [{ nome: 'A', latitude: 91 }, 'latitude', 'FIELD_OUT_OF_RANGE'],
      [{ nome: 'A', tipo: 'fazenda' }, 'tipo', 'FIELD_INVALID'],
      [{ nome: 'A', aviarios: [{ nome: 'X', lados: 5 }] }, 'aviarios.0.lados', 'FIELD_OUT_OF_RANGE'],
      [{ nome: 'A', aviarios: [{ nome: 'X' }, { nome: 'x' }] }, 'aviarios', 'DUPLICATE_NAME'],
      [{ nome: 'A\u0000B' }, 'nome', 'FIELD_INVALID_CHARACTERS'],
    ] as const;
    for (const [body, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registernucleo', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ field, code });
    }
    await createNucleo(portal(), account, { nome: 'Único' });
    const duplicate = await portal().request('POST', '/api/registernucleo', { token: account.token, body: { nome: 'ÚNICO' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0]).toMatchObject({ field: 'nome', code: 'DUPLICATE_NAME' });
    const list = await portal().request('GET', '/api/getnucleo', { token: account.token });
    expect(list.body).toHaveLength(1);
  });

  it("keeps another owner's farms out of reach unless granted, and a read grant cannot write", async () => {
    const owner = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const other = await createNucleo(portal(), owner);

    expect((await portal().request('GET', `/api/getnucleo?id=${farm.id}`, { token: stranger.token })).status).toBe(404);
    expect((await portal().request('GET', `/api/getnucleo?prop=${owner.user.id}`, { token: stranger.token })).status).toBe(404);
    expect((await portal().request('POST', '/api/delnucleo', { token: stranger.token, body: { idnucleo: farm.id } })).status).toBe(404);
    expect((await portal().request('POST', '/api/registernucleo', { token: stranger.token, body: { id: farm.id, nome: 'Tomado' } })).status).toBe(404);

    await grantAccess(portal(), owner, stranger, 'leitura', [farm.id]);
    const seen = await portal().request('GET', `/api/getnucleo?prop=${owner.user.id}`, { token: stranger.token });
    expect(seen.body.map((item: { id: number }) => item.id)).toEqual([farm.id]);
    expect((await portal().request('GET', `/api/getnucleo?id=${other.id}&prop=${owner.user.id}`, { token: stranger.token })).status).toBe(404);
    const write = await portal().request('POST', '/api/registernucleo', { token: stranger.token, body: { id: farm.id, prop: owner.user.id, nome: 'Mudado' } });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('FORBIDDEN');

    await grantAccess(portal(), owner, stranger, 'gestao', [farm.id]);
    const edit = await portal().request('POST', '/api/registernucleo', { token: stranger.token, body: { id: farm.id, prop: owner.user.id, nome: 'Mudado' } });
    expect(edit.status).toBe(200);
    expect(edit.body.prop).toBe(owner.user.id);
    // A grant over some farms edits those; adding a farm needs a grant over all the data.
    const add = await portal().request('POST', '/api/registernucleo', { token: stranger.token, body: { prop: owner.user.id, nome: 'Novo' } });
    expect(add.status).toBe(403);
    const ownList = await portal().request('GET', '/api/getnucleo', { token: stranger.token });
    expect(ownList.body).toEqual([]);
  });

  it('refuses to drop a house that other records use', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const houseId = farm.aviarios[0]!.id;
    await portal().database.db.insertInto('devices').values({
      owner_id: account.user.id, modelo: 'CS', serie: `S-${houseId}`, chip_id: 'AB', versao: '', nome: '', nucleo_id: farm.id, aviario_id: houseId,
      obs: '', credential_user: `cs-${houseId}-${Date.now()}`, credential_hash: 'x', last_contact_at: null, created_at: 1, updated_at: 1,
    }).execute();
    const dropped = await portal().request('POST', '/api/updatenucleomanual', { token: account.token, body: { idnucleo: farm.id, aviarios: [] } });
    expect(dropped.status).toBe(409);
    expect(dropped.body.code).toBe('RECORD_IN_USE');
    const refused = await portal().request('POST', '/api/delnucleo', { token: account.token, body: { idnucleo: farm.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RECORD_IN_USE');
    expect((await portal().request('GET', `/api/getnucleo?id=${farm.id}`, { token: account.token })).body.aviarios).toHaveLength(2);
  });
});
