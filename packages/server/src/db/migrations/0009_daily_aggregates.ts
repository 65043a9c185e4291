import { sql, type Kysely } from 'kysely';
import { countIntoDays } from '../../modules/weighings/index.js';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * Daily weighing aggregates kept at write (issue 23, docs/data-model.md "Daily weighing
 * aggregates"). One `pesagens_dia` row per (owner, farm, flock, day, house, side, box, sex, scale)
 * holds the count, Σ, Σ², min, max and youngest age of its weighings; `pesagens_dia_faixas` its
 * counts per 10 g band and `pesagens_dia_scores` per score, so headers, tiles, charts and the
 * report's exact statistics read a day's few rows instead of its thousands of weighings. Each
 * weighing names the day row it is counted in (`pesagens.dia_id`): the exact weights of the one
 * band at a uniformity edge are read from raw rows through (dia_id, peso_dg).
 *
 * The unique key holds `lote_chave` (the flock, 0 for none) because a NULL never conflicts. A farm or
 * flock is deleted only once no weighing names it (farmInUse, hasWeighings), so the day rows its
 * removal cascades to count no weighing any more: they must not keep it from going.
 * `pesagens.dia_id` has no foreign key: PostgreSQL cuts pesagens into months (0011), and every
 * write and removal keeps both sides together in one transaction (weighings/pesagens-dia.repository.ts).
 *
 * The backfill is set-based on both databases, a range of ids at a time (see backfill): the day
 * rows from a GROUP BY, the weighings' dia_id from one UPDATE (a unique-key lookup per row), the
 * bands and scores from GROUP BYs on dia_id — the statements a staged import's chunk is counted
 * with too (countIntoDays, weighings/pesagens-dia.repository.ts). Should a later migration change
 * those tables, this one gets its own copy of them as they are here.
 */
const DAY_KEY = ['owner_id', 'nucleo_id', 'lote_chave', 'data', 'aviario', 'lado', 'box', 'sexo', 'serie_balanca'] as const;

export function dailyAggregates(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pesagens_dia')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('nucleo_id', 'integer', (c) => c.notNull().references('nucleos.id').onDelete('cascade'))
        .addColumn('lote_id', 'integer', (c) => c.references('lotes.id').onDelete('cascade'))
        .addColumn('lote_chave', 'integer', (c) => c.notNull())
        .addColumn('data', 'varchar(10)', (c) => c.notNull())
        .addColumn('aviario', 'varchar(40)', (c) => c.notNull())
        .addColumn('lado', 'varchar(40)', (c) => c.notNull())
        .addColumn('box', 'varchar(40)', (c) => c.notNull())
        .addColumn('sexo', 'varchar(20)', (c) => c.notNull())
        .addColumn('serie_balanca', 'varchar(40)', (c) => c.notNull())
        .addColumn('aves', 'integer', (c) => c.notNull())
        .addColumn('soma_dg', 'bigint', (c) => c.notNull())
        .addColumn('quadrados_dg', 'bigint', (c) => c.notNull())
        .addColumn('menor_dg', 'integer', (c) => c.notNull())
        .addColumn('maior_dg', 'integer', (c) => c.notNull())
        .addColumn('idade_min', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('pesagens_dia_chave', [...DAY_KEY])
        .execute();
      await db.schema.createIndex('pesagens_dia_owner_data').on('pesagens_dia').columns(['owner_id', 'data']).execute();
      await db.schema.createIndex('pesagens_dia_lote_data').on('pesagens_dia').columns(['lote_id', 'data']).execute();

      for (const [table, column] of [['pesagens_dia_faixas', 'faixa'], ['pesagens_dia_scores', 'score']] as const) {
        await db.schema
          .createTable(table)
          .addColumn('dia_id', 'integer', (c) => c.notNull().references('pesagens_dia.id').onDelete('cascade'))
          .addColumn(column, 'integer', (c) => c.notNull())
          .addColumn('aves', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['dia_id', column])
          .execute();
      }

      await db.schema.alterTable('pesagens').addColumn('dia_id', 'integer').execute();
      await backfillDailyAggregates(db, dialect, Date.now());
      // Made after the backfill's UPDATE, which it would only slow down.
      await db.schema.createIndex('pesagens_dia_peso').on('pesagens').columns(['dia_id', 'peso_dg']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('pesagens_dia_peso').execute();
      await db.schema.alterTable('pesagens').dropColumn('dia_id').execute();
      await db.schema.dropTable('pesagens_dia_scores').execute();
      await db.schema.dropTable('pesagens_dia_faixas').execute();
      await db.schema.dropTable('pesagens_dia').execute();
    },
  };
}

/**
 * Weighings per backfill step: each statement well within the pool's 15 s query timeout on PostgreSQL
 * (its UPDATE rewrites every row and index entry of the range), each SQLite sort within memory.
 */
const BACKFILL_ROWS = 50_000;

/**
 * The existing weighings counted into the new tables (see above), BACKFILL_ROWS ids at a time: each
 * step's GROUP BY is added to the day rows earlier steps made (on conflict do update set aves =
 * aves + excluded.aves, …), so the total is exact whatever the ranges cut (the migration test cuts
 * days with a small `step`). Memory and each statement's time stay bounded whatever the table;
 * the steps share the migration's one transaction (Kysely runs the pending migrations in one), so
 * a migration stopped half-way leaves the schema as it was and runs again from the start.
 */
export async function backfillDailyAggregates(db: Kysely<unknown>, dialect: DialectName, now: number, step = BACKFILL_ROWS): Promise<void> {
  // The first id at or after `from` (ranges skip the gaps of ids); undefined past the last.
  const nextId = async (from: number) => {
    const found = await sql<{ id: number | null }>`select min(id) as id from pesagens where id >= ${from}`.execute(db);
    const id = found.rows[0]?.id;
    return id === null || id === undefined ? undefined : Number(id);
  };
  for (let first = await nextId(0); first !== undefined; first = await nextId(first + step)) {
    await countIntoDays(db, dialect, sql`pesagens.id >= ${first} and pesagens.id < ${first + step}`, now);
  }
}
