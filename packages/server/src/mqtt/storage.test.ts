import fc from 'fast-check';
import { formatDeviceMessage, parseDeviceMessage, type MsgPes } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
// Test-only arbitraries of valid messages (not in the package index).
import { msgPes } from '../../../shared/src/devices/arbitraries.js';
import { createEventBus } from '../events/index.js';
import { createServices } from '../modules/services.js';
import type { DeviceRecord, IngestionService } from '../modules/weighings/index.js';
import { createAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { describeEachDialect } from '../test/harness.js';
import { recordingLogger } from '../test/mqtt.js';

/** The same records on both databases: a fixed seed. */
const SEED = 20260801;

/** The fields a device's record is stored with (its farm and flock aside). */
const storedFields = ({ seq, data, hora, aviario, lado, box, sexo, peso, idade_lote, linha, score, obs }: DeviceRecord) =>
  ({ seq, data, hora, aviario, lado, box, sexo, peso_dg: Math.round(peso * 10), idade_lote, linha, score, obs });

/**
 * The storage rule for device weighings: every record the codec accepts is stored, and reads back
 * exactly as sent, on SQLite and PostgreSQL alike (text at the column limits, escaped characters,
 * line breaks in obs, the largest sequence numbers and weights).
 */
describeEachDialect('device weighings: what the codec accepts stores identically', (portal) => {
  let device: { id: number; owner_id: number; nucleo_id: number; modelo: string; serie: string };
  let ingestion: IngestionService;

  beforeAll(async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const saved = await createDevice(portal(), account, { nucleo_id: farm.id });
    device = { id: saved.id, owner_id: account.user.id, nucleo_id: farm.id, modelo: saved.modelo, serie: saved.serie };
    const { log } = recordingLogger();
    ingestion = createServices({ config: portal().config, database: portal().database, clock: Date.now, log, events: createEventBus(log) }).ingestion;
  });

  it('stores every accepted record and reads it back unchanged', async () => {
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(msgPes, async (generated) => {
        // Sequence numbers unique in this run; the largest ones are covered below.
        seq += 1;
        const parsed = parseDeviceMessage(formatDeviceMessage({ ...generated, seq }), 'CS');
        expect(parsed.ok).toBe(true);
        const { tipo: _tipo, ...record } = (parsed as { message: MsgPes }).message;
        const outcome = await ingestion.storeFromDevice(device, record, 1_000);
        expect(outcome).toMatchObject({ stored: true, created: true });
        if (!outcome.stored) return;
        const { id } = outcome.pesagem;
        const row = { ...storedFields(record), owner_id: device.owner_id, nucleo_id: device.nucleo_id, lote_id: null, device_id: device.id, serie_balanca: device.serie };
        const back = await portal().database.db.selectFrom('pesagens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(back).toEqual({ ...row, id, importacao_id: null, created_at: 1_000, dia_id: expect.any(Number) });
        expect(back.peso_dg).toBe(Math.round(record.peso * 10));
      }),
      { numRuns: 150, seed: SEED },
    );
  });

  it('keeps the largest sequence number and weight exactly', async () => {
    const message: MsgPes = {
      tipo: 'PES', seq: Number.MAX_SAFE_INTEGER, data: '2026-12-31', hora: '23:59:59', nucleo: '', lote: '', aviario: 'ç'.repeat(40), lado: '|'.repeat(40),
      box: '%'.repeat(40), sexo: 'x'.repeat(20), peso: 99_999.9, idade_lote: 10_000, linha: '🐔'.repeat(20), score: 1_000_000, obs: 'a\r\nb\tc',
    };
    const parsed = parseDeviceMessage(formatDeviceMessage(message), 'CS');
    expect(parsed).toEqual({ ok: true, message });
    const { tipo: _tipo, ...record } = message;
    const outcome = await ingestion.storeFromDevice(device, record, 2_000);
    if (!outcome.stored) throw new Error(`refused: ${outcome.fault.motivo} ${outcome.fault.campo}`);
    const { id } = outcome.pesagem;
    expect(await ingestion.storeFromDevice(device, record, 3_000)).toMatchObject({ stored: true, created: false, pesagem: { id } });
    const row = { ...storedFields(record), owner_id: device.owner_id, nucleo_id: device.nucleo_id, lote_id: null, device_id: device.id, serie_balanca: device.serie };
    const back = await portal().database.db.selectFrom('pesagens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(back).toEqual({ ...row, id, importacao_id: null, created_at: 2_000, dia_id: expect.any(Number) });
  });
});
