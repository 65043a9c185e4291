import type { Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * API tokens for machine clients (issue 21), owned by modules/apiTokens: an owner's named bearer
 * tokens, stored as the SHA-256 of the token (unique: the lookup of every call made with one).
 * `nucleos` is the farms it is limited to ('1|2'; null: every farm); `expira_em` the last valid day
 * as the owner chose it, `expira_ms` the instant it ends (the start of the next day in the owner's
 * time zone when created), which the lookup compares. Revoked tokens stay as history.
 */
export function apiTokens(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('nome', 'varchar(80)', (c) => c.notNull())
        /** leitura or importacao. */
        .addColumn('escopo', 'varchar(20)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('prefixo', 'varchar(12)', (c) => c.notNull())
        .addColumn('nucleos', 'text')
        .addColumn('expira_em', 'varchar(10)')
        .addColumn('expira_ms', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('ultimo_uso', 'bigint')
        .addColumn('revogado_em', 'bigint')
        .execute();
      await db.schema.createIndex('api_tokens_owner').on('api_tokens').column('owner_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_tokens').execute();
    },
  };
}
