import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../../test/harness.js';
import { openDatabase } from '../dialect.js';
import { migrateTo } from '../migrate.js';

/**
 * Migration 0012 moves each flock's old mortality list into daily records of its first house
 * (lowest id): entries of one day and cause summed, an empty cause becoming 'sem_causa', one
 * record per day; then the old table is gone.
 */
for (const dialect of testDialects()) {
  describe(`migration 0012: daily house records [${dialect}]`, () => {
    it("moves the flocks' mortality lists into daily records of their first house", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-0012-'));
      const created = await createTestDatabase(dialect, dir);
      const database = openDatabase(created.url);
      try {
        await migrateTo(database, '0011_partitions');
        // The tables as they were before 0012: typed loosely on purpose.
        const db = database.db as unknown as import('kysely').Kysely<any>;
        const now = 1_700_000_000_000;
        const { id: owner } = await db
          .insertInto('users')
          .values({ email: 'm@example.test', name: 'M', company: '', password_hash: 'x', separador_csv: ';', separador_decimal: null, timezone: 0, language: 'pt', reports_language: 'pt', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const farm = { owner_id: owner, nome: 'N', tipo: 'granja', codigo: '', endereco: '', cidade: '', estado: '', pais: '', latitude: null, longitude: null, obs: '', created_at: now, updated_at: now };
        const { id: nucleo } = await db.insertInto('nucleos').values(farm).returning('id').executeTakeFirstOrThrow();
        const houses: number[] = [];
        for (const ordem of [1, 2, 3]) {
          const row = await db.insertInto('aviarios').values({ nucleo_id: nucleo, ordem, nome: `A${ordem}`, lados: 1, boxes: 1, capacidade: 1000, area_m2: null }).returning('id').executeTakeFirstOrThrow();
          houses.push(row.id);
        }
        const flock = { owner_id: owner, nucleo_id: nucleo, data_alojamento: '2026-01-01', linhagem: '', padrao_id: null, aves_macho: 0, aves_femea: 0, aves_misto: 1000, data_encerramento: null, obs: '', created_at: now, updated_at: now };
        const { id: first } = await db.insertInto('lotes').values({ ...flock, codigo: 'L1' }).returning('id').executeTakeFirstOrThrow();
        const { id: second } = await db.insertInto('lotes').values({ ...flock, codigo: 'L2' }).returning('id').executeTakeFirstOrThrow();
        // Listed highest house first: the first house is the lowest id, not the first row.
        await db.insertInto('lote_aviarios').values([{ lote_id: first, aviario_id: houses[2] }, { lote_id: first, aviario_id: houses[1] }, { lote_id: second, aviario_id: houses[0] }]).execute();
        await db
          .insertInto('lote_mortalidade')
          .values([
            { lote_id: first, data: '2026-01-03', aves: 4, causa: '' },
            { lote_id: first, data: '2026-01-03', aves: 2, causa: 'Ascite' },
            { lote_id: first, data: '2026-01-02', aves: 5, causa: '' },
            { lote_id: first, data: '2026-01-03', aves: 3, causa: '' },
            { lote_id: first, data: '2026-01-03', aves: 1, causa: 'Ascite' },
            { lote_id: second, data: '2026-01-05', aves: 7, causa: 'x'.repeat(60) },
          ])
          .execute();

        await migrateTo(database, '0012_daily_records');
        const records = await db.selectFrom('lote_diario').selectAll().orderBy('lote_id').orderBy('data').execute();
        expect(records.map((row: any) => [row.lote_id, row.aviario_id, row.data, row.mortos, row.eliminados, row.owner_id])).toEqual([
          [first, houses[1], '2026-01-02', 5, 0, owner],
          [first, houses[1], '2026-01-03', 10, 0, owner],
          [second, houses[0], '2026-01-05', 7, 0, owner],
        ]);
        const causes = await db
          .selectFrom('lote_diario_mortes')
          .innerJoin('lote_diario', 'lote_diario.id', 'lote_diario_mortes.diario_id')
          .select(['lote_diario.data', 'lote_diario_mortes.causa', 'lote_diario_mortes.aves'])
          .orderBy('lote_diario.data')
          .orderBy('lote_diario_mortes.causa')
          .execute();
        expect(causes).toEqual([
          { data: '2026-01-02', causa: 'sem_causa', aves: 5 },
          { data: '2026-01-03', causa: 'Ascite', aves: 3 },
          { data: '2026-01-03', causa: 'sem_causa', aves: 7 },
          { data: '2026-01-05', causa: 'x'.repeat(40), aves: 7 },
        ]);
        // The old list is gone; the close-out columns are there and empty.
        await expect(sql`SELECT COUNT(*) FROM lote_mortalidade`.execute(db)).rejects.toThrow();
        const lote = await db.selectFrom('lotes').select(['aves_entregues', 'kg_entregues_hg', 'racao_hg', 'obs_fechamento']).where('id', '=', first).executeTakeFirstOrThrow();
        expect(lote).toEqual({ aves_entregues: null, kg_entregues_hg: null, racao_hg: null, obs_fechamento: null });
        // One record per flock, house and day.
        await expect(db.insertInto('lote_diario').values({ ...records[0], id: undefined }).execute()).rejects.toThrow();

        // Down gives the list back, per day and cause.
        await migrateTo(database, '0011_partitions');
        const back = await db.selectFrom('lote_mortalidade').select(['lote_id', 'data', 'aves', 'causa']).orderBy('lote_id').orderBy('data').orderBy('causa').execute();
        expect(back).toEqual([
          { lote_id: first, data: '2026-01-02', aves: 5, causa: '' },
          { lote_id: first, data: '2026-01-03', aves: 7, causa: '' },
          { lote_id: first, data: '2026-01-03', aves: 3, causa: 'Ascite' },
          { lote_id: second, data: '2026-01-05', aves: 7, causa: 'x'.repeat(40) },
        ]);
      } finally {
        await database.db.destroy();
        await created.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  });
}
