import type { Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

export function accounts(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', idColumnType(dialect), idColumn(dialect))
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('company', 'varchar(120)', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('separador_csv', 'varchar(2)', (c) => c.notNull().defaultTo(';'))
        .addColumn('timezone', 'double precision', (c) => c.notNull().defaultTo(-3))
        .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('pt'))
        .addColumn('reports_language', 'varchar(2)', (c) => c.notNull().defaultTo('pt'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', idColumnType(dialect), idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('csrf_hash', 'varchar(64)')
        .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', idColumnType(dialect), idColumn(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['auth_throttle', 'password_resets', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
