import { formatDeviceMessage, type DeviceSaved, type FumigacaoLista, type LiveDevice } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimDevice, until } from '../../test/device-client.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { createNucleo } from '../../test/factories/farms.js';
import { createFumigador } from '../../test/factories/fumigators.js';
import { startTestPortal, testDialects, type TestPortal } from '../../test/harness.js';
import { freePort } from '../../test/server-process.js';
import { shedPicture } from '../../simulator/picture.js';
import { DOSE_READING_PERIOD_MS } from './sync.js';

/** The live path: a doser's DOSE readings over MQTT open and close an event, which asks the doser for a picture. */
for (const dialect of testDialects()) {
  describe(`dosing events from a live doser [${dialect}]`, () => {
    let portal: TestPortal;
    let brokerUrl: string;
    let owner: TestAccount;
    let saved: DeviceSaved;
    let device: SimDevice;

    beforeAll(async () => {
      const mqttPort = await freePort();
      brokerUrl = `mqtt://127.0.0.1:${mqttPort}`;
      portal = await startTestPortal(dialect, { env: { MQTT_PORT: String(mqttPort) } });
      owner = await createAccount(portal);
      const farm = await createNucleo(portal, owner);
      saved = await createDevice(portal, owner, { modelo: 'DOSADOR', nucleo_id: farm.id, chip_id: 'D05E' });
      const key: LiveDevice = { modelo: 'DOSADOR', serie: saved.serie, chip_id: saved.chip_id };
      device = new SimDevice({ ...key, usuario: saved.credencial!.usuario, senha: saved.credencial!.senha }, brokerUrl);
      await device.waitConnected();
    });
    afterAll(async () => {
      await device?.end();
      await portal?.close();
    });

    it('opens an event when the pump starts, photographs it, and closes it when the pump stops', async () => {
      const farm = await createNucleo(portal, owner);
      const fumigador = await createFumigador(portal, owner, farm, { device_id: saved.id, produto: 'Iodo' });
      const db = portal.database.db;
      const rows = async () => Number((await db.selectFrom('dose_leituras').select((eb) => eb.fn.countAll().as('n')).where('device_id', '=', saved.id).executeTakeFirstOrThrow()).n);
      // One reading per stored period: the clock moves 30 s after each is stored.
      const send = async (volume_ml: number, ligada: boolean) => {
        const before = await rows();
        device.sendRaw(formatDeviceMessage({ tipo: 'DOSE', volume_ml, vazao_ml_min: ligada ? 120 : 0, ligada }), 0);
        await until(async () => (await rows()) > before, 'the DOSE reading to be stored');
        portal.advanceClock(DOSE_READING_PERIOD_MS);
      };
      const events = async () => db.selectFrom('dosagens').selectAll().where('device_id', '=', saved.id).execute();

      await send(0, false);
      await send(5, true);
      await until(async () => (await events()).length === 1, 'the event to open');
      expect((await events())[0]).toMatchObject({ origem: 'device', fim: null, fumigador_id: fumigador.id, produto: 'Iodo', volume_dml: 50 });
      await until(() => device.commands.some((command) => command.tipo === 'CMD' && command.comando === 'foto'), 'the picture request');
      const request = device.commands.find((command) => command.tipo === 'CMD' && command.comando === 'foto') as { pedido: string };
      expect(request.pedido).toMatch(/^dos-\d+-\d+$/);
      device.sendRaw(formatDeviceMessage({ tipo: 'IMAGEM', pedido: request.pedido, mime: 'image/png', base64: shedPicture('08:00', () => 0.5).toString('base64') }), 1);

      await send(65, true);
      await until(async () => Number((await events())[0]!.volume_dml) === 650, 'the open event to follow the pump');
      await send(72, false);
      await until(async () => (await events())[0]!.fim !== null, 'the event to close');
      const [event] = await events();
      expect(Number(event!.volume_dml)).toBe(720);
      expect(device.commands.filter((command) => command.tipo === 'CMD' && command.comando === 'foto')).toHaveLength(1);

      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      const list = await portal.request<FumigacaoLista>('GET', `/api/getfumigacao?id=${fumigador.id}&di=${yesterday}&df=${tomorrow}`, { token: owner.token });
      expect(list.body.eventos).toHaveLength(1);
      await until(async () => (await portal.request('GET', `/api/getfotosdosagem?id=${event!.id}`, { token: owner.token })).body.fotos.length === 1, 'the picture to be listed');
    });
  });
}
