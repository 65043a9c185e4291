import type { Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * Weighing records (spec section 3) and the file imports that stored them. Weights are integer
 * tenths of a gram (`peso_dg`): sums and the report statistics are exact on both databases.
 * aviario, lado, box and sexo are text as the scales write them (a grader puts its category in
 * aviario); the flock and farm are links, resolved at import.
 */
export function weighings(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('importacoes')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('arquivo', 'varchar(200)', (c) => c.notNull())
        .addColumn('hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('linhas', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('importacoes_owner_hash', ['owner_id', 'hash'])
        .execute();

      await db.schema
        .createTable('pesagens')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('nucleo_id', 'integer', (c) => c.notNull().references('nucleos.id'))
        .addColumn('lote_id', 'integer', (c) => c.references('lotes.id'))
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
        .addColumn('importacao_id', 'integer', (c) => c.references('importacoes.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pesagens_owner_data').on('pesagens').columns(['owner_id', 'data']).execute();
      await db.schema.createIndex('pesagens_lote_data').on('pesagens').columns(['lote_id', 'data']).execute();
      await db.schema.createIndex('pesagens_nucleo').on('pesagens').column('nucleo_id').execute();
      await db.schema.createIndex('pesagens_importacao').on('pesagens').column('importacao_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('pesagens').execute();
      await db.schema.dropTable('importacoes').execute();
    },
  };
}
