import { formatDeviceMessage, type DeviceSaved, type MsgPes } from '@portal/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTopic, dataTopic } from '../modules/devices/index.js';
import { createAccount, type TestAccount } from '../test/factories.js';
import { insertDevice } from '../test/factories/device-rows.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { csvOf, importFile } from '../test/factories/imports.js';
import { createPesagens } from '../test/factories/weighings.js';
import { describeEachDialect, type TestPortal } from '../test/harness.js';
import { connectDevice, startGateway, type TestDevice } from '../test/mqtt.js';
import { bulkWrite, DEVICE_READING_COLUMNS, dropPartitionsBefore, ensurePartitions, integerColumns, partitionUpkeep } from './dialect.js';
import { aheadWindow, lowerBound, monthOf, monthsBetween, partitionName, PARTITIONED_TABLES } from './partitions.js';
import { READING_PERIOD_MS } from '../modules/readings/index.js';

const DAY_MS = 86_400_000;

describe('monthly partitions: months and bounds', () => {
  it('cuts days by their month and times by their UTC month, with exact bounds', () => {
    expect(monthOf('2019-03-31')).toBe(2019 * 12 + 2);
    expect(monthOf(Date.UTC(2019, 2, 31, 23, 59, 59, 999))).toBe(2019 * 12 + 2);
    expect(monthOf(Date.UTC(2019, 3, 1))).toBe(2019 * 12 + 3);
    expect(() => monthOf('2019-13-01')).toThrow(/not a day/);
    expect(partitionName('pesagens', monthOf('2019-03-05'))).toBe('pesagens_p201903');
    expect(lowerBound(PARTITIONED_TABLES.pesagens!, monthOf('2019-12-05') + 1)).toBe("'2020-01-01'");
    expect(lowerBound(PARTITIONED_TABLES.silo_leituras!, monthOf('2024-02-10'))).toBe(String(Date.UTC(2024, 1, 1)));
    expect(monthsBetween('2019-11-20', '2020-02-01').map((month) => partitionName('t', month))).toEqual(['t_p201911', 't_p201912', 't_p202001', 't_p202002']);
    expect(aheadWindow(Date.UTC(2026, 11, 31)).map((month) => partitionName('t', month))).toEqual(['t_p202612', 't_p202701', 't_p202702']);
  });

  it('a reading bucket never straddles a month: every period divides a day (per-month unique keys stay unique)', () => {
    for (const period of Object.values(READING_PERIOD_MS)) expect(DAY_MS % period, String(period)).toBe(0);
  });
});

const pes = (seq: number, data: string): MsgPes => ({
  tipo: 'PES', seq, data, hora: '08:30:00', nucleo: '', lote: '', aviario: 'A1', lado: 'E', box: '2', sexo: 'M', peso: 1234.5, idade_lote: null, linha: '', score: null, obs: '',
});

/** The months a table is cut into on PostgreSQL (none on SQLite: plain tables). */
async function partitionsOf(portal: TestPortal, table: string): Promise<string[]> {
  if (portal.dialect === 'sqlite') return [];
  const rows = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(${table}) order by 1`.execute(portal.database.db);
  return rows.rows.map((row) => row.name);
}

/** The partitions a query's plan reads (PostgreSQL). */
async function planned(portal: TestPortal, query: string): Promise<string[]> {
  const plan = await sql<{ 'QUERY PLAN': string }>`explain (costs off) ${sql.raw(query)}`.execute(portal.database.db);
  return [...new Set(plan.rows.flatMap((row) => [...row['QUERY PLAN'].matchAll(/ on (\w+_p\d{6})/g)].map((match) => match[1]!)))].sort();
}

describeEachDialect('monthly partitions of weighings and readings', (portal) => {
  let account: TestAccount;
  let nucleoId: number;

  beforeAll(async () => {
    account = await createAccount(portal());
    nucleoId = (await createNucleo(portal(), account, { nome: 'Granja Partições' })).id;
  });

  it('stores a file of weighings from 2019 to 2031: its months are made, every row kept', async () => {
    const days = ['2019-03-05', '2019-03-28', '2020-02-29', '2024-07-01', '2031-12-31'];
    const file = csvOf(['data', 'nucleo', 'lote', 'peso'], days.map((day) => [day, 'Granja Partições', 'L-HIST', '1500,0']));
    const answer = await importFile(portal(), account, file, { create_missing: true }, 'history-2019-2031.csv');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.importadas).toBe(days.length);
    const stored = await portal().database.db.selectFrom('pesagens').select('data').where('importacao_id', '=', answer.body.importacao_id).orderBy('data').execute();
    expect(stored.map((row) => row.data)).toEqual(days);
    if (portal().dialect === 'postgres') {
      expect(await partitionsOf(portal(), 'pesagens')).toEqual(expect.arrayContaining(['pesagens_p201903', 'pesagens_p202002', 'pesagens_p202407', 'pesagens_p203112']));
      // Only the months that hold rows, not the years between.
      expect(await partitionsOf(portal(), 'pesagens')).not.toContain('pesagens_p201904');
    }
  });

  describe('from a device', () => {
    let scale: DeviceSaved;
    let gateway: Awaited<ReturnType<typeof startGateway>>;
    let connection: TestDevice;
    beforeAll(async () => {
      scale = await createDevice(portal(), account, { modelo: 'PS/SEL', chip_id: '', nucleo_id: nucleoId });
      gateway = await startGateway(portal());
      const login = { username: scale.credencial!.usuario, password: scale.credencial!.senha, clientId: `${scale.modelo}-${scale.serie}` };
      connection = await connectDevice(gateway.url, login, commandTopic(scale.modelo, scale.serie));
    });
    afterAll(async () => {
      await connection?.end();
      await gateway?.gateway.stop();
    });

    it('stores a record of a far past or future day once, also when re-sent', async () => {
      for (const [seq, data] of [[1, '2018-06-15'], [2, '2035-01-02'], [1, '2018-06-15']] as const) {
        await connection.publish(dataTopic(scale.modelo, scale.serie), formatDeviceMessage(pes(seq, data)));
        expect(await connection.next((text) => text.startsWith(`P1|ACK|${seq}`) || text.startsWith(`P1|NAK|${seq}|`))).toBe(`P1|ACK|${seq}`);
      }
      const rows = await portal().database.db.selectFrom('pesagens').select(['seq', 'data']).where('device_id', '=', scale.id).orderBy('seq').execute();
      expect(rows.map((row) => [Number(row.seq), row.data])).toEqual([[1, '2018-06-15'], [2, '2035-01-02']]);
      if (portal().dialect === 'postgres') expect(await partitionsOf(portal(), 'pesagens')).toEqual(expect.arrayContaining(['pesagens_p201806', 'pesagens_p203501']));
    });
  });

  it('stores readings of any month once per device and bucket, through the one bulk writer', async () => {
    const device = await insertDevice(portal(), account, 'BSILO');
    const period = READING_PERIOD_MS.SILO;
    const times = [Date.UTC(2017, 0, 31, 23, 59, 0), Date.UTC(2017, 1, 1, 0, 0, 0), Date.UTC(2036, 5, 1, 12)];
    const columns = [...DEVICE_READING_COLUMNS, ...integerColumns('peso_hg')];
    const rows = times.map((em, index) => ({ owner_id: account.user.id, device_id: device.id, em, bucket: Math.floor(em / period), peso_hg: 100 + index }));
    await bulkWrite(portal().database, 'silo_leituras', columns, rows);
    // The same buckets again, read later (another instance): skipped.
    await bulkWrite(portal().database, 'silo_leituras', columns, rows.map((row) => ({ ...row, em: row.em + 1_000, peso_hg: 0 })));
    const stored = await portal().database.db.selectFrom('silo_leituras').select(['em', 'peso_hg']).where('device_id', '=', device.id).orderBy('em').execute();
    expect(stored.map((row) => [Number(row.em), row.peso_hg])).toEqual(times.map((em, index) => [em, 100 + index]));
    if (portal().dialect === 'postgres') {
      expect(await partitionsOf(portal(), 'silo_leituras')).toEqual(expect.arrayContaining(['silo_leituras_p201701', 'silo_leituras_p201702', 'silo_leituras_p203606']));
    }
  });

  it('reads a period from its months only (PostgreSQL: the plan prunes every other month)', async () => {
    await createPesagens(portal(), account, { nucleo: { id: nucleoId }, rows: [{ data: '2023-04-10', peso: 1500 }, { data: '2023-05-10', peso: 1600 }, { data: '2023-06-10', peso: 1700 }] });
    const may = await portal().database.db.selectFrom('pesagens').select('data').where('owner_id', '=', account.user.id).where('data', '>=', '2023-05-01').where('data', '<=', '2023-05-31').execute();
    expect(may.map((row) => row.data)).toEqual(['2023-05-10']);
    if (portal().dialect !== 'postgres') return;
    expect(await planned(portal(), `select * from pesagens where owner_id = ${account.user.id} and data >= '2023-05-01' and data <= '2023-05-31'`)).toEqual(['pesagens_p202305']);
    expect(await planned(portal(), `select * from pesagens where data >= '2023-04-15' and data <= '2023-06-01'`)).toEqual(['pesagens_p202304', 'pesagens_p202305', 'pesagens_p202306']);
    const from = Date.UTC(2017, 1, 3);
    expect(await planned(portal(), `select * from silo_leituras where device_id = 1 and em >= ${from} and em < ${from + 7 * DAY_MS}`)).toEqual(['silo_leituras_p201702']);
  });

  it('drops the months before a boundary whole, and exactly their rows', async () => {
    await createPesagens(portal(), account, { nucleo: { id: nucleoId }, rows: [{ data: '2010-01-05', peso: 1000 }, { data: '2010-02-27', peso: 1100 }, { data: '2010-03-01', peso: 1200 }] });
    const dropped = await dropPartitionsBefore(portal().database, 'pesagens', '2010-03-01');
    if (portal().dialect === 'sqlite') {
      expect(dropped).toEqual([]);
      return;
    }
    expect(dropped).toEqual(['pesagens_p201001', 'pesagens_p201002']);
    const left = await portal().database.db.selectFrom('pesagens').select('data').where('owner_id', '=', account.user.id).where('data', '<', '2010-12-31').execute();
    expect(left.map((row) => row.data)).toEqual(['2010-03-01']);
    // A write of a dropped month makes it again.
    await createPesagens(portal(), account, { nucleo: { id: nucleoId }, rows: [{ data: '2010-02-01', peso: 1300 }] });
    expect(await partitionsOf(portal(), 'pesagens')).toContain('pesagens_p201002');
  });

  it('keeps the coming months made ahead from the portal clock (PostgreSQL)', async () => {
    const far = Date.UTC(2040, 9, 20);
    const upkeep = partitionUpkeep(portal().database, () => far, { warn: () => undefined });
    upkeep.start();
    await upkeep.stop();
    if (portal().dialect === 'postgres') {
      for (const table of Object.keys(PARTITIONED_TABLES)) {
        expect(await partitionsOf(portal(), table)).toEqual(expect.arrayContaining([`${table}_p204010`, `${table}_p204011`, `${table}_p204012`]));
      }
    }
    // A range made twice is made once.
    await ensurePartitions(portal().database, 'coletas', '2040-10-01', '2040-12-31');
  });

  it('logs a failed upkeep run instead of throwing, and stops cleanly', async () => {
    const warnings: string[] = [];
    const upkeep = partitionUpkeep(portal().database, () => Number.NaN, { warn: (_details, message) => warnings.push(message) });
    upkeep.start();
    await upkeep.stop();
    // SQLite has nothing to keep made, so nothing can fail there.
    expect(warnings).toHaveLength(portal().dialect === 'postgres' ? 1 : 0);
    if (portal().dialect === 'postgres') expect(warnings[0]).toMatch(/could not be made/);
  });
});
