import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createPontoColeta } from '../../test/factories/collection-points.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { describeEachDialect } from '../../test/harness.js';
import { collectionPointsRepository } from './collection-points.repository.js';

describeEachDialect('collection points', (portal) => {
  it('creates, lists, reads, updates and deletes a collection point with its collectors', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const house = farm.aviarios[0]!;
    const first = await insertDevice(portal(), account, 'COLETOR', { nome: 'Coletor A' });
    const second = await insertDevice(portal(), account, 'COLETOR', { nome: 'Coletor B' });
    const created = await createPontoColeta(portal(), account, {
      nome: 'Ponto Galpão 1',
      nucleo_id: farm.id,
      aviario_id: house.id,
      serie_coletores: ` ${second.serie} || ${first.serie} `,
      obs: 'Entrada',
    });
    expect(created).toMatchObject({
      nome: 'Ponto Galpão 1',
      prop: account.user.id,
      nucleo_id: farm.id,
      nucleo_nome: farm.nome,
      aviario_id: house.id,
      aviario_nome: house.nome,
      serie_coletores: `${second.serie}|${first.serie}`,
      coletores: [
        { device_id: second.id, serie: second.serie, nome: 'Coletor B' },
        { device_id: first.id, serie: first.serie, nome: 'Coletor A' },
      ],
      obs: 'Entrada',
    });

    const list = await portal().request('GET', '/api/getpontocoleta', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created]);
    expect((await portal().request('GET', `/api/getpontocoleta?id=${created.id}`, { token: account.token })).body).toEqual(created);

    const updated = await portal().request('POST', '/api/registerpontocoleta', {
      token: account.token,
      body: { id: created.id, nome: 'Ponto sem núcleo', serie_coletores: first.serie },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ nucleo_id: null, nucleo_nome: null, aviario_id: null, aviario_nome: null, serie_coletores: first.serie, obs: '' });
    expect(updated.body.coletores).toEqual([{ device_id: first.id, serie: first.serie, nome: 'Coletor A' }]);

    const deleted = await portal().request('POST', '/api/delpontocoleta', { token: account.token, body: { idponto: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    expect((await portal().request('GET', `/api/getpontocoleta?id=${created.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getpontocoleta', { token: account.token })).body).toEqual([]);
  });

  it('refuses a serial that is not a collector of the owner, naming it, and stores nothing', async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const collector = await insertDevice(portal(), account, 'COLETOR');
    const notACollector = await insertDevice(portal(), account, 'CS');
    const strangersCollector = await insertDevice(portal(), stranger, 'COLETOR');
    for (const unknown of [notACollector.serie, strangersCollector.serie, 'NAO-EXISTE_1.0', collector.serie.toLowerCase()]) {
      const answer = await portal().request('POST', '/api/registerpontocoleta', {
        token: account.token,
        body: { nome: 'P', serie_coletores: `${collector.serie}|${unknown}|OUTRO-DESCONHECIDO` },
      });
      expect(answer.status, unknown).toBe(400);
      expect(answer.body.code).toBe('COLLECTOR_NOT_FOUND');
      expect(answer.body.errors).toEqual([
        { field: 'serie_coletores', code: 'COLLECTOR_NOT_FOUND', msg: `A serial in the list is not a collector (COLETOR) registered to this owner: ${unknown}` },
      ]);
    }
    expect((await portal().request('GET', '/api/getpontocoleta', { token: account.token })).body).toEqual([]);
  });

  it('refuses bad input with field errors', async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const otherFarm = await createNucleo(portal(), account);
    const strangersFarm = await createNucleo(portal(), stranger);
    const collector = await insertDevice(portal(), account, 'COLETOR');
    const valid = { nome: 'P', serie_coletores: collector.serie };
    const cases = [
      [{ ...valid, nome: '' }, 400, 'nome', 'FIELD_REQUIRED'],
      [{ ...valid, serie_coletores: ' | ' }, 400, 'serie_coletores', 'FIELD_REQUIRED'],
      [{ ...valid, serie_coletores: 'A B' }, 400, 'serie_coletores', 'FIELD_INVALID'],
      [{ ...valid, serie_coletores: `${collector.serie}|${collector.serie}` }, 400, 'serie_coletores', 'FIELD_INVALID'],
      [{ ...valid, nucleo_id: strangersFarm.id }, 400, 'nucleo_id', 'FIELD_INVALID'],
      [{ ...valid, nucleo_id: farm.id, aviario_id: otherFarm.aviarios[0]!.id }, 400, 'aviario_id', 'FIELD_INVALID'],
      [{ ...valid, aviario_id: farm.aviarios[0]!.id }, 400, 'aviario_id', 'FIELD_INVALID'],
      [{ ...valid, id: 2_000_000_000 }, 404, undefined, undefined],
    ] as const;
    for (const [body, status, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registerpontocoleta', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (field) expect(answer.body.errors[0], JSON.stringify(body)).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', '/api/getpontocoleta', { token: account.token })).body).toEqual([]);
  });

  it('tells the devices module when a point lists a collector', async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const listed = await insertDevice(portal(), account, 'COLETOR', { serie: `C_${Date.now()}` });
    const similar = await insertDevice(portal(), account, 'COLETOR', { serie: `CX${listed.serie.slice(2)}` });
    const strangers = await insertDevice(portal(), stranger, 'COLETOR');
    await createPontoColeta(portal(), account, { serie_coletores: listed.serie });
    const repository = collectionPointsRepository(portal().database.db);
    const collector = (device: { serie: string }, owner: typeof account) => ({ owner_id: owner.user.id, modelo: 'COLETOR', serie: device.serie });
    expect(await repository.usingDevice(collector(listed, account))).toBe(true);
    expect(await repository.usingDevice(collector(similar, account))).toBe(false);
    expect(await repository.usingDevice(collector(strangers, stranger))).toBe(false);
  });

  it("keeps another owner's points out of reach; a farm grant sees its farm's points, not those on no farm", async () => {
    const owner = await createAccount(portal());
    const grantee = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const other = await createNucleo(portal(), owner);
    const here = await insertDevice(portal(), owner, 'COLETOR', { nucleo_id: farm.id });
    const there = await insertDevice(portal(), owner, 'COLETOR', { nucleo_id: other.id });
    const point = await createPontoColeta(portal(), owner, { nucleo_id: farm.id, serie_coletores: `${here.serie}|${there.serie}` });
    const elsewhere = await createPontoColeta(portal(), owner, { nucleo_id: other.id, serie_coletores: there.serie });
    const farmless = await createPontoColeta(portal(), owner, { serie_coletores: here.serie });
    const prop = owner.user.id;
    const body = { id: point.id, prop, nome: 'Mudado', nucleo_id: farm.id, serie_coletores: point.serie_coletores };

    expect((await portal().request('GET', `/api/getpontocoleta?id=${point.id}`, { token: grantee.token })).status).toBe(404);
    expect((await portal().request('GET', `/api/getpontocoleta?prop=${prop}`, { token: grantee.token })).status).toBe(404);
    expect((await portal().request('POST', '/api/delpontocoleta', { token: grantee.token, body: { idponto: point.id } })).status).toBe(404);

    await grantAccess(portal(), owner, grantee, 'leitura', [farm.id]);
    const seen = await portal().request('GET', `/api/getpontocoleta?prop=${prop}`, { token: grantee.token });
    expect(seen.body.map((item: { id: number }) => item.id)).toEqual([point.id]);
    for (const hidden of [elsewhere, farmless]) {
      expect((await portal().request('GET', `/api/getpontocoleta?id=${hidden.id}&prop=${prop}`, { token: grantee.token })).status).toBe(404);
    }
    const write = await portal().request('POST', '/api/registerpontocoleta', { token: grantee.token, body });
    expect(write.status).toBe(403);

    await grantAccess(portal(), owner, grantee, 'gestao', [farm.id]);
    // The collector on the other farm was already on the point: it may stay.
    expect((await portal().request('POST', '/api/registerpontocoleta', { token: grantee.token, body })).status).toBe(200);
    const added = await portal().request('POST', '/api/registerpontocoleta', { token: grantee.token, body: { ...body, id: undefined, serie_coletores: there.serie } });
    expect(added.status).toBe(400);
    expect(added.body.errors[0]).toMatchObject({ field: 'serie_coletores', code: 'COLLECTOR_NOT_FOUND' });
    const noFarm = await portal().request('POST', '/api/registerpontocoleta', { token: grantee.token, body: { ...body, nucleo_id: null } });
    expect(noFarm.status).toBe(403);
    expect((await portal().request('POST', '/api/delpontocoleta', { token: grantee.token, body: { idponto: farmless.id, prop } })).status).toBe(404);
    expect((await portal().request('POST', '/api/delpontocoleta', { token: grantee.token, body: { idponto: point.id, prop } })).status).toBe(200);

    await grantAccess(portal(), owner, grantee, 'leitura');
    const all = await portal().request('GET', `/api/getpontocoleta?prop=${prop}`, { token: grantee.token });
    expect(all.body.map((item: { id: number }) => item.id).sort()).toEqual([elsewhere.id, farmless.id].sort());
  });
});
