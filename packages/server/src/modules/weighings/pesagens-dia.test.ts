import { formatDeviceMessage, type DeviceSaved, type Lote, type MsgPes, type Nucleo } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/dialect.js';
import { createEventBus } from '../../events/index.js';
import { dailyAggregateMismatches } from '../../test/daily-aggregates.js';
import { createAccount, type TestAccount } from '../../test/factories.js';
import { createDevice } from '../../test/factories/devices.js';
import { createNucleo } from '../../test/factories/farms.js';
import { createLote } from '../../test/factories/flocks.js';
import { csvOf, importFile } from '../../test/factories/imports.js';
import { describeEachDialect } from '../../test/harness.js';
import { connectDevice, recordingLogger, startGateway } from '../../test/mqtt.js';
import { testServices } from '../../test/services.js';
import { commandTopic, dataTopic } from '../devices/index.js';
import { createServices } from '../services.js';
import { deviceWrites } from './device-writes.js';
import type { DeviceSender } from './ingestion.js';
import { pesagensDiaRepository } from './pesagens-dia.repository.js';
import { pesagensRepository } from './pesagens.repository.js';

/** A device's record (MsgPes without its type), on 2026-05-10 unless told. */
const record = (seq: number, overrides: Partial<MsgPes> = {}) => ({
  seq, data: '2026-05-10', hora: '08:00:00', nucleo: '', lote: '', aviario: '1', lado: '1', box: '1', sexo: 'M',
  peso: 1_000 + ((seq * 37) % 900) + (seq % 10) / 10, idade_lote: 20 + (seq % 3), linha: '', score: seq % 4 === 0 ? null : seq % 5, obs: '', ...overrides,
});

/** A file of `rows` weighings over 5 days, 2 flocks, 3 houses, 2 sides, 2 sexes and 2 scales, from `seed`. */
function weighingFile(farm: string, rows: number, seed: number): string {
  const lines: (string | number)[][] = [];
  for (let index = 0; index < rows; index += 1) {
    const n = index * 7919 + seed;
    const peso = 800 + (n % 1500) + ((n >> 3) % 10) / 10;
    lines.push([`${String(1 + (n % 5)).padStart(2, '0')}/04/2026`, '08:00', farm, `L-${n % 2}`, 1 + (n % 3), 1 + ((n >> 2) % 2), 1, n % 7 < 3 ? 'Macho' : 'Fêmea',
      String(peso).replace('.', ','), n % 11 === 0 ? '' : 18 + (n % 5), n % 3 === 0 ? '' : n % 6, `S-${(n >> 1) % 2}`]);
  }
  return csvOf(['data', 'hora', 'nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'peso', 'idade', 'score', 'serie'], lines);
}

describeEachDialect('daily weighing aggregates kept at write', (portal) => {
  let account: TestAccount;
  let farm: Nucleo;
  let scale: DeviceSaved;
  let sender: DeviceSender;

  beforeAll(async () => {
    account = await createAccount(portal());
    farm = await createNucleo(portal(), account, { nome: 'Granja Agregada' });
    scale = await createDevice(portal(), account, { nucleo_id: farm.id });
    sender = { id: scale.id, owner_id: account.user.id, nucleo_id: farm.id, modelo: scale.modelo, serie: scale.serie };
  });

  it('counts imported files exactly: batches, staged chunks, and a second file adding to the same days', async () => {
    const first = await importFile(portal(), account, weighingFile(farm.nome, 6_000, 1), { create_missing: true }, 'agg-1.csv');
    expect(first.status, JSON.stringify(first.body).slice(0, 400)).toBe(200);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
    const second = await importFile(portal(), account, weighingFile(farm.nome, 2_500, 2), { create_missing: true }, 'agg-2.csv');
    expect(second.status).toBe(200);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
    const days = await portal().database.db.selectFrom('pesagens_dia').select((eb) => eb.fn.sum<number | string>('aves').as('aves')).where('owner_id', '=', account.user.id).executeTakeFirstOrThrow();
    expect(Number(days.aves)).toBe(8_500);
  });

  it('counts each device weighing once: concurrent arrivals, re-sends and copies in one commit', async () => {
    const { ingestion } = testServices(portal());
    const seqs = Array.from({ length: 300 }, (_, index) => 1_000 + index);
    // Every record twice at once (a quick re-send lands in the same group commit), a few a third time later.
    const outcomes = await Promise.all([...seqs, ...seqs].map((seq) => ingestion.storeFromDevice(sender, record(seq, { aviario: String(seq % 3) }), 5_000)));
    const again = await Promise.all(seqs.slice(0, 20).map((seq) => ingestion.storeFromDevice(sender, record(seq, { aviario: String(seq % 3), peso: 2_222 }), 6_000)));
    const created = [...outcomes, ...again].filter((outcome) => outcome.stored && outcome.created);
    expect(created).toHaveLength(seqs.length);
    for (const outcome of again) expect(outcome).toMatchObject({ stored: true, created: false });
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
    const stored = await portal().database.db.selectFrom('pesagens').select((eb) => eb.fn.countAll<number | string>().as('n')).where('device_id', '=', scale.id).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(seqs.length);
  });

  it('counts the weighings a device sends over the broker, acknowledged after their commit', async () => {
    const started = await startGateway(portal());
    const login = { username: scale.credencial!.usuario, password: scale.credencial!.senha, clientId: `${scale.modelo}-${scale.serie}` };
    const device = await connectDevice(started.url, login, commandTopic(scale.modelo, scale.serie));
    try {
      for (const seq of [5_001, 5_002, 5_003, 5_002, 5_004, 5_001]) {
        await device.publish(dataTopic(scale.modelo, scale.serie), formatDeviceMessage({ tipo: 'PES', ...record(seq, { data: '2026-05-11' }) }));
        await device.next((text) => text === `P1|ACK|${seq}`);
        device.received.length = 0;
      }
      const day = await portal().database.db.selectFrom('pesagens_dia').select('aves').where('owner_id', '=', account.user.id).where('data', '=', '2026-05-11').execute();
      expect(day.map((row) => row.aves)).toEqual([4]);
      expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
    } finally {
      await device.end();
      await started.gateway.stop();
    }
  });

  it('stores the others of a group commit when the database refuses one record', async () => {
    const { log, lines } = recordingLogger();
    const writes = deviceWrites({ pesagens: pesagensRepository(portal().database), dias: pesagensDiaRepository(portal().database), log });
    const row = (seq: number, nucleoId: number) => ({
      owner_id: account.user.id, nucleo_id: nucleoId, lote_id: null, device_id: scale.id, seq, data: '2026-05-12', hora: '09:00:00', aviario: '1', lado: '1',
      box: '1', sexo: 'M', peso_dg: 15_000 + seq, idade_lote: null, linha: '', score: null, serie_balanca: scale.serie, obs: '',
    });
    const results = await Promise.allSettled([writes.write(row(7_001, farm.id), 1), writes.write(row(7_002, 987_654), 1), writes.write(row(7_003, farm.id), 1)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(lines.some((line) => line.msg === 'device weighings: group commit failed, storing each alone')).toBe(true);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
  });

  it('recounts the days of a removed import from the weighings left, and drops the days it alone filled', async () => {
    const { ingestion } = testServices(portal());
    const before = await portal().database.db.selectFrom('pesagens_dia').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const extra = csvOf(['data', 'nucleo', 'lote', 'aviario', 'peso', 'score'], [
      ['02/04/2026', farm.nome, 'L-0', '1', '50,0', '9'], ['02/04/2026', farm.nome, 'L-0', '1', '9999,9', '9'], ['20/04/2026', farm.nome, 'L-1', 'Novo', '1500,0', ''],
    ]);
    const imported = await importFile(portal(), account, extra, { create_missing: true }, 'agg-extra.csv');
    expect(imported.status).toBe(200);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
    const removed = await portal().database.db.transaction().execute(async (trx) => {
      const count = await ingestion.removeImported(trx, imported.body.importacao_id, 9_000);
      await trx.deleteFrom('importacoes').where('id', '=', imported.body.importacao_id).execute();
      return count;
    });
    expect(removed).toBe(3);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
    const after = await portal().database.db.selectFrom('pesagens_dia').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps the days as they were when a file is refused, and lets a flock and farm go once their weighings went', async () => {
    const { ingestion } = testServices(portal());
    const dayRows = async () => portal().database.db.selectFrom('pesagens_dia').selectAll().where('owner_id', '=', account.user.id).orderBy('id').execute();
    const before = await dayRows();
    // The last row's weight is refused: the whole file is, its earlier rows' counts with it.
    const refused = csvOf(['data', 'nucleo', 'lote', 'aviario', 'peso'], [
      ...Array.from({ length: 2_400 }, (_, index) => ['03/04/2026', farm.nome, 'L-0', '1', `${900 + (index % 300)},5`]), ['03/04/2026', farm.nome, 'L-0', '1', 'pesado'],
    ]);
    const answer = await importFile(portal(), account, refused, { create_missing: true }, 'agg-refused.csv');
    expect(answer.status).toBe(422);
    expect(await dayRows()).toEqual(before);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);

    // A farm and flock of their own, weighed by one file, whose removal empties their days.
    const gone = await createNucleo(portal(), account, { nome: 'Granja Passageira' });
    const lote = await createLote(portal(), account, gone, { codigo: 'L-FIM' });
    const file = csvOf(['data', 'nucleo', 'lote', 'aviario', 'peso'], [['04/04/2026', gone.nome, 'L-FIM', '1', '1000,0'], ['05/04/2026', gone.nome, 'L-FIM', '1', '1100,0']]);
    const imported = await importFile(portal(), account, file, { create_missing: true }, 'agg-gone.csv');
    expect(imported.status, JSON.stringify(imported.body).slice(0, 600)).toBe(200);
    expect((await portal().request('POST', '/api/dellote', { token: account.token, body: { idlote: lote.id } })).status).toBe(409);
    await portal().database.db.transaction().execute(async (trx) => {
      await ingestion.removeImported(trx, imported.body.importacao_id, 9_000);
      await trx.deleteFrom('importacoes').where('id', '=', imported.body.importacao_id).execute();
    });
    expect(await portal().database.db.selectFrom('pesagens_dia').select('id').where('nucleo_id', '=', gone.id).execute()).toEqual([]);
    expect((await portal().request('POST', '/api/dellote', { token: account.token, body: { idlote: lote.id } })).status).toBe(200);
    expect((await portal().request('POST', '/api/delnucleo', { token: account.token, body: { idnucleo: gone.id } })).status).toBe(200);
    expect(await dayRows()).toEqual(before);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
  });

  it('takes an owner’s aggregates with the owner and leaves the others’ as they are', async () => {
    const other = await createAccount(portal());
    const otherFarm = await createNucleo(portal(), other, { nome: 'Granja Efêmera' });
    expect((await importFile(portal(), other, weighingFile(otherFarm.nome, 500, 3), { create_missing: true }, 'agg-other.csv')).status).toBe(200);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
    await portal().database.db.deleteFrom('users').where('id', '=', other.user.id).execute();
    expect(await portal().database.db.selectFrom('pesagens_dia').select('id').where('owner_id', '=', other.user.id).execute()).toEqual([]);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
  });

  it('loses nothing when two instances store the same day’s weighings at once, some of them the same records', async () => {
    // Several instances share PostgreSQL only (a SQLite file has one portal: maySeveralInstancesShare).
    if (portal().dialect !== 'postgres') return;
    // A second instance: its own connections and its own group commits, on the same database.
    const { log } = recordingLogger();
    const secondDatabase = openDatabase(portal().databaseUrl);
    try {
      const second = createServices({ config: portal().config, database: secondDatabase, clock: Date.now, log, events: createEventBus(log) }).ingestion;
      const first = testServices(portal()).ingestion;
      const seqs = Array.from({ length: 400 }, (_, index) => 20_000 + index);
      const sends = seqs.flatMap((seq) => {
        const one = record(seq, { data: '2026-05-13', aviario: 'Concorrido' });
        // Half of the records reach both instances (a shared subscription's redelivery, a re-send).
        return seq % 2 === 0 ? [first.storeFromDevice(sender, one, 1), second.storeFromDevice(sender, one, 1)] : [(seq % 4 === 1 ? first : second).storeFromDevice(sender, one, 1)];
      });
      const outcomes = await Promise.all(sends);
      expect(outcomes.filter((outcome) => outcome.stored && outcome.created)).toHaveLength(seqs.length);
      const day = await portal().database.db.selectFrom('pesagens_dia').select('aves').where('owner_id', '=', account.user.id).where('aviario', '=', 'Concorrido').execute();
      expect(day.map((row) => row.aves)).toEqual([seqs.length]);
      expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
    } finally {
      await secondDatabase.db.destroy();
    }
  });

  it('keeps a flock’s days apart from the days without a flock', async () => {
    const lote: Lote = await createLote(portal(), account, farm, { codigo: 'L-AGG', data_alojamento: '2026-05-01' });
    const { ingestion } = testServices(portal());
    await ingestion.storeFromDevice(sender, record(30_001, { data: '2026-05-14', lote: 'L-AGG' }), 1);
    await ingestion.storeFromDevice(sender, record(30_002, { data: '2026-05-14', lote: 'nenhum' }), 1);
    const days = await portal().database.db.selectFrom('pesagens_dia').select(['lote_id', 'lote_chave', 'aves']).where('data', '=', '2026-05-14').orderBy('lote_chave').execute();
    expect(days).toEqual([{ lote_id: null, lote_chave: 0, aves: 1 }, { lote_id: lote.id, lote_chave: lote.id, aves: 1 }]);
    expect(await dailyAggregateMismatches(portal().database)).toEqual([]);
  });
});
