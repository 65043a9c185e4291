import fc from 'fast-check';
import { formatDeviceMessage, parseDeviceMessage, type MsgPes } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
// Test-only arbitraries of valid messages (not in the package index).
import { msgPes } from '../../../shared/src/devices/arbitraries.js';
import { devicePesagensRepository } from '../modules/weighings/device-pesagens.repository.js';
import { createAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { describeEachDialect } from '../test/harness.js';
import { checkPesagem } from './pesagem-row.js';

/** The same records on both databases: a fixed seed. */
const SEED = 20260801;

/**
 * The storage rule for device weighings: every record the codec accepts is stored, and reads back
 * exactly as sent, on SQLite and PostgreSQL alike (text at the column limits, escaped characters,
 * line breaks in obs, the largest sequence numbers and weights).
 */
describeEachDialect('device weighings: what the codec accepts stores identically', (portal) => {
  let device: { id: number; owner_id: number; nucleo_id: number; serie: string };

  beforeAll(async () => {
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    const saved = await createDevice(portal(), account, { nucleo_id: farm.id });
    device = { id: saved.id, owner_id: account.user.id, nucleo_id: farm.id, serie: saved.serie };
  });

  it('stores every accepted record and reads it back unchanged', async () => {
    const repository = devicePesagensRepository(portal().database.db);
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(msgPes, async (generated) => {
        // Sequence numbers unique in this run; the largest ones are covered below.
        seq += 1;
        const parsed = parseDeviceMessage(formatDeviceMessage({ ...generated, seq }), 'CS');
        expect(parsed.ok).toBe(true);
        const message = (parsed as { message: MsgPes }).message;
        const check = checkPesagem(message);
        expect(check).toMatchObject({ ok: true });
        if (!check.ok) return;
        const row = { ...check.values, owner_id: device.owner_id, nucleo_id: device.nucleo_id, lote_id: null, device_id: device.id, serie_balanca: device.serie };
        const { id, created } = await repository.insert(row, 1_000);
        expect(created).toBe(true);
        const back = await portal().database.db.selectFrom('pesagens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(back).toEqual({ ...row, id, importacao_id: null, created_at: 1_000 });
        expect(back.peso_dg).toBe(Math.round(message.peso * 10));
      }),
      { numRuns: 150, seed: SEED },
    );
  });

  it('keeps the largest sequence number and weight exactly', async () => {
    const repository = devicePesagensRepository(portal().database.db);
    const message: MsgPes = {
      tipo: 'PES', seq: Number.MAX_SAFE_INTEGER, data: '2026-12-31', hora: '23:59:59', nucleo: '', lote: '', aviario: 'ç'.repeat(40), lado: '|'.repeat(40),
      box: '%'.repeat(40), sexo: 'x'.repeat(20), peso: 99_999.9, idade_lote: 10_000, linha: '🐔'.repeat(20), score: 1_000_000, obs: 'a\r\nb\tc',
    };
    const parsed = parseDeviceMessage(formatDeviceMessage(message), 'CS');
    expect(parsed).toEqual({ ok: true, message });
    const check = checkPesagem(message);
    if (!check.ok) throw new Error(`refused: ${check.motivo} ${check.detalhe}`);
    const row = { ...check.values, owner_id: device.owner_id, nucleo_id: device.nucleo_id, lote_id: null, device_id: device.id, serie_balanca: device.serie };
    const { id } = await repository.insert(row, 2_000);
    expect(await repository.insert(row, 3_000)).toEqual({ id, created: false });
    const back = await portal().database.db.selectFrom('pesagens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(back).toEqual({ ...row, id, importacao_id: null, created_at: 2_000 });
  });
});
