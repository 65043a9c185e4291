import { DEVICE_FOTOS_PER_DAY, FOTO_REQUESTS_PER_MINUTE, formatDeviceMessage, type DeviceSaved } from '@portal/shared';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { commandTopic, dataTopic } from '../devices/index.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { describeEachDialect } from '../../test/harness.js';
import { connectDevice, startGateway, WARN, type TestDevice } from '../../test/mqtt.js';
import { testServices } from '../../test/services.js';
import { DAY_MS, fotoRequests } from './foto-requests.js';
import { fotosRepository } from './fotos.repository.js';

type Started = Awaited<ReturnType<typeof startGateway>>;

const PNG = (tail: number) => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, tail]);

/**
 * Issue 22: a device stored 300 pictures nobody asked for in 8 s, and a read-only grantee made a
 * camera shoot 154 times in 15 s. A picture is stored only as the answer to an open request, at
 * most DEVICE_FOTOS_PER_DAY a day per device, and users' requests are limited.
 */
describeEachDialect('device pictures: only requested ones, within limits', (portal) => {
  let account: TestAccount;
  let started: Started;
  let camera: DeviceSaved;
  let device: TestDevice;

  const fotos = () => fotosRepository(portal().database.db);
  const storedOf = (deviceId: number) =>
    portal().database.db.selectFrom('device_fotos').select(['pedido', 'bytes']).where('device_id', '=', deviceId).orderBy('id').execute();
  const refusals = (pedido: string) => started.lines.filter((line) => line.msg === 'device: picture refused' && line.pedido === pedido);
  const imagem = (pedido: string, tail = 1) => formatDeviceMessage({ tipo: 'IMAGEM', pedido, mime: 'image/png', base64: PNG(tail).toString('base64') });
  const answer = (saved: DeviceSaved, client: TestDevice, pedido: string, tail = 1) => client.publish(dataTopic(saved.modelo, saved.serie), imagem(pedido, tail));
  const connect = (saved: DeviceSaved) =>
    connectDevice(started.url, { username: saved.credencial!.usuario, password: saved.credencial!.senha, clientId: `${saved.modelo}-${saved.serie}` }, commandTopic(saved.modelo, saved.serie));

  beforeAll(async () => {
    account = await createAccount(portal());
    camera = await createDevice(portal(), account, { modelo: 'CS' });
    started = await startGateway(portal());
    device = await connect(camera);
  });
  afterAll(async () => {
    await device?.end();
    await started?.gateway.stop();
  });

  it('stores nothing a device sends on its own, and says so in the log', async () => {
    for (let i = 0; i < 5; i += 1) await answer(camera, device, `sozinha-${i}`);
    await vi.waitFor(() => expect(refusals('sozinha-4')).toHaveLength(1));
    expect(refusals('sozinha-0')[0]).toMatchObject({ level: WARN, motivo: 'NAO_PEDIDA', device: `CS ${camera.serie}` });
    expect(await storedOf(camera.id)).toEqual([]);
    expect(started.events.filter((event) => event.message.t === 'imagem')).toEqual([]);
  });

  it("stores a requested picture once: a second answer to the same request stores nothing", async () => {
    const asked = await fotoRequests(fotos(), Date.now).askedByUser(account.user.id, camera.id, 'pedida-1');
    expect(asked).toMatchObject({ ok: true });
    await answer(camera, device, 'pedida-1', 1);
    await answer(camera, device, 'pedida-1', 2);
    await answer(camera, device, 'pedida-1', 3);
    await vi.waitFor(() => expect(started.events.filter((event) => event.message.t === 'imagem')).toHaveLength(3));
    const rows = await storedOf(camera.id);
    expect(rows).toEqual([{ pedido: 'pedida-1', bytes: PNG(1).length }]);
    const stored = await fotos().listOfDay(camera.id, 0, Number.MAX_SAFE_INTEGER);
    expect(Buffer.compare((await fotos().find(account.user.id, stored[0]!.id))!.conteudo, PNG(1))).toBe(0);
  });

  it('stores nothing for a request that expired', async () => {
    const past = Date.now() - 5 * 60_000;
    await fotos().openRequest({ device_id: camera.id, user_id: account.user.id, pedido: 'velha', requested_at: past, expires_at: past + 120_000 });
    await answer(camera, device, 'velha');
    await vi.waitFor(() => expect(refusals('velha')).toHaveLength(1));
    expect((await storedOf(camera.id)).map((row) => row.pedido)).toEqual(['pedida-1']);
  });

  it('holds the daily quota: the answer past it is dropped and users are told to wait', async () => {
    const busy = await createDevice(portal(), account, { modelo: 'CS' });
    const busyClient = await connect(busy);
    try {
      const hourAgo = Date.now() - 3_600_000;
      for (let i = 0; i < DEVICE_FOTOS_PER_DAY; i += 1) {
        await fotos().insert({ owner_id: account.user.id, device_id: busy.id, pedido: `dia-${i}`, mime: 'image/png', conteudo: PNG(i % 256), created_at: hourAgo + i });
      }
      // One stored before the last 24 hours does not count.
      await fotos().insert({ owner_id: account.user.id, device_id: busy.id, pedido: 'ontem', mime: 'image/png', conteudo: PNG(0), created_at: Date.now() - DAY_MS - 60_000 });
      const requests = fotoRequests(fotos(), Date.now);
      await requests.askedByPortal(busy.id, 'alem-da-cota');
      await answer(busy, busyClient, 'alem-da-cota');
      await vi.waitFor(() => expect(refusals('alem-da-cota')).toHaveLength(1));
      expect(refusals('alem-da-cota')[0]).toMatchObject({ motivo: 'COTA' });
      expect(await storedOf(busy.id)).toHaveLength(DEVICE_FOTOS_PER_DAY + 1);
      const refused = await requests.askedByUser(account.user.id, busy.id, 'mais-uma');
      expect(refused).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      // The oldest counted picture leaves the 24 hours in about 23 hours.
      expect(refused.ok === false && refused.code === 'RATE_LIMITED' && refused.retryAfterSeconds).toBeGreaterThan(22 * 3600);
    } finally {
      await busyClient.end();
    }
  });

  it("limits a user's requests: one per device every 10 s, and 20 a minute in all", async () => {
    const user = await createAccount(portal());
    const cameras = [];
    for (let i = 0; i < 6; i += 1) cameras.push(await createDevice(portal(), account, { modelo: 'CS' }));
    let now = Date.now();
    const requests = fotoRequests(fotos(), () => now);

    expect(await requests.askedByUser(user.user.id, cameras[0]!.id, 'r-a')).toMatchObject({ ok: true });
    now += 4_000;
    expect(await requests.askedByUser(user.user.id, cameras[0]!.id, 'r-b')).toEqual({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 6 });
    // A refused request is not counted: 10 s after the first, the device may be asked again.
    now += 6_001;
    expect(await requests.askedByUser(user.user.id, cameras[0]!.id, 'r-b')).toMatchObject({ ok: true });

    // Another user, six cameras in turn every 2 s: 20 in a minute, then a wait for the oldest to leave it.
    const other = await createAccount(portal());
    now += 60_000;
    const start = now;
    const answers = [];
    for (let i = 0; i <= FOTO_REQUESTS_PER_MINUTE; i += 1) {
      answers.push(await requests.askedByUser(other.user.id, cameras[i % 6]!.id, `m-${i}`));
      now += 2_000;
    }
    expect(answers.slice(0, FOTO_REQUESTS_PER_MINUTE).every((item) => item.ok)).toBe(true);
    expect(answers[FOTO_REQUESTS_PER_MINUTE]).toEqual({ ok: false, code: 'RATE_LIMITED', retryAfterSeconds: 20 });
    now = start + 60_001;
    expect(await requests.askedByUser(other.user.id, cameras[3]!.id, 'm-late')).toMatchObject({ ok: true });
  });

  it('lets at most one of a parallel burst through, and refuses the dosing proof’s pedidos', async () => {
    const user = await createAccount(portal());
    // The portal's own limits, as composed: the dosing module reserves its proof's pedidos on them.
    const requests = testServices(portal()).live.fotoRequests;
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => requests.askedByUser(user.user.id, camera.id, `par-${i}`)));
    expect(burst.filter((item) => item.ok).length).toBeLessThanOrEqual(1);
    expect(burst.filter((item) => !item.ok).every((item) => !item.ok && item.code === 'RATE_LIMITED')).toBe(true);
    expect(await requests.askedByUser(user.user.id, camera.id, `dos-${camera.id}-1`)).toEqual({ ok: false, code: 'LIVE_BAD_MESSAGE' });
  });
});
