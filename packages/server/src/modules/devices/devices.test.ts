import { DEVICE_MODELS } from '@portal/shared';
import { expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createDevice, uniqueSerial } from '../../test/factories/devices.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';
import { testServices } from '../../test/services.js';

/** The service the MQTT broker will use, on the portal's own database. */
const serviceOf = (portal: TestPortal) => testServices(portal).devices;

describeEachDialect('devices', (portal) => {
  it('registers, lists, reads, updates and deletes a device, showing its secret only when issued', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const house = farm.aviarios[1]!;
    const serie = uniqueSerial('Cs');
    const created = await createDevice(portal(), account, { serie, nucleo_id: farm.id, aviario_id: house.id, versao: '2.1' });
    expect(created).toMatchObject({
      prop: account.user.id, modelo: 'CS', serie, chip_id: 'ESP32-A1', versao: '2.1', icone: 'device-icons/cs.svg',
      nucleo_id: farm.id, nucleo_nome: farm.nome, aviario_id: house.id, aviario_nome: house.nome, ultimo_contato: null,
    });
    expect(created.credencial!.usuario).toBe(`cs-${serie.toLowerCase()}`);
    expect(created.credencial!.senha).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await serviceOf(portal()).verifyDeviceCredential(created.credencial!.usuario, created.credencial!.senha)).toMatchObject({ id: created.id, owner_id: account.user.id });

    const selector = await createDevice(portal(), account, { modelo: 'PS/SEL', serie: 'A-2', chip_id: '' });
    const first = await createDevice(portal(), account, { modelo: 'BSILO', serie: 'Z9' });
    const second = await createDevice(portal(), account, { modelo: 'BSILO', serie: 'B-1' });
    const list = await portal().request('GET', '/api/getdevice', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body.map((item: { id: number }) => item.id)).toEqual([second.id, first.id, created.id, selector.id]);
    expect(list.body.every((item: object) => !('credencial' in item))).toBe(true);
    const { credencial: _credencial, ...record } = created;
    const one = await portal().request('GET', `/api/getdevice?id=${created.id}`, { token: account.token });
    expect(one.body).toEqual(record);

    const updated = await portal().request('POST', '/api/updatedevice', {
      token: account.token,
      body: { iddevice: created.id, modelo: 'FC', serie: 'OTHER', nome: 'Balança 2', chip_id: 'ESP32-B2', nucleo_id: farm.id },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ modelo: 'CS', serie, nome: 'Balança 2', chip_id: 'ESP32-B2', aviario_id: null, versao: '' });
    expect(updated.body.credencial).toBeUndefined();

    const renewed = await portal().request('POST', '/api/updatedevice', {
      token: account.token,
      body: { iddevice: created.id, chip_id: 'ESP32-B2', nucleo_id: farm.id, renovar_credencial: true },
    });
    expect(renewed.body.credencial.usuario).toBe(created.credencial!.usuario);
    expect(renewed.body.credencial.senha).not.toBe(created.credencial!.senha);
    const service = serviceOf(portal());
    expect(await service.verifyDeviceCredential(created.credencial!.usuario, created.credencial!.senha)).toBeNull();
    expect(await service.verifyDeviceCredential(created.credencial!.usuario, renewed.body.credencial.senha)).not.toBeNull();

    const conn = await portal().request('GET', `/api/getdevice_conn?id=${created.id}`, { token: account.token });
    expect(conn.body).toEqual({
      iddevice: created.id, protocolo: 'mqtt-texto-v1', host: 'portal.test', porta: expect.any(Number), tls: false, usuario: created.credencial!.usuario,
      client_id: `CS-${serie}`, topico_dados: `portal/CS/${serie}/dados`, topico_comandos: `portal/CS/${serie}/cmd`, ultimo_contato: null,
    });
    const slashModel = await portal().request('GET', `/api/getdevice_conn?id=${selector.id}`, { token: account.token });
    expect(slashModel.body).toMatchObject({ usuario: 'ps-sel-a-2', client_id: 'PS/SEL-A-2', topico_dados: 'portal/PS-SEL/A-2/dados' });

    const deleted = await portal().request('POST', '/api/deldevice', { token: account.token, body: { iddevice: created.id } });
    expect(deleted.body).toEqual({ ok: true, id: created.id });
    expect((await portal().request('GET', `/api/getdevice?id=${created.id}`, { token: account.token })).status).toBe(404);
    expect((await portal().request('GET', '/api/getdevice', { token: account.token })).body).toHaveLength(3);
  });

  it('lists the 18 models with icons and the one protocol spoken', async () => {
    const account = await createAccount(portal());
    const types = await portal().request('GET', '/api/getdevice_type', { token: account.token });
    expect(types.body.map((type: { modelo: string }) => type.modelo)).toEqual([...DEVICE_MODELS]);
    expect(types.body.find((type: { modelo: string }) => type.modelo === 'PS/SEL')).toEqual({ modelo: 'PS/SEL', icone: 'device-icons/ps-sel.svg', ao_vivo: false });
    expect(types.body.filter((type: { ao_vivo: boolean }) => type.ao_vivo)).toHaveLength(8);
    const protocols = await portal().request('GET', '/api/getprotocolos', { token: account.token });
    expect(protocols.body).toEqual([
      {
        id: 'mqtt-texto-v1', transporte: 'mqtt', separadores: ['|', '$'], modelos: [...DEVICE_MODELS],
        topico_dados: 'portal/{modelo}/{serie}/dados', topico_comandos: 'portal/{modelo}/{serie}/cmd', comandos: ['update', 'foto'],
      },
    ]);
    expect((await portal().request('GET', '/api/getdevice_type')).status).toBe(401);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const account = await createAccount(portal());
    const stranger = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const otherFarm = await createNucleo(portal(), account);
    const strangersFarm = await createNucleo(portal(), stranger);
    const cases = [
      [{ modelo: 'XYZ', serie: 'A1' }, 'modelo', 'FIELD_INVALID', 400],
      [{ modelo: 'FC', serie: '' }, 'serie', 'FIELD_REQUIRED', 400],
      [{ modelo: 'FC', serie: 'A 1' }, 'serie', 'FIELD_INVALID', 400],
      [{ modelo: 'CS', serie: 'A1' }, 'chip_id', 'CHIP_ID_REQUIRED', 400],
      [{ modelo: 'COLETOR', serie: 'A1', chip_id: 'X' }, 'chip_id', 'CHIP_ID_REQUIRED', 400],
      [{ modelo: 'FC', serie: 'A1', chave: 'abc' }, 'chave', 'KEY_INVALID', 400],
      [{ modelo: 'FC', serie: 'A1', nucleo_id: strangersFarm.id }, 'nucleo_id', 'FIELD_INVALID', 400],
      [{ modelo: 'FC', serie: 'A1', nucleo_id: farm.id, aviario_id: otherFarm.aviarios[0]!.id }, 'aviario_id', 'FIELD_INVALID', 400],
      [{ modelo: 'FC', serie: 'A1', aviario_id: farm.aviarios[0]!.id }, 'aviario_id', 'FIELD_INVALID', 400],
    ] as const;
    for (const [body, field, code, status] of cases) {
      const answer = await portal().request('POST', '/api/registerdevice', { token: account.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.errors[0], JSON.stringify(body)).toMatchObject({ field, code });
    }
    expect((await portal().request('GET', '/api/getdevice', { token: account.token })).body).toEqual([]);

    // A model and serial belong to one account only, whatever the case of the serial.
    const taken = await createDevice(portal(), stranger, { modelo: 'FC', serie: uniqueSerial('Fc') });
    const again = await portal().request('POST', '/api/registerdevice', { token: account.token, body: { modelo: 'FC', serie: taken.serie.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ field: 'serie', code: 'DEVICE_ALREADY_REGISTERED' });
    const otherModel = await createDevice(portal(), account, { modelo: 'SEQFC', serie: taken.serie });
    expect(otherModel.serie).toBe(taken.serie);

    const live = await createDevice(portal(), account);
    const noChip = await portal().request('POST', '/api/updatedevice', { token: account.token, body: { iddevice: live.id, chip_id: 'X', nome: 'Mudou' } });
    expect(noChip.status).toBe(400);
    expect(noChip.body.errors[0]).toMatchObject({ field: 'chip_id', code: 'CHIP_ID_REQUIRED' });
    const badFarm = await portal().request('POST', '/api/updatedevice', { token: account.token, body: { iddevice: live.id, chip_id: 'AB', nucleo_id: strangersFarm.id } });
    expect(badFarm.body.errors[0]).toMatchObject({ field: 'nucleo_id', code: 'FIELD_INVALID' });
    expect((await portal().request('GET', `/api/getdevice?id=${live.id}`, { token: account.token })).body).toMatchObject({ nome: live.nome, chip_id: live.chip_id });
    expect((await portal().request('GET', '/api/getdevice_conn', { token: account.token })).status).toBe(400);
  });

  it('refuses to delete a device that a silo, fumigator, collection point or chart uses', async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const db = portal().database.db;
    const stamps = { created_at: 1, updated_at: 1 };
    const refused = async (deviceId: number) => {
      const answer = await portal().request('POST', '/api/deldevice', { token: account.token, body: { iddevice: deviceId } });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('RECORD_IN_USE');
      expect((await portal().request('GET', `/api/getdevice?id=${deviceId}`, { token: account.token })).status).toBe(200);
    };

    const siloScale = await createDevice(portal(), account, { modelo: 'SILO', serie: uniqueSerial() });
    await db.insertInto('silos').values({ owner_id: account.user.id, nucleo_id: farm.id, nome: 'Silo 1', capacidade_hg: 100, tipo_racao: '', device_id: siloScale.id, obs: '', ...stamps }).execute();
    await refused(siloScale.id);

    const doser = await createDevice(portal(), account, { modelo: 'DOSADOR', serie: uniqueSerial() });
    await db.insertInto('fumigadores').values({
      owner_id: account.user.id, nucleo_id: farm.id, aviario_id: null, device_id: doser.id, nome: 'F', produto: 'P', dose_ml: 1,
      volume_agua_l: null, duracao_min: 5, horarios: '08:00', ativo: 1, obs: '', ...stamps,
    }).execute();
    await refused(doser.id);

    const charted = await createDevice(portal(), account, { modelo: 'FC', serie: uniqueSerial() });
    const chart = await db.insertInto('graficos').values({ owner_id: account.user.id, titulo: 'G', tipo: 'linha', periodo: '30d', data_inicio: null, data_fim: null, ...stamps }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('grafico_linhas').values({ grafico_id: chart.id, ordem: 0, tit: 'L', fonte: 'device', device_id: charted.id, lote_id: null, silo_id: null, padrao_id: null }).execute();
    await refused(charted.id);

    const collector = await createDevice(portal(), account, { modelo: 'COLETOR', serie: uniqueSerial('Col') });
    const lookalike = await createDevice(portal(), account, { modelo: 'COLETOR', serie: `${collector.serie}X` });
    await db.insertInto('pontos_coleta').values({ owner_id: account.user.id, nucleo_id: null, aviario_id: null, nome: 'P', serie_coletores: `OTHER|${collector.serie.toLowerCase()}`, obs: '', ...stamps }).execute();
    await refused(collector.id);
    expect((await portal().request('POST', '/api/deldevice', { token: account.token, body: { iddevice: lookalike.id } })).status).toBe(200);
    // A collector's serial in a list matters only for collectors.
    const scale = await createDevice(portal(), account, { modelo: 'FC', serie: 'OTHER' });
    expect((await portal().request('POST', '/api/deldevice', { token: account.token, body: { iddevice: scale.id } })).status).toBe(200);
  });

  it("keeps another owner's devices out of reach, a read grant cannot write, a farm grant sees its farms' devices", async () => {
    const owner = await createAccount(portal());
    const other = await createAccount(portal());
    const farm = await createNucleo(portal(), owner);
    const otherFarm = await createNucleo(portal(), owner);
    const onFarm = await createDevice(portal(), owner, { nucleo_id: farm.id });
    const onOtherFarm = await createDevice(portal(), owner, { nucleo_id: otherFarm.id });
    const accountWide = await createDevice(portal(), owner, { modelo: 'CAM', serie: uniqueSerial() });

    for (const [method, path, body] of [
      ['GET', `/api/getdevice?id=${onFarm.id}`, undefined],
      ['GET', `/api/getdevice_conn?id=${onFarm.id}`, undefined],
      ['GET', `/api/getdevice?prop=${owner.user.id}`, undefined],
      ['POST', '/api/updatedevice', { iddevice: onFarm.id, chip_id: 'AB' }],
      ['POST', '/api/deldevice', { iddevice: onFarm.id }],
    ] as const) {
      expect((await portal().request(method, path, { token: other.token, body })).status, path).toBe(404);
    }

    await grantAccess(portal(), owner, other, 'leitura', [farm.id]);
    const seen = await portal().request('GET', `/api/getdevice?prop=${owner.user.id}`, { token: other.token });
    expect(seen.body.map((item: { id: number }) => item.id)).toEqual([onFarm.id]);
    for (const hidden of [onOtherFarm.id, accountWide.id]) {
      expect((await portal().request('GET', `/api/getdevice?id=${hidden}&prop=${owner.user.id}`, { token: other.token })).status).toBe(404);
    }
    expect((await portal().request('GET', `/api/getdevice_conn?id=${onFarm.id}&prop=${owner.user.id}`, { token: other.token })).status).toBe(200);
    const write = await portal().request('POST', '/api/updatedevice', { token: other.token, body: { iddevice: onFarm.id, prop: owner.user.id, chip_id: 'AB', nucleo_id: farm.id } });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('FORBIDDEN');

    await grantAccess(portal(), owner, other, 'gestao', [farm.id]);
    const edit = await portal().request('POST', '/api/updatedevice', { token: other.token, body: { iddevice: onFarm.id, prop: owner.user.id, chip_id: 'AB', nucleo_id: farm.id, nome: 'Editado' } });
    expect(edit.status).toBe(200);
    expect(edit.body.prop).toBe(owner.user.id);
    const added = await portal().request('POST', '/api/registerdevice', { token: other.token, body: { prop: owner.user.id, modelo: 'FC', serie: uniqueSerial(), nucleo_id: farm.id } });
    expect(added.status).toBe(200);
    expect(added.body.prop).toBe(owner.user.id);
    // Outside the granted farms: a farm not granted is an invalid reference, no farm needs a whole-account grant.
    const elsewhere = await portal().request('POST', '/api/registerdevice', { token: other.token, body: { prop: owner.user.id, modelo: 'FC', serie: uniqueSerial(), nucleo_id: otherFarm.id } });
    expect(elsewhere.body.errors[0]).toMatchObject({ field: 'nucleo_id', code: 'FIELD_INVALID' });
    const noFarm = await portal().request('POST', '/api/registerdevice', { token: other.token, body: { prop: owner.user.id, modelo: 'FC', serie: uniqueSerial() } });
    expect(noFarm.status).toBe(403);
    const moveOut = await portal().request('POST', '/api/updatedevice', { token: other.token, body: { iddevice: onFarm.id, prop: owner.user.id, chip_id: 'AB' } });
    expect(moveOut.status).toBe(403);
    expect((await portal().request('GET', '/api/getdevice', { token: other.token })).body).toEqual([]);
    expect((await portal().request('GET', `/api/getdevice?prop=${owner.user.id}`, { token: owner.token })).body).toHaveLength(4);
  });
});
