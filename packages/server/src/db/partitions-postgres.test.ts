// What only PostgreSQL has: migration 0011 turning tables that hold rows into monthly partitions,
// and a month dropped while other sessions read and write the table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test/harness.js';
import { deviceWeighingKey, dropPartitionsBefore, ensurePartitions, openDatabase, type Database } from './dialect.js';
import { migrateTo, migrateToLatest, pendingMigrations } from './migrate.js';

const quiet = { warn: () => undefined };

async function children(database: Database, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(${table}) order by 1`.execute(database.db);
  return rows.rows.map((row) => row.name);
}

describe.skipIf(!testDialects().includes('postgres'))('monthly partitions on PostgreSQL', () => {
  let dir: string;
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  const ids = { owner: 0, nucleo: 0, device: 0 };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'partitions-'));
    created = await createTestDatabase('postgres', dir);
    database = openDatabase(created.url, quiet);
    // Up to the migration before 0011, with rows in the plain tables, then 0011.
    const names = await pendingMigrations(database);
    await migrateTo(database, names[names.indexOf('0011_partitions') - 1]!);
    const now = Date.now();
    ids.owner = Number((await sql<{ id: number }>`
      insert into users (email, name, company, password_hash, separador_csv, timezone, language, reports_language, created_at, updated_at)
      values ('p@example.com', 'P', 'C', 'x', ';', -3, 'pt', 'pt', ${now}, ${now}) returning id`.execute(database.db)).rows[0]!.id);
    ids.nucleo = Number((await sql<{ id: number }>`
      insert into nucleos (owner_id, nome, tipo, codigo, endereco, cidade, estado, pais, obs, created_at, updated_at)
      values (${ids.owner}, 'N', 'granja', '', '', '', '', '', '', ${now}, ${now}) returning id`.execute(database.db)).rows[0]!.id);
    ids.device = Number((await sql<{ id: number }>`
      insert into devices (owner_id, modelo, serie, chip_id, versao, nome, obs, credential_user, credential_hash, created_at, updated_at)
      values (${ids.owner}, 'PS/SEL', 'S-1', '', '1', '', '', 'u-1', 'h', ${now}, ${now}) returning id`.execute(database.db)).rows[0]!.id);
    for (const [seq, data] of [[1, '2021-01-15'], [2, '2021-02-15'], [3, '2022-07-01']] as const) {
      await sql`insert into pesagens (owner_id, nucleo_id, data, hora, aviario, lado, box, sexo, peso_dg, linha, serie_balanca, obs, created_at, device_id, seq)
        values (${ids.owner}, ${ids.nucleo}, ${data}, '08:00:00', 'A', '', '', 'M', 15000, '', 'S-1', '', ${now}, ${ids.device}, ${seq})`.execute(database.db);
    }
    for (const em of [Date.UTC(2021, 0, 31, 23, 59), Date.UTC(2021, 1, 1, 0, 1)]) {
      await sql`insert into silo_leituras (owner_id, device_id, em, bucket, peso_hg) values (${ids.owner}, ${ids.device}, ${em}, ${Math.floor(em / 300_000)}, 10)`.execute(database.db);
    }
    await migrateToLatest(database);
  });

  afterAll(async () => {
    await database?.db.destroy();
    await created?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migration 0011 keeps the rows, their ids and the sequence, and cuts them by month', async () => {
    expect(await children(database, 'pesagens')).toEqual(expect.arrayContaining(['pesagens_p202101', 'pesagens_p202102', 'pesagens_p202207']));
    expect(await children(database, 'silo_leituras')).toEqual(expect.arrayContaining(['silo_leituras_p202101', 'silo_leituras_p202102']));
    const rows = await database.db.selectFrom('pesagens').select(['id', 'seq']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, Number(row.seq)])).toEqual([[1, 1], [2, 2], [3, 3]]);
    const next = await sql<{ id: number }>`
      insert into pesagens (owner_id, nucleo_id, data, hora, aviario, lado, box, sexo, peso_dg, linha, serie_balanca, obs, created_at)
      values (${ids.owner}, ${ids.nucleo}, '2022-07-02', '08:00:00', 'A', '', '', 'M', 15000, '', 'S-1', '', 0) returning id`.execute(database.db);
    expect(next.rows[0]!.id).toBe(4);
  });

  it('keeps a device record and a reading bucket stored once, and the foreign keys', async () => {
    expect(deviceWeighingKey(database)).toEqual(['device_id', 'seq', 'data']);
    const again = await database.db
      .insertInto('pesagens')
      .values({ owner_id: ids.owner, nucleo_id: ids.nucleo, data: '2021-02-15', hora: '09:00:00', aviario: 'A', lado: '', box: '', sexo: 'M', peso_dg: 1, linha: '', serie_balanca: 'S-1', obs: '', created_at: 0, device_id: ids.device, seq: 2 })
      .onConflict((oc) => oc.columns(deviceWeighingKey(database)).doNothing())
      .returning('id')
      .executeTakeFirst();
    expect(again).toBeUndefined();
    // The same bucket read again later, on either side of nothing: skipped by the month's own unique key.
    const em = Date.UTC(2021, 1, 1, 0, 2);
    await sql`insert into silo_leituras (owner_id, device_id, em, bucket, peso_hg) values (${ids.owner}, ${ids.device}, ${em}, ${Math.floor(em / 300_000)}, 99) on conflict do nothing`.execute(database.db);
    expect(await database.db.selectFrom('silo_leituras').select('em').execute()).toHaveLength(2);
    await expect(sql`insert into silo_leituras (owner_id, device_id, em, bucket, peso_hg) values (${ids.owner}, 999999, ${em}, 1, 1)`.execute(database.db)).rejects.toMatchObject({ code: '23503' });
    // A removed device: its weighings stay without it (set null), its readings go (cascade), as before.
    await sql`delete from devices where id = ${ids.device}`.execute(database.db);
    expect(await database.db.selectFrom('silo_leituras').select('em').execute()).toHaveLength(0);
    expect((await database.db.selectFrom('pesagens').select('device_id').execute()).every((row) => row.device_id === null)).toBe(true);
  });

  it('drops a month while a long reader holds the table: other readers and writers go on meanwhile', async () => {
    await ensurePartitions(database, 'pesagens', '2012-01-01', '2012-01-31');
    await sql`insert into pesagens (owner_id, nucleo_id, data, hora, aviario, lado, box, sexo, peso_dg, linha, serie_balanca, obs, created_at)
      values (${ids.owner}, ${ids.nucleo}, '2012-01-10', '08:00:00', 'A', '', '', 'M', 15000, '', 'S-1', '', 0)`.execute(database.db);
    // A report that began before the purge: the detach waits for it (and only it).
    const reader = new pg.Client({ connectionString: created.url });
    await reader.connect();
    await reader.query('begin');
    await reader.query('select count(*) from pesagens');
    let dropped: string[] | undefined;
    const dropping = dropPartitionsBefore(database, 'pesagens', '2012-02-01').then((names) => (dropped = names));
    try {
      for (let tries = 0; tries < 200; tries += 1) {
        const pending = await sql`select 1 from pg_inherits where inhrelid = to_regclass('pesagens_p201201') and inhdetachpending`.execute(database.db);
        if (pending.rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Meanwhile a writer and a reader of the table are served, the drop still waiting.
      await sql`insert into pesagens (owner_id, nucleo_id, data, hora, aviario, lado, box, sexo, peso_dg, linha, serie_balanca, obs, created_at)
        values (${ids.owner}, ${ids.nucleo}, '2022-07-03', '08:00:00', 'A', '', '', 'M', 15000, '', 'S-1', '', 0)`.execute(database.db);
      const july = await database.db.selectFrom('pesagens').select('data').where('data', '>=', '2022-07-01').where('data', '<=', '2022-07-31').execute();
      expect(july).toHaveLength(3);
      expect(dropped).toBeUndefined();
    } finally {
      await reader.query('commit');
      await reader.end();
    }
    await dropping;
    expect(dropped).toEqual(['pesagens_p201201']);
    expect(await children(database, 'pesagens')).not.toContain('pesagens_p201201');
    expect(await sql`select to_regclass('pesagens_p201201') as t`.execute(database.db)).toMatchObject({ rows: [{ t: null }] });
  }, 120_000);
});
