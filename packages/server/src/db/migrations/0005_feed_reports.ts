import type { Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * Feed, dosing, troughs and collection (issue 9). Live readings of silo scales, trough monitors,
 * dosers and collectors are kept downsampled: at most one row per device (and trough) per
 * `bucket` (the reading's time divided by the kind's period, modules/readings/service.ts). The
 * unique (device, bucket) key lets every portal instance write what it receives: the first
 * one wins, a second is ignored. Decimals are stored as integers of their smallest step
 * (hg = 0.1 kg, tenths of rpm or ml), as in the other tables.
 */
export function feedReports(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const owner = (name: string) =>
        db.schema
          .createTable(name)
          .addColumn('id', id, primary)
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
          .addColumn('em', 'bigint', (c) => c.notNull())
          .addColumn('bucket', 'bigint', (c) => c.notNull());

      await owner('silo_leituras')
        .addColumn('peso_hg', 'integer', (c) => c.notNull())
        .addUniqueConstraint('silo_leituras_device_bucket', ['device_id', 'bucket'])
        .execute();
      await db.schema.createIndex('silo_leituras_device_em').on('silo_leituras').columns(['device_id', 'em']).execute();

      await owner('calha_leituras')
        .addColumn('idcalha', 'integer', (c) => c.notNull())
        .addColumn('rpm_dec', 'integer', (c) => c.notNull())
        .addColumn('voltas', 'integer', (c) => c.notNull())
        .addColumn('ligada', 'integer', (c) => c.notNull())
        // Feed sensed in the trough (1/0); null when the monitor has no sensor.
        .addColumn('presenca', 'integer')
        .addUniqueConstraint('calha_leituras_device_calha_bucket', ['device_id', 'idcalha', 'bucket'])
        .execute();
      await db.schema.createIndex('calha_leituras_device_em').on('calha_leituras').columns(['device_id', 'idcalha', 'em']).execute();

      await owner('dose_leituras')
        .addColumn('volume_dml', 'integer', (c) => c.notNull())
        .addColumn('vazao_dml_min', 'integer', (c) => c.notNull())
        .addColumn('ligada', 'integer', (c) => c.notNull())
        .addUniqueConstraint('dose_leituras_device_bucket', ['device_id', 'bucket'])
        .execute();
      await db.schema.createIndex('dose_leituras_device_em').on('dose_leituras').columns(['device_id', 'em']).execute();

      // A collector's completed batches (machos + femeas = 20): the sex and the average come from them.
      await owner('coletas')
        .addColumn('machos', 'integer', (c) => c.notNull())
        .addColumn('femeas', 'integer', (c) => c.notNull())
        .addColumn('peso_total_dg', 'integer', (c) => c.notNull())
        .addUniqueConstraint('coletas_device_bucket', ['device_id', 'bucket'])
        .execute();
      await db.schema.createIndex('coletas_device_em').on('coletas').columns(['device_id', 'em']).execute();

      // Dosing events: a doser's pump run (origem 'device', opened and closed from its DOSE
      // readings) or a treatment the operator records by hand (origem 'manual').
      await db.schema
        .createTable('dosagens')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('fumigador_id', 'integer', (c) => c.references('fumigadores.id').onDelete('cascade'))
        .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
        .addColumn('origem', 'varchar(8)', (c) => c.notNull())
        .addColumn('inicio', 'bigint', (c) => c.notNull())
        .addColumn('inicio_bucket', 'bigint', (c) => c.notNull())
        .addColumn('fim', 'bigint')
        .addColumn('volume_dml', 'integer', (c) => c.notNull())
        .addColumn('produto', 'varchar(80)', (c) => c.notNull())
        .addColumn('operador', 'varchar(80)', (c) => c.notNull())
        .addColumn('obs', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // Device events: one per device and start minute, whichever instance opens it.
      await db.schema.createIndex('dosagens_device_inicio').on('dosagens').columns(['device_id', 'inicio_bucket']).unique().execute();
      await db.schema.createIndex('dosagens_fumigador_inicio').on('dosagens').columns(['fumigador_id', 'inicio']).execute();
      await db.schema.createIndex('dosagens_owner_inicio').on('dosagens').columns(['owner_id', 'inicio']).execute();

      // A jump up in a silo scale's series the user confirmed (a delivery movement was recorded)
      // or dismissed; a jump with no row here is pending.
      await db.schema
        .createTable('silo_entregas')
        .addColumn('id', id, primary)
        .addColumn('silo_id', 'integer', (c) => c.notNull().references('silos.id').onDelete('cascade'))
        .addColumn('em', 'bigint', (c) => c.notNull())
        .addColumn('quantidade_hg', 'integer', (c) => c.notNull())
        .addColumn('situacao', 'varchar(12)', (c) => c.notNull())
        .addColumn('movimento_id', 'integer', (c) => c.references('silo_movimentos.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('silo_entregas_silo_em', ['silo_id', 'em'])
        .execute();

      // Charts pinned to the dashboard (1/0).
      await db.schema.alterTable('graficos').addColumn('painel', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('graficos').dropColumn('painel').execute();
      for (const table of ['silo_entregas', 'dosagens', 'coletas', 'dose_leituras', 'calha_leituras', 'silo_leituras']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
