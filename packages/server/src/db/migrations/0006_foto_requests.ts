import type { Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * Picture requests (issue 22): a device's picture (IMAGEM) is stored only as the answer to a
 * request the portal sent it a moment ago (a user's 'foto' on the live channel, or a dosing
 * event's proof). The request is a row, not an instance's memory: with several instances every
 * one receives the answer, and the first to mark the row answered stores the picture. The rows
 * also count each user's requests for the rate limit, whichever instance took them.
 */
export function fotoRequests(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('device_foto_pedidos')
        .addColumn('id', id, primary)
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        // Who asked; null for the portal itself (a dosing event's proof picture).
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('pedido', 'varchar(40)', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('answered_at', 'bigint')
        .addUniqueConstraint('device_foto_pedidos_device_pedido', ['device_id', 'pedido'])
        .execute();
      await db.schema.createIndex('device_foto_pedidos_user_requested').on('device_foto_pedidos').columns(['user_id', 'requested_at']).execute();
      await db.schema.createIndex('device_foto_pedidos_requested').on('device_foto_pedidos').column('requested_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('device_foto_pedidos').execute();
    },
  };
}
