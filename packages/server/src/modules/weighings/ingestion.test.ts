import { formatDeviceMessage, type DeviceSaved, type MsgPes } from '@portal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { createNucleo } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { csvOf, importFile } from '../../test/factories/imports.js';
import { describeEachDialect } from '../../test/harness.js';
import { connectDevice, ERROR, startGateway, type TestDevice } from '../../test/mqtt.js';
import { commandTopic, dataTopic } from '../devices/index.js';

type Started = Awaited<ReturnType<typeof startGateway>>;

const pes = (overrides: Partial<MsgPes>): MsgPes => ({
  tipo: 'PES', seq: 1, data: '2026-02-01', hora: '08:30:00', nucleo: '', lote: '', aviario: 'A1', lado: 'E', box: '2', sexo: 'M',
  peso: 1234.5, idade_lote: null, linha: '', score: null, obs: '', ...overrides,
});

/**
 * One rule for devices and files (docs/data-model.md, "Which farm and flock a weighing lands on"):
 * the same farm text and flock code, sent by a device over the broker and in an imported file,
 * land on the same farm and flock; a text naming two of the owner's farms is refused by both.
 */
describeEachDialect('weighings from devices and files: one resolution', (portal) => {
  let account: TestAccount;
  let started: Started;
  /** A scale installed on no farm: each of its records names its farm. */
  let scale: DeviceSaved;
  let connection: TestDevice;
  let farmId: number;
  /** Three flocks of one code on the farm: closed in 2025, closed on 1 March 2026, open since 5 March 2026. */
  const flocks = { oldest: 0, closed: 0, open: 0 };
  let nextSeq = 0;

  beforeAll(async () => {
    account = await createAccount(portal());
    const farm = await createNucleo(portal(), account, { nome: 'Granja Boa Vista', codigo: 'GBV' });
    farmId = farm.id;
    flocks.oldest = (await createLote(portal(), account, farm, { codigo: 'L-7', data_alojamento: '2025-01-10', data_encerramento: '2025-06-01' })).id;
    flocks.closed = (await createLote(portal(), account, farm, { codigo: 'L-7', data_alojamento: '2026-01-10', data_encerramento: '2026-03-01' })).id;
    flocks.open = (await createLote(portal(), account, farm, { codigo: 'L-7', data_alojamento: '2026-03-05' })).id;
    // Two farms sharing a code; and a farm named as another farm's code.
    await createNucleo(portal(), account, { nome: 'Granja Norte', codigo: 'GN' });
    await createNucleo(portal(), account, { nome: 'Granja Nova', codigo: 'GN' });
    await createNucleo(portal(), account, { nome: 'Granja Sul' });
    await createNucleo(portal(), account, { nome: 'Granja do Vale', codigo: 'Granja Sul' });

    scale = await createDevice(portal(), account, { modelo: 'PS/SEL', chip_id: '' });
    started = await startGateway(portal());
    const login = { username: scale.credencial!.usuario, password: scale.credencial!.senha, clientId: `${scale.modelo}-${scale.serie}` };
    connection = await connectDevice(started.url, login, commandTopic(scale.modelo, scale.serie));
  });
  afterAll(async () => {
    await connection?.end();
    await started?.gateway.stop();
  });

  /** Sends a record over the broker and answers the portal's ACK or NAK line, and the stored row if any. */
  async function sendFromDevice(overrides: Partial<MsgPes>) {
    const seq = (nextSeq += 1);
    await connection.publish(dataTopic(scale.modelo, scale.serie), formatDeviceMessage(pes({ ...overrides, seq })));
    const answer = await connection.next((text) => text === `P1|ACK|${seq}` || text.startsWith(`P1|NAK|${seq}|`));
    const row = await portal()
      .database.db.selectFrom('pesagens')
      .select(['nucleo_id', 'lote_id'])
      .where('device_id', '=', scale.id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return { answer, seq, row };
  }

  /** Imports one row naming `nucleo` and `lote` on `data`. */
  const fileRow = (nucleo: string, lote: string, data: string) => csvOf(['data', 'nucleo', 'lote', 'peso'], [[data, nucleo, lote, '1500,0']]);

  async function importRow(nucleo: string, lote: string, data: string, form: { create_missing?: boolean } = {}) {
    const answer = await importFile(portal(), account, fileRow(nucleo, lote, data), form, `ingestion-${nucleo}-${lote}-${data}.csv`);
    if (answer.status !== 200) return { answer, row: undefined };
    const row = await portal().database.db.selectFrom('pesagens').select(['nucleo_id', 'lote_id']).where('importacao_id', '=', answer.body.importacao_id).executeTakeFirstOrThrow();
    return { answer, row };
  }

  it('puts the same farm text and flock code on the same farm and flock, by the weighing date', async () => {
    // In the closed flock's placement period: that flock (neither the open one nor the newest).
    const fromDevice = await sendFromDevice({ nucleo: 'GRANJA BOA VISTA', lote: 'l-7', data: '2026-02-01' });
    expect(fromDevice.answer).toBe(`P1|ACK|${fromDevice.seq}`);
    const fromFile = await importRow('granja boa vista', 'L-7', '01/02/2026');
    expect(fromFile.answer.status, JSON.stringify(fromFile.answer.body)).toBe(200);
    expect(fromDevice.row).toEqual({ nucleo_id: farmId, lote_id: flocks.closed });
    expect(fromFile.row).toEqual(fromDevice.row);

    // In no placement period: the open flock; by the farm's code too.
    const laterDevice = await sendFromDevice({ nucleo: 'gbv', lote: 'L-7', data: '2026-03-03' });
    const laterFile = await importRow('GBV', 'l-7', '2026-03-03');
    expect(laterDevice.row).toEqual({ nucleo_id: farmId, lote_id: flocks.open });
    expect(laterFile.row).toEqual(laterDevice.row);

    // The live channel is told of the device's weighing once it is stored, by the same id.
    const told = started.events.filter((event) => event.message.t === 'pesagem' && event.message.pesagem.seq === fromDevice.seq);
    expect(told).toHaveLength(1);
  });

  it('refuses a text naming two of the owner farms the same way from a device and from a file', async () => {
    for (const [nucleo, lote] of [
      ['GN', 'L-1'],
      ['granja sul', 'L-2'],
    ] as const) {
      const fromDevice = await sendFromDevice({ nucleo, lote });
      expect(fromDevice.answer).toBe(`P1|NAK|${fromDevice.seq}|NUCLEO`);
      expect(fromDevice.row).toBeUndefined();
      const logged = started.lines.filter((line) => line.msg === 'device: weighing names several farms of the owner (a shared name or code); refused for good' && line.seq === fromDevice.seq);
      expect(logged).toEqual([expect.objectContaining({ level: ERROR, nucleo, motivo: 'NUCLEO_AMBIGUOUS' })]);

      // Refused whether or not missing farms may be created: a third farm is not made up either.
      for (const create_missing of [false, true]) {
        const fromFile = await importRow(nucleo, lote, '01/02/2026', { create_missing });
        expect(fromFile.answer.status).toBe(422);
        expect(fromFile.answer.body.importacao.rejeitadas).toEqual([{ linha: 2, motivo: 'NUCLEO_AMBIGUOUS', campo: 'nucleo', valor: nucleo }]);
      }
    }
  });
});
