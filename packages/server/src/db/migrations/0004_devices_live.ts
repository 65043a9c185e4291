import type { Kysely } from 'kysely';
import { binaryColumnType, idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * Devices live (docs/device-protocol.md). A weighing a device sends carries its own sequence
 * number: (device_id, seq) is unique, so a record re-sent after a lost acknowledgement, or
 * received by two portal instances, is stored once. Pictures are stored in the database, so
 * every instance can serve them; (device_id, pedido) is unique for the same reason.
 */
export function devicesLive(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  const blob = binaryColumnType(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('pesagens').addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null')).execute();
      await db.schema.alterTable('pesagens').addColumn('seq', 'bigint').execute();
      await db.schema.createIndex('pesagens_device_seq').on('pesagens').columns(['device_id', 'seq']).unique().execute();

      await db.schema
        .createTable('device_fotos')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('pedido', 'varchar(40)', (c) => c.notNull())
        .addColumn('mime', 'varchar(20)', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('conteudo', blob, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('device_fotos_device_pedido', ['device_id', 'pedido'])
        .execute();
      await db.schema.createIndex('device_fotos_device_created').on('device_fotos').columns(['device_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('device_fotos').execute();
      await db.schema.dropIndex('pesagens_device_seq').execute();
      await db.schema.alterTable('pesagens').dropColumn('seq').execute();
      await db.schema.alterTable('pesagens').dropColumn('device_id').execute();
    },
  };
}
