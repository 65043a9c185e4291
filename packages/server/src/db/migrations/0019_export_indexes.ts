import type { Kysely } from 'kysely';

/**
 * Issue 21's export reads each kind's rows in change order after a cursor (db/change-order.ts):
 * weighings by (owner, created_at, id) over millions of rows, daily records by (owner, updated_at,
 * id), feed movements (no owner column: joined to their silo) by (created_at, id). Farms, flocks
 * and silos are a few hundred rows per owner: their owner index and a sort suffice. On PostgreSQL
 * the index on pesagens is made on every monthly partition, and on the months made later.
 */
export function exportIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('pesagens_owner_created').on('pesagens').columns(['owner_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('lote_diario_owner_updated').on('lote_diario').columns(['owner_id', 'updated_at', 'id']).execute();
      await db.schema.createIndex('silo_movimentos_created').on('silo_movimentos').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('silo_movimentos_created').execute();
      await db.schema.dropIndex('lote_diario_owner_updated').execute();
      await db.schema.dropIndex('pesagens_owner_created').execute();
    },
  };
}
