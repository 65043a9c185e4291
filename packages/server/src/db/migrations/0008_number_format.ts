import type { Kysely } from 'kysely';

/**
 * The user's number format (issue 16): `separador_decimal` is ',' (1.234,5), '.' (1,234.5) or
 * null, which keeps numbers by the language shown (pt and es ',', en '.'). Existing users get
 * null, so nothing they see changes until they choose. A nullable column without a default is
 * added the same way on SQLite and PostgreSQL.
 */
export function numberFormat() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('separador_decimal', 'varchar(1)').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('separador_decimal').execute();
    },
  };
}
