import { beforeAll, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { describeEachDialect } from '../../test/harness.js';
import { fotosRepository } from './fotos.repository.js';

const HOUR = 3_600_000;
/** 2026-03-10T00:00:00Z. */
const MIDNIGHT_UTC = Date.UTC(2026, 2, 10);

describeEachDialect('device pictures repository', (portal) => {
  let ownerId: number;
  let deviceId: number;
  const jpeg = (tail: number) => Buffer.from([0xff, 0xd8, 0xff, tail]);

  beforeAll(async () => {
    const account = await createAccount(portal());
    ownerId = account.user.id;
    deviceId = (await createDevice(portal(), account)).id;
    const fotos = fotosRepository(portal().database.db);
    // 01:00 UTC on the 10th is still the 9th at UTC-3; 12:00 and 23:30 UTC are the 10th there.
    for (const [pedido, at] of [['a', MIDNIGHT_UTC + HOUR], ['b', MIDNIGHT_UTC + 12 * HOUR], ['c', MIDNIGHT_UTC + 23.5 * HOUR]] as const) {
      expect(await fotos.insert({ owner_id: ownerId, device_id: deviceId, pedido, mime: 'image/jpeg', conteudo: jpeg(pedido.charCodeAt(0)), created_at: at })).toMatchObject({ created: true });
    }
  });

  it('stores a picture once per request id', async () => {
    const fotos = fotosRepository(portal().database.db);
    const first = await fotos.listOfDay(deviceId, 0, Number.MAX_SAFE_INTEGER);
    const again = await fotos.insert({ owner_id: ownerId, device_id: deviceId, pedido: 'a', mime: 'image/png', conteudo: jpeg(9), created_at: MIDNIGHT_UTC });
    expect(again).toEqual({ id: first.find((foto) => foto.pedido === 'a')!.id, created: false });
    expect((await fotos.listOfDay(deviceId, 0, Number.MAX_SAFE_INTEGER)).map((foto) => foto.pedido)).toEqual(['c', 'b', 'a']);
  });

  it("lists the days with pictures in the user's timezone, newest first", async () => {
    const fotos = fotosRepository(portal().database.db);
    expect(await fotos.listDays(deviceId, 0)).toEqual([{ data: '2026-03-10', fotos: 3 }]);
    expect(await fotos.listDays(deviceId, -3)).toEqual([
      { data: '2026-03-10', fotos: 2 },
      { data: '2026-03-09', fotos: 1 },
    ]);
    expect(await fotos.listDays(deviceId + 1000, 0)).toEqual([]);
  });

  it("lists a day's pictures without their bytes, and finds one only for its owner", async () => {
    const fotos = fotosRepository(portal().database.db);
    const day = await fotos.listOfDay(deviceId, MIDNIGHT_UTC + 3 * HOUR, MIDNIGHT_UTC + 24 * HOUR + 3 * HOUR);
    expect(day).toEqual([
      { id: expect.any(Number), pedido: 'c', mime: 'image/jpeg', bytes: 4, created_at: MIDNIGHT_UTC + 23.5 * HOUR },
      { id: expect.any(Number), pedido: 'b', mime: 'image/jpeg', bytes: 4, created_at: MIDNIGHT_UTC + 12 * HOUR },
    ]);
    const found = await fotos.find(ownerId, day[0]!.id);
    expect(found?.mime).toBe('image/jpeg');
    expect(Buffer.compare(found!.conteudo, jpeg('c'.charCodeAt(0)))).toBe(0);
    expect(await fotos.find(ownerId + 1000, day[0]!.id)).toBeUndefined();
  });
});
