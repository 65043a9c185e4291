import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createFumigador } from '../../test/factories/fumigators.js';
import { describeEachDialect } from '../../test/harness.js';
import { fumigatorsRepository } from './fumigators.repository.js';

describeEachDialect('fumigators', (portal) => {
  it('creates, lists, reads, updates and deletes a fumigator with its dosing settings', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const house = farm.aviarios[1]!;
    const doser = await insertDevice(portal(), account, 'DOSADORP', { serie: `DP-${Date.now()}` });
    const created = await createFumigador(portal(), account, farm, {
      nome: 'Nebulizador 1',
      aviario_id: house.id,
      device_id: doser.id,
      dose_ml: 120.5,
      volume_agua_l: 20,
      duracao_min: 15,
      horarios: ['14:00', '06:30', '22:15'],
      obs: 'Linha de bebedouros',
    });
    expect(created).toMatchObject({
      nome: 'Nebulizador 1',
      prop: account.user.id,
      nucleo_id: farm.id,
      nucleo_nome: farm.nome,
      aviario_id: house.id,
      aviario_nome: house.nome,
      device_id: doser.id,
      device_nome: `DOSADORP ${doser.serie}`,
      produto: 'Glutaraldeído',
      dose_ml: 120.5,
      volume_agua_l: 20,
      duracao_min: 15,
      horarios: ['06:30', '14:00', '22:15'],
      ativo: true,
      obs: 'Linha de bebedouros',
    });
    const stored = await portal().database.db.selectFrom('fumigadores').select(['horarios', 'ativo']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ horarios: '06:30|14:00|22:15', ativo: 1 });

    const list = await portal().request('GET', '/api/getfumigador', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created]);
    expect((await portal().request('GET', `/api/getfumigador?id=${created.id}`, { token: account.token })).body).toEqual(created);

    // The dosador screen saves the settings through the same call.
    const updated = await portal().request('POST', '/api/registerfumigador', {
      token: account.token,
      body: { id: created.id, nome: 'Nebulizador 1', nucleo_id: farm.id, device_id: doser.id, ativo: false, horarios: [] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ aviario_id: null, aviario_nome: null, produto: '', dose_ml: 0, volume_agua_l: null, duracao_min: 0, horarios: [], ativo: false });

    const deleted = await portal().request('POST', '/api/delfumigador', { token: account.token, body: { idfumigador: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    expect((await portal().request('GET', `/api/getfumigador?id=${created.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getfumigador', { token: account.token })).body).toEqual([]);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const otherFarm = await createNucleo(portal(), account);
    const strangersFarm = await createNucleo(portal(), stranger);
    const scale = await insertDevice(portal(), account, 'BSILO');
    const strangersDoser = await insertDevice(portal(), stranger, 'DOSADOR');
    const valid = { nome: 'F', nucleo_id: farm.id };
    const cases = [
      [{ ...valid, nome: '' }, 400, 'nome', 'FIELD_REQUIRED'],
      [{ ...valid, horarios: ['25:00'] }, 400, 'horarios.0', 'FIELD_INVALID'],
      [{ ...valid, horarios: ['08:00', '08:00'] }, 400, 'horarios', 'FIELD_INVALID'],
      [{ ...valid, dose_ml: -1 }, 400, 'dose_ml', 'FIELD_OUT_OF_RANGE'],
      [{ ...valid, duracao_min: 1441 }, 400, 'duracao_min', 'FIELD_OUT_OF_RANGE'],
      [{ ...valid, ativo: 'sim' }, 400, 'ativo', 'FIELD_INVALID'],
      [{ ...valid, nucleo_id: strangersFarm.id }, 400, 'nucleo_id', 'FIELD_INVALID'],
      [{ ...valid, aviario_id: otherFarm.aviarios[0]!.id }, 400, 'aviario_id', 'FIELD_INVALID'],
      [{ ...valid, device_id: scale.id }, 400, 'device_id', 'DEVICE_MODEL_NOT_ALLOWED'],
      [{ ...valid, device_id: strangersDoser.id }, 400, 'device_id', 'FIELD_INVALID'],
      [{ ...valid, id: 2_000_000_000 }, 404, undefined, undefined],
    ] as const;
    for (const [body, status, field, code] of cases) {
      const answer = await portal().request('POST', '/api/registerfumigador', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (field) expect(answer.body.errors[0], JSON.stringify(body)).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', '/api/getfumigador', { token: account.token })).body).toEqual([]);
  });

  it('tells the devices module when a doser drives a fumigator', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const doser = await insertDevice(portal(), account, 'DOSADOR', { nome: 'Dosador galpão' });
    const spare = await insertDevice(portal(), account, 'DOSADOR');
    const fumigador = await createFumigador(portal(), account, farm, { device_id: doser.id });
    expect(fumigador.device_nome).toBe('Dosador galpão');
    const repository = fumigatorsRepository(portal().database.db);
    expect(await repository.usingDevice(doser.id)).toBe(true);
    expect(await repository.usingDevice(spare.id)).toBe(false);
  });

  it("keeps another owner's fumigators out of reach unless granted, and a read grant cannot write", async () => {
    const owner = await createAccount(portal());
    const grantee = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const other = await createNucleo(portal(), owner);
    const fumigador = await createFumigador(portal(), owner, farm);
    const hidden = await createFumigador(portal(), owner, other);
    const doserElsewhere = await insertDevice(portal(), owner, 'DOSADOR', { nucleo_id: other.id });
    const prop = owner.user.id;
    const body = { id: fumigador.id, prop, nome: 'Mudado', nucleo_id: farm.id };

    expect((await portal().request('GET', `/api/getfumigador?id=${fumigador.id}`, { token: grantee.token })).status).toBe(404);
    expect((await portal().request('GET', `/api/getfumigador?prop=${prop}`, { token: grantee.token })).status).toBe(404);
    expect((await portal().request('POST', '/api/delfumigador', { token: grantee.token, body: { idfumigador: fumigador.id } })).status).toBe(404);

    await grantAccess(portal(), owner, grantee, 'leitura', [farm.id]);
    const seen = await portal().request('GET', `/api/getfumigador?prop=${prop}`, { token: grantee.token });
    expect(seen.body.map((item: { id: number }) => item.id)).toEqual([fumigador.id]);
    expect((await portal().request('GET', `/api/getfumigador?id=${hidden.id}&prop=${prop}`, { token: grantee.token })).status).toBe(404);
    const write = await portal().request('POST', '/api/registerfumigador', { token: grantee.token, body });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('FORBIDDEN');

    await grantAccess(portal(), owner, grantee, 'gestao', [farm.id]);
    expect((await portal().request('POST', '/api/registerfumigador', { token: grantee.token, body })).status).toBe(200);
    // A device on a farm outside the grant is out of reach too.
    const device = await portal().request('POST', '/api/registerfumigador', { token: grantee.token, body: { ...body, device_id: doserElsewhere.id } });
    expect(device.status).toBe(400);
    expect(device.body.errors[0]).toMatchObject({ field: 'device_id', code: 'FIELD_INVALID' });
    expect((await portal().request('POST', '/api/delfumigador', { token: grantee.token, body: { idfumigador: hidden.id, prop } })).status).toBe(404);
    expect((await portal().request('POST', '/api/delfumigador', { token: grantee.token, body: { idfumigador: fumigador.id, prop } })).status).toBe(200);
  });
});
