import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dailyAggregateMismatches } from '../../test/daily-aggregates.js';
import { generatedWeighings, gramsToDecigrams } from '../../test/factories/weighings.js';
import { createTestDatabase, testDialects } from '../../test/harness.js';
import { openDatabase } from '../dialect.js';
import { migrateTo } from '../migrate.js';
import { backfillDailyAggregates } from './0009_daily_aggregates.js';

/**
 * Migration 0009 builds the daily aggregates of the weighings stored before it: they must equal
 * the oracle's GROUP BYs over the raw rows, and every weighing must name its day row. The oracle
 * itself is shown to see a wrong count, band, score or day link.
 */
for (const dialect of testDialects()) {
  describe(`migration 0009: daily aggregates backfilled [${dialect}]`, () => {
    it('counts every weighing stored before it, and the oracle sees any difference', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-0009-'));
      const created = await createTestDatabase(dialect, dir);
      const database = openDatabase(created.url);
      try {
        await migrateTo(database, '0008_number_format');
        const db = database.db;
        const now = 1_700_000_000_000;
        const owners: number[] = [];
        for (const email of ['a@example.test', 'b@example.test']) {
          const { id } = await db
            .insertInto('users')
            .values({ email, name: email, company: '', password_hash: 'x', separador_csv: ';', separador_decimal: null, timezone: 0, language: 'pt', reports_language: 'pt', created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          owners.push(id);
        }
        const farm = { tipo: 'granja', codigo: '', endereco: '', cidade: '', estado: '', pais: '', latitude: null, longitude: null, obs: '', created_at: now, updated_at: now };
        const flock = { codigo: 'L', data_alojamento: null, linhagem: '', padrao_id: null, aves_macho: 0, aves_femea: 0, aves_misto: 0, data_encerramento: null, obs: '', created_at: now, updated_at: now };
        for (const [index, owner] of owners.entries()) {
          const nucleo = await db.insertInto('nucleos').values({ ...farm, owner_id: owner, nome: `N${index}` }).returning('id').executeTakeFirstOrThrow();
          const lote = await db.insertInto('lotes').values({ ...flock, owner_id: owner, nucleo_id: nucleo.id }).returning('id').executeTakeFirstOrThrow();
          const rows = generatedWeighings(9 + index, 3_000, { datas: ['2026-03-02', '2026-03-03', '2026-03-09'] }).map((row, n) => ({
            owner_id: owner, nucleo_id: nucleo.id, lote_id: n % 5 === 0 ? null : lote.id, data: row.data!, hora: row.hora!, aviario: row.aviario!, lado: row.lado!,
            box: row.box!, sexo: row.sexo!, peso_dg: gramsToDecigrams(row.peso), idade_lote: n % 7 === 0 ? null : row.idade_lote!, linha: row.linha!,
            score: row.score ?? null, serie_balanca: row.serie_balanca!, obs: '', importacao_id: null, created_at: now,
          }));
          for (let start = 0; start < rows.length; start += 500) await db.insertInto('pesagens').values(rows.slice(start, start + 500)).execute();
        }

        await migrateTo(database, '0009_daily_aggregates');
        expect(await dailyAggregateMismatches(database)).toEqual([]);
        const total = await db.selectFrom('pesagens_dia').select((eb) => eb.fn.sum<number | string>('aves').as('aves')).executeTakeFirstOrThrow();
        expect(Number(total.aves)).toBe(6_000);

        // Again in steps of 700 ids: a day's rows lie across several steps (the file mixes its days), and
        // each step adds to the day rows the earlier ones made.
        for (const table of ['pesagens_dia_faixas', 'pesagens_dia_scores', 'pesagens_dia'] as const) await db.deleteFrom(table).execute();
        await db.updateTable('pesagens').set({ dia_id: null }).execute();
        // A gap in the ids: a step starts at the next id there is.
        await db.deleteFrom('pesagens').where('id', '>', 1_000).where('id', '<=', 2_500).execute();
        await backfillDailyAggregates(db as unknown as Kysely<unknown>, dialect, now, 700);
        expect(await dailyAggregateMismatches(database)).toEqual([]);
        const steps = await db.selectFrom('pesagens_dia').select((eb) => eb.fn.sum<number | string>('aves').as('aves')).executeTakeFirstOrThrow();
        expect(Number(steps.aves)).toBe(4_500);

        // The oracle is not blind: a count, a band, a score and a day link changed are each reported.
        const day = await db.selectFrom('pesagens_dia').select('id').orderBy('id').executeTakeFirstOrThrow();
        await db.updateTable('pesagens_dia').set((eb) => ({ maior_dg: eb('maior_dg', '+', 1) })).where('id', '=', day.id).execute();
        await db.updateTable('pesagens_dia_faixas').set((eb) => ({ aves: eb('aves', '+', 1) })).where('dia_id', '=', day.id).execute();
        await db.deleteFrom('pesagens_dia_scores').where('dia_id', '=', day.id).execute();
        const other = await db.selectFrom('pesagens_dia').select('id').where('id', '<>', day.id).executeTakeFirstOrThrow();
        await db.updateTable('pesagens').set({ dia_id: other.id }).where('dia_id', '=', day.id).execute();
        const faults = await dailyAggregateMismatches(database);
        for (const kind of [/^day /, /^faixa /, /^score /, /^weighing \d+: dia_id/]) expect(faults.some((fault) => kind.test(fault)), `${kind} in ${faults.slice(0, 5).join('\n')}`).toBe(true);
      } finally {
        await database.db.destroy();
        await created.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  });
}
