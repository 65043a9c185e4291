import type { DeviceModel, DevupdtItem, FotosResponse, LeiturasResponse, Nucleo, RemoteDevice } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { fotosRepository } from './fotos.repository.js';
import { ensurePartitionsFor } from '../../db/dialect.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createTokenApi } from '../../test/factories/api-tokens.js';
import { insertDevice } from '../../test/factories/device-rows.js';
import { createNucleo, grantAccess } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { PESAGEM_DEFAULTS } from '../../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../../test/harness.js';

const MINUTE = 60_000;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');

describeEachDialect('live calls: devupdt, getremotelist, getleituras, getfotos, img_cs', (portal) => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let farmA: Nucleo;
  let farmB: Nucleo;
  /** Date.now() just before the portal's clock was frozen (frozen a few ms later at most). */
  let t0: number;
  const device = (modelo: DeviceModel, options: { nucleo_id?: number | null; nome?: string } = {}) => insertDevice(portal(), owner, modelo, options);
  const contact = (id: number, at: number | null, chipId?: string) =>
    portal().database.db.updateTable('devices').set({ last_contact_at: at, ...(chipId === undefined ? {} : { chip_id: chipId }) }).where('id', '=', id).execute();
  const call = <T>(account: TestAccount, method: 'GET' | 'POST', path: string, body?: unknown) => portal().request<T>(method, path, { token: account.token, body });

  beforeAll(async () => {
    t0 = Date.now();
    portal().freezeClock();
    owner = await createAccount(portal());
    stranger = await createAccount(portal());
    farmA = await createNucleo(portal(), owner);
    farmB = await createNucleo(portal(), owner);
  });

  it('devupdt: whole minutes since the last contact by the portal clock, null when never; 1440 after a day', async () => {
    const fresh = await device('CS');
    const dayMinusOne = await device('SELAUTO');
    const never = await device('BSILO');
    const ahead = await device('COLETOR');
    await contact(fresh.id, t0 - 5 * MINUTE - 30_000);
    await contact(dayMinusOne.id, t0 - 1439 * MINUTE);
    await contact(ahead.id, t0 + 10 * MINUTE);
    const body = {
      dispositivos: [
        { modelo: 'CS', serie: fresh.serie.toUpperCase() },
        { modelo: 'SELAUTO', serie: dayMinusOne.serie },
        { modelo: 'BSILO', serie: never.serie },
        { modelo: 'COLETOR', serie: ahead.serie },
        // The wrong model for the serial, and a serial nobody has: left out.
        { modelo: 'SELAVES', serie: fresh.serie },
        { modelo: 'CS', serie: 'NO-SUCH-DEVICE' },
      ],
    };
    const first = await call<DevupdtItem[]>(owner, 'POST', '/api/devupdt', body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([
      { modelo: 'CS', serie: fresh.serie.toUpperCase(), minutos: 5 },
      { modelo: 'SELAUTO', serie: dayMinusOne.serie, minutos: 1439 },
      { modelo: 'BSILO', serie: never.serie, minutos: null },
      { modelo: 'COLETOR', serie: ahead.serie, minutos: 0 },
    ]);
    portal().advanceClock(MINUTE);
    const later = await call<DevupdtItem[]>(owner, 'POST', '/api/devupdt', body);
    expect(later.body.map((item) => item.minutos)).toEqual([6, 1440, null, 0]);
    portal().advanceClock(-MINUTE);
  });

  it('devupdt takes the bare list of {modelo, serie} (spec section 7) and answers as the object form does', async () => {
    const seen = await device('SELAVES');
    const never = await device('BSILO');
    await contact(seen.id, t0 - 3 * MINUTE);
    const dispositivos = [
      { modelo: 'SELAVES', serie: seen.serie },
      { modelo: 'BSILO', serie: never.serie },
      { modelo: 'CS', serie: 'NO-SUCH-DEVICE' },
    ];
    const bare = await call<DevupdtItem[]>(owner, 'POST', '/api/devupdt', dispositivos);
    const wrapped = await call<DevupdtItem[]>(owner, 'POST', '/api/devupdt', { dispositivos });
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual([
      { modelo: 'SELAVES', serie: seen.serie, minutos: 3 },
      { modelo: 'BSILO', serie: never.serie, minutos: null },
    ]);
    expect(wrapped.body).toEqual(bare.body);
    expect((await call(owner, 'POST', '/api/devupdt', [])).body).toEqual([]);
    // The bare list is the caller's own devices: a stranger sending it learns nothing.
    expect((await call(stranger, 'POST', '/api/devupdt', dispositivos)).body).toEqual([]);
  });

  it('devupdt refuses a bad list in either form, naming the field, and stores nothing', async () => {
    const known = await device('CS');
    await contact(known.id, t0 - MINUTE);
    const before = await portal().database.db.selectFrom('devices').select(['id', 'last_contact_at']).where('id', '=', known.id).executeTakeFirstOrThrow();
    const refused = async (body: unknown) => {
      const answer = await call<{ code: string; errors?: Array<{ field: string; code: string }> }>(owner, 'POST', '/api/devupdt', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      return answer.body.errors?.map(({ field, code }) => `${field} ${code}`);
    };
    expect(await refused([{ modelo: 'TORRADEIRA', serie: known.serie }])).toEqual(['0.modelo FIELD_INVALID']);
    expect(await refused({ dispositivos: [{ modelo: 'TORRADEIRA', serie: known.serie }] })).toEqual(['dispositivos.0.modelo FIELD_INVALID']);
    expect(await refused([{ modelo: 'CS', serie: '' }])).toEqual(['0.serie FIELD_TOO_SHORT']);
    expect(await refused({ prop: owner.user.id })).toEqual(['dispositivos FIELD_INVALID']);
    const tooMany = Array.from({ length: 501 }, (_, index) => ({ modelo: 'CS', serie: `S${index}` }));
    expect(await refused(tooMany)).toEqual(['body FIELD_TOO_LONG']);
    expect(await refused({ dispositivos: tooMany })).toEqual(['dispositivos FIELD_TOO_LONG']);
    for (const body of [5, 'CS', null, [5]]) await refused(body);
    const after = await portal().database.db.selectFrom('devices').select(['id', 'last_contact_at']).where('id', '=', known.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("devupdt leaves out another account's devices and those outside a farm grant", async () => {
    const onA = await device('CS', { nucleo_id: farmA.id });
    const onB = await device('CS', { nucleo_id: farmB.id });
    const noFarm = await device('CS');
    const dispositivos = [onA, onB, noFarm].map(({ serie }) => ({ modelo: 'CS', serie }));
    // A stranger naming the owner's serials learns nothing; acting for the owner is refused.
    expect((await call(stranger, 'POST', '/api/devupdt', { dispositivos })).body).toEqual([]);
    expect((await call(stranger, 'POST', '/api/devupdt', { dispositivos, prop: owner.user.id })).status).toBe(404);

    const limited = await createAccount(portal());
    await grantAccess(portal(), owner, limited, 'leitura', [farmA.id]);
    const seen = await call<DevupdtItem[]>(limited, 'POST', '/api/devupdt', { dispositivos, prop: owner.user.id });
    expect(seen.body.map((item) => item.serie)).toEqual([onA.serie]);
    // Without prop the grantee reads its own account: none of these.
    expect((await call(limited, 'POST', '/api/devupdt', { dispositivos })).body).toEqual([]);
  });

  it('getremotelist: live models with a chip id, graders first, then by model and serial', async () => {
    const account = await createAccount(portal());
    const add = async (modelo: DeviceModel, serie: string, chipId = 'AB12', nucleoId: number | null = null) => {
      const row = await insertDevice(portal(), account, modelo, { serie, nucleo_id: nucleoId });
      await contact(row.id, t0 - 2 * MINUTE, chipId);
      return row;
    };
    const farm = await createNucleo(portal(), account);
    const tag = `${account.user.id}`;
    await add('CS', `R${tag}-B`, 'AB12', farm.id);
    await add('SELAVES', `R${tag}-A`);
    await add('BSILO', `R${tag}-C`);
    await add('SELAUTO', `R${tag}-D`);
    await add('CS', `R${tag}-A`);
    await add('DOSADOR', `R${tag}-E`); // not a live model
    await add('MCALHA', `R${tag}-F`, 'X'); // chip id too short
    const list = await call<RemoteDevice[]>(account, 'GET', '/api/getremotelist');
    expect(list.status).toBe(200);
    expect(list.body.map((item) => `${item.modelo} ${item.serie}`)).toEqual([
      `SELAUTO R${tag}-D`,
      `SELAVES R${tag}-A`,
      `BSILO R${tag}-C`,
      `CS R${tag}-A`,
      `CS R${tag}-B`,
    ]);
    expect(list.body[4]).toMatchObject({ chip_id: 'AB12', nucleo_nome: farm.nome, minutos: 2 });
    expect(list.body[0]).toMatchObject({ nucleo_nome: null, aviario_nome: null });
    expect((await call(stranger, 'GET', `/api/getremotelist?prop=${account.user.id}`)).status).toBe(404);
    expect((await call(stranger, 'GET', '/api/getremotelist')).body).toEqual([]);
  });

  it('getleituras: the last 50 weighings the device sent, newest first, in grams with the flock code', async () => {
    const scale = await device('CS', { nucleo_id: farmA.id });
    const other = await device('CS', { nucleo_id: farmA.id });
    const lote = await createLote(portal(), owner, farmA, { codigo: 'L-77' });
    const row = (seq: number, deviceId: number) => ({
      ...PESAGEM_DEFAULTS,
      owner_id: owner.user.id,
      nucleo_id: farmA.id,
      lote_id: seq % 2 === 0 ? lote.id : null,
      peso_dg: 15_000 + seq,
      importacao_id: null,
      device_id: deviceId,
      seq,
      created_at: t0,
    });
    await ensurePartitionsFor(portal().database, 'pesagens', [PESAGEM_DEFAULTS.data]);
    for (let seq = 1; seq <= 52; seq += 1) await portal().database.db.insertInto('pesagens').values(row(seq, scale.id)).execute();
    await portal().database.db.insertInto('pesagens').values(row(1, other.id)).execute();

    const answer = await call<LeiturasResponse>(owner, 'GET', `/api/getleituras?id=${scale.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.iddevice).toBe(scale.id);
    expect(answer.body.leituras).toEqual([]);
    expect(answer.body.pesagens).toHaveLength(50);
    expect(answer.body.pesagens.map((pesagem) => pesagem.seq)).toEqual(Array.from({ length: 50 }, (_, index) => 52 - index));
    expect(answer.body.pesagens[0]).toMatchObject({ peso: 1505.2, lote: 'L-77', data: PESAGEM_DEFAULTS.data, hora: PESAGEM_DEFAULTS.hora, aviario: PESAGEM_DEFAULTS.aviario });
    expect(answer.body.pesagens[1]).toMatchObject({ peso: 1505.1, lote: null });

    expect((await call(stranger, 'GET', `/api/getleituras?id=${scale.id}`)).status).toBe(404);
    expect((await call(stranger, 'GET', `/api/getleituras?id=${scale.id}&prop=${owner.user.id}`)).status).toBe(404);
    const limited = await createAccount(portal());
    await grantAccess(portal(), owner, limited, 'leitura', [farmB.id]);
    expect((await call(limited, 'GET', `/api/getleituras?id=${scale.id}&prop=${owner.user.id}`)).status).toBe(404);
    expect((await call(owner, 'GET', '/api/getleituras')).status).toBe(400);
  });

  describe('pictures', () => {
    let camera: { id: number };
    let fotoIds: Record<string, number>;
    let cookieOwner: string;

    beforeAll(async () => {
      camera = await device('CAM', { nucleo_id: farmA.id });
      const fotos = fotosRepository(portal().database.db);
      const at = (iso: string) => Date.parse(iso);
      // The owner is at UTC-3: 02:00Z on the 2nd is still the 1st there.
      const stored = [
        ['a', '2026-11-01T12:00:00Z', PNG, 'image/png'],
        ['b', '2026-11-02T02:00:00Z', JPEG, 'image/jpeg'],
        ['c', '2026-11-02T04:00:00Z', JPEG, 'image/jpeg'],
      ] as const;
      fotoIds = {};
      for (const [pedido, iso, bytes, mime] of stored) {
        fotoIds[pedido] = (await fotos.insert({ owner_id: owner.user.id, device_id: camera.id, pedido, mime, conteudo: bytes, created_at: at(iso) })).id;
      }
      const answer = await portal().request('GET', `/api/setcookie?api-token=${encodeURIComponent(owner.token)}`, {
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      cookieOwner = answer.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .join('; ');
    });

    it('getfotos: days with pictures in the reader’s timezone, and the pictures of the newest or the asked day', async () => {
      const newest = await call<FotosResponse>(owner, 'GET', `/api/getfotos?id=${camera.id}`);
      expect(newest.status).toBe(200);
      expect(newest.body.dias).toEqual([
        { data: '2026-11-02', fotos: 1 },
        { data: '2026-11-01', fotos: 2 },
      ]);
      expect(newest.body.fotos).toEqual([{ id: fotoIds.c, pedido: 'c', mime: 'image/jpeg', bytes: JPEG.length, em: '2026-11-02T04:00:00.000Z', url: `img_cs/${fotoIds.c}` }]);
      const first = await call<FotosResponse>(owner, 'GET', `/api/getfotos?id=${camera.id}&data=2026-11-01`);
      expect(first.body.fotos.map((foto) => foto.pedido)).toEqual(['b', 'a']);
      const empty = await call<FotosResponse>(owner, 'GET', `/api/getfotos?id=${camera.id}&data=2026-10-01`);
      expect(empty.body.fotos).toEqual([]);
      expect((await call(owner, 'GET', `/api/getfotos?id=${camera.id}&data=2026-02-30`)).status).toBe(400);
      expect((await call(stranger, 'GET', `/api/getfotos?id=${camera.id}`)).status).toBe(404);

      // In UTC the 02:00Z picture belongs to the 2nd.
      await call(owner, 'POST', '/api/updateuser', { timezone: 0 });
      const utc = await call<FotosResponse>(owner, 'GET', `/api/getfotos?id=${camera.id}`);
      expect(utc.body.dias).toEqual([
        { data: '2026-11-02', fotos: 2 },
        { data: '2026-11-01', fotos: 1 },
      ]);
      await call(owner, 'POST', '/api/updateuser', { timezone: -3 });
    });

    it('img_cs: the bytes with their type and a private day-long cache, by bearer token or session cookie', async () => {
      const byToken = await fetch(`${portal().baseUrl}/img_cs/${fotoIds.a}`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(byToken.status).toBe(200);
      expect(byToken.headers.get('content-type')).toBe('image/png');
      expect(byToken.headers.get('cache-control')).toBe('private, max-age=86400');
      expect(Buffer.from(await byToken.arrayBuffer())).toEqual(PNG);

      const byCookie = await fetch(`${portal().baseUrl}/img_cs/${fotoIds.b}`, { headers: { cookie: cookieOwner } });
      expect(byCookie.status).toBe(200);
      expect(Buffer.from(await byCookie.arrayBuffer())).toEqual(JPEG);
      expect((await fetch(`${portal().baseUrl}/img_cs/${fotoIds.b}`)).status).toBe(401);
    });

    it("img_cs: 404 to another account, a grant over another farm, and an unknown id; 200 to a grant over the camera's farm", async () => {
      const img = (account: TestAccount, id: number) => portal().request('GET', `/img_cs/${id}`, { token: account.token });
      expect((await img(stranger, fotoIds.a!)).status).toBe(404);
      expect((await img(stranger, fotoIds.a!)).body.code).toBe('NOT_FOUND');
      expect((await img(owner, 999_999_999)).status).toBe(404);
      const elsewhere = await createAccount(portal());
      await grantAccess(portal(), owner, elsewhere, 'leitura', [farmB.id]);
      expect((await img(elsewhere, fotoIds.a!)).status).toBe(404);
      const here = await createAccount(portal());
      await grantAccess(portal(), owner, here, 'leitura', [farmA.id]);
      expect((await img(here, fotoIds.a!)).status).toBe(200);
    });

    it("img_cs by an API token: the urls getfotos lists, within the token's farms; another owner's, a revoked token refused", async () => {
      const picture = (token: string, url: string) => fetch(`${portal().baseUrl}/${url}`, { headers: { authorization: `Bearer ${token}` } });
      const reader = await createTokenApi(portal(), owner, { escopo: 'leitura' });
      const listed = await portal().request<FotosResponse>('GET', `/api/getfotos?id=${camera.id}&data=2026-11-01`, { token: reader.token });
      expect(listed.status).toBe(200);
      for (const foto of listed.body.fotos) {
        const answer = await picture(reader.token, foto.url);
        expect(answer.status, foto.url).toBe(200);
        expect(answer.headers.get('content-type')).toBe(foto.mime);
        expect((await answer.arrayBuffer()).byteLength).toBe(foto.bytes);
      }
      const importer = await createTokenApi(portal(), owner, { escopo: 'importacao' });
      expect((await picture(importer.token, `img_cs/${fotoIds.c}`)).status).toBe(200);

      const otherFarm = await createTokenApi(portal(), owner, { escopo: 'leitura', nucleos: [farmB.id] });
      expect((await picture(otherFarm.token, `img_cs/${fotoIds.a}`)).status).toBe(404);
      const strangers = await createTokenApi(portal(), stranger, { escopo: 'leitura' });
      expect((await picture(strangers.token, `img_cs/${fotoIds.a}`)).status).toBe(404);
      await portal().request('POST', '/api/revogatokenapi', { token: owner.token, body: { idtoken: reader.id } });
      expect((await picture(reader.token, `img_cs/${fotoIds.a}`)).status).toBe(401);
    });
  });
});
