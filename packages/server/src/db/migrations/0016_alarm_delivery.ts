import type { Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * How alarms reach people outside the portal (issue 19, docs/alarms.md "Delivery"), owned by
 * modules/alarms/delivery:
 * - `alarme_preferencias`: per user and owner, e-mail and push on or off, the severities and farms
 *   (JSON text, null: every farm the user reads), quiet hours and the morning digest's local time;
 *   no row: ALARME_PREFERENCIAS_PADRAO.
 * - `push_assinaturas`: a browser's Web Push subscription (endpoint unique: a second subscribe
 *   with it replaces the keys and the user), with its last failure.
 * - `alarme_envios`: every e-mail, push and digest sent, keyed by what it is
 *   (`a:{alarme}:{nivel}:{seq}:{user}:{canal}`, `r:{user}:{owner}:{local day}`). The row is written
 *   BEFORE the message goes out: the unique chave lets one instance only send it, once, even
 *   after a restart.
 */
export function alarmDelivery(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alarme_preferencias')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'integer', (c) => c.notNull())
        .addColumn('push', 'integer', (c) => c.notNull())
        /** JSON text: the severities that reach the user. */
        .addColumn('severidades', 'text', (c) => c.notNull())
        /** JSON text of farm ids; null: every farm the user reads. */
        .addColumn('nucleos', 'text')
        .addColumn('silencio_inicio', 'varchar(5)')
        .addColumn('silencio_fim', 'varchar(5)')
        .addColumn('resumo_hora', 'varchar(5)')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('alarme_preferencias_pk', ['user_id', 'owner_id'] as never[])
        .execute();
      await db.schema.createIndex('alarme_preferencias_owner').on('alarme_preferencias').column('owner_id').execute();

      await db.schema
        .createTable('push_assinaturas')
        .addColumn('id', id, primary)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
        .addColumn('p256dh', 'varchar(120)', (c) => c.notNull())
        .addColumn('auth', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('falha_em', 'bigint')
        .addColumn('falha', 'varchar(300)')
        .execute();
      await db.schema.createIndex('push_assinaturas_user').on('push_assinaturas').column('user_id').execute();

      await db.schema
        .createTable('alarme_envios')
        .addColumn('id', id, primary)
        .addColumn('chave', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        /** The alarm notified (null for a digest). */
        .addColumn('alarme_id', 'integer', (c) => c.references('alarmes.id').onDelete('cascade'))
        .addColumn('nivel', 'integer')
        .addColumn('seq', 'integer')
        /** email, push or resumo. */
        .addColumn('canal', 'varchar(10)', (c) => c.notNull())
        .addColumn('enviado_em', 'bigint', (c) => c.notNull())
        /** Why sending failed (logged too); null when it went out. */
        .addColumn('falha', 'varchar(300)')
        .execute();
      await db.schema.createIndex('alarme_envios_alarme').on('alarme_envios').column('alarme_id').execute();
      await db.schema.createIndex('alarme_envios_user').on('alarme_envios').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('alarme_envios').execute();
      await db.schema.dropTable('push_assinaturas').execute();
      await db.schema.dropTable('alarme_preferencias').execute();
    },
  };
}
