import type { Kysely } from 'kysely';

/**
 * Manual weighings (issue 18, registerpesagemmanual): one row per weighing the browser sent, by its
 * client-made uid (unique per owner), written in the transaction that stores its birds in
 * pesagens. A re-sent uid (offline queue, lost answer) finds the row and stores nothing; the row
 * keeps what the first answer said (birds, Σ weight in tenths of a gram). Owned by the weighings
 * module (weighings/manual.repository.ts).
 */
export function manualWeighings() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pesagens_manuais')
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('uid', 'varchar(36)', (c) => c.notNull())
        .addColumn('lote_id', 'integer', (c) => c.notNull().references('lotes.id').onDelete('cascade'))
        .addColumn('aves', 'integer', (c) => c.notNull())
        .addColumn('peso_total_dg', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pesagens_manuais_pk', ['owner_id', 'uid'] as never[])
        .execute();
      await db.schema.createIndex('pesagens_manuais_lote').on('pesagens_manuais').column('lote_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('pesagens_manuais').execute();
    },
  };
}
