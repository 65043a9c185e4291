import { sql, type Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * Imports that do not hold up the portal (issue 22). On SQLite an import commits its rows in short
 * transactions to `importacao_linhas` while the file is read (importacoes.estado 'staging': nothing
 * of it is visible yet), records the decision in one short transaction (the farms and flocks it
 * creates, their ids for the staged rows' placeholders in `importacao_criados`, estado 'moving'),
 * then moves the rows into pesagens in chunks and ends 'done'. At start, a 'staging' import (a
 * process killed while reading) is removed and a 'moving' one is finished. Imports stored before
 * this migration, and every PostgreSQL import (one transaction), are 'done'.
 */
export function importStaging(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('importacoes').addColumn('estado', 'varchar(10)', (c) => c.notNull().defaultTo('done')).execute();
      await db.schema.createIndex('importacoes_estado').on('importacoes').column('estado').where(sql.ref('estado'), '<>', 'done').execute();

      await db.schema
        .createTable('importacao_linhas')
        .addColumn('id', id, primary)
        .addColumn('importacao_id', 'integer', (c) => c.notNull().references('importacoes.id').onDelete('cascade'))
        // The farm and flock: a record's id, or a negative placeholder for one the import creates.
        .addColumn('nucleo_id', 'integer', (c) => c.notNull())
        .addColumn('lote_id', 'integer', (c) => c.notNull())
        .addColumn('data', 'varchar(10)', (c) => c.notNull())
        .addColumn('hora', 'varchar(8)', (c) => c.notNull())
        .addColumn('aviario', 'varchar(40)', (c) => c.notNull())
        .addColumn('lado', 'varchar(40)', (c) => c.notNull())
        .addColumn('box', 'varchar(40)', (c) => c.notNull())
        .addColumn('sexo', 'varchar(20)', (c) => c.notNull())
        .addColumn('peso_dg', 'integer', (c) => c.notNull())
        .addColumn('idade_lote', 'integer')
        .addColumn('linha', 'varchar(40)', (c) => c.notNull())
        .addColumn('score', 'integer')
        .addColumn('serie_balanca', 'varchar(40)', (c) => c.notNull())
        .addColumn('obs', 'varchar(200)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('importacao_linhas_importacao').on('importacao_linhas').columns(['importacao_id', 'id']).execute();

      await db.schema
        .createTable('importacao_criados')
        .addColumn('importacao_id', 'integer', (c) => c.notNull().references('importacoes.id').onDelete('cascade'))
        .addColumn('provisorio', 'integer', (c) => c.notNull())
        .addColumn('real_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('importacao_criados_pk', ['importacao_id', 'provisorio'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('importacao_criados').execute();
      await db.schema.dropTable('importacao_linhas').execute();
      await db.schema.dropIndex('importacoes_estado').execute();
      await db.schema.alterTable('importacoes').dropColumn('estado').execute();
    },
  };
}
