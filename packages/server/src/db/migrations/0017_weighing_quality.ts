import type { Kysely } from 'kysely';

/**
 * Weighing quality (issue 20, docs/quality.md), owned by modules/weighings/quality: one row per
 * flock whose settings were saved (no row: QUALIDADE_PADRAO, filter off). Goes with its flock and
 * its owner (ON DELETE CASCADE). The flagged weighings are never stored apart: they are the flock's
 * weighings outside each day's window, found again at every read.
 */
export function weighingQuality() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lote_qualidade')
        .addColumn('lote_id', 'integer', (c) => c.primaryKey().references('lotes.id').onDelete('cascade'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        /** 0/1: the filter keeps flagged weighings out of the statistics. */
        .addColumn('ativo', 'integer', (c) => c.notNull())
        .addColumn('abaixo_pct', 'integer', (c) => c.notNull())
        .addColumn('acima_pct', 'integer', (c) => c.notNull())
        .addColumn('dupla_tolerancia_pct', 'integer', (c) => c.notNull())
        /** media_anterior or padrao. */
        .addColumn('referencia', 'varchar(20)', (c) => c.notNull())
        .addColumn('pesagens_dia_meta', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lote_qualidade_owner').on('lote_qualidade').column('owner_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('lote_qualidade').execute();
    },
  };
}
