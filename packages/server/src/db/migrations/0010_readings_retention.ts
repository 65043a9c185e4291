import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Retention and rollups of device readings (issue 23). Raw readings (migration 0005) are kept the
 * owner's `leituras_retencao.dias` (default 90); before that they are summed up per minute
 * (`<table>_min`, kept 730 days) and per hour (`<table>_hora`, kept while the device exists),
 * each summary table owned by the module owning its raw table. A summary row holds the count, the
 * sums, lowest and highest values the reports need, and the first and last readings (their time
 * and values): an hour of a silo scale also its first reading of the second half hour, so the
 * silo's series stays within the delivery detector's 30-minute gap.
 *
 * `leituras_agregacao` records, per raw table, up to where minutes and hours are summed (the
 * periodic job's progress): the purge deletes only what lies before it. The raw tables get an
 * index on `em` so that job reads a closed minute of every device without a scan.
 */
export function readingsRetention() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leituras_retencao')
        .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('dias', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('leituras_agregacao')
        .addColumn('tabela', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('minutos_ate', 'bigint', (c) => c.notNull())
        .addColumn('horas_ate', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      for (const table of ['silo_leituras', 'calha_leituras', 'dose_leituras', 'coletas']) {
        await db.schema.createIndex(`${table}_em`).on(table).column('em').execute();
      }

      type Table = CreateTableBuilder<string, never>;
      const summary = async (raw: string, series: string[], columns: (table: Table) => Table) => {
        for (const level of ['min', 'hora'] as const) {
          const name = `${raw}_${level}`;
          let table = db.schema
            .createTable(name)
            .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
            .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'));
          if (series.includes('idcalha')) table = table.addColumn('idcalha', 'integer', (c) => c.notNull());
          table = table
            .addColumn('inicio', 'bigint', (c) => c.notNull())
            .addColumn('n', 'integer', (c) => c.notNull())
            .addColumn('primeiro_em', 'bigint', (c) => c.notNull())
            .addColumn('ultimo_em', 'bigint', (c) => c.notNull());
          await columns(table).addPrimaryKeyConstraint(`${name}_pk`, [...series, 'inicio'] as never[]).execute();
          // The job sums an hour's minutes and the purge finds old minutes by time.
          if (level === 'min') await db.schema.createIndex(`${name}_inicio`).on(name).column('inicio').execute();
        }
      };

      await summary('silo_leituras', ['device_id'], (t) =>
        t
          .addColumn('meio_em', 'bigint')
          .addColumn('peso_soma', 'bigint', (c) => c.notNull())
          .addColumn('peso_min', 'integer', (c) => c.notNull())
          .addColumn('peso_max', 'integer', (c) => c.notNull())
          .addColumn('peso_primeiro', 'integer', (c) => c.notNull())
          .addColumn('peso_meio', 'integer')
          .addColumn('peso_ultimo', 'integer', (c) => c.notNull()),
      );
      await summary('calha_leituras', ['device_id', 'idcalha'], (t) =>
        t
          .addColumn('ligada_n', 'integer', (c) => c.notNull())
          .addColumn('rpm_soma', 'bigint', (c) => c.notNull())
          .addColumn('rpm_soma_ligada', 'bigint', (c) => c.notNull())
          .addColumn('rpm_max_ligada', 'integer')
          .addColumn('voltas_max', 'integer', (c) => c.notNull())
          .addColumn('voltas_ultimo', 'integer', (c) => c.notNull())
          .addColumn('presenca_n', 'integer', (c) => c.notNull())
          .addColumn('presenca_soma', 'integer', (c) => c.notNull()),
      );
      await summary('dose_leituras', ['device_id'], (t) =>
        t
          .addColumn('volume_soma', 'bigint', (c) => c.notNull())
          .addColumn('volume_max', 'integer', (c) => c.notNull())
          .addColumn('vazao_soma', 'bigint', (c) => c.notNull())
          .addColumn('ligada_n', 'integer', (c) => c.notNull())
          .addColumn('volume_ultimo', 'integer', (c) => c.notNull())
          .addColumn('vazao_ultimo', 'integer', (c) => c.notNull())
          .addColumn('ligada_ultimo', 'integer', (c) => c.notNull()),
      );
      await summary('coletas', ['device_id'], (t) =>
        t
          .addColumn('machos', 'integer', (c) => c.notNull())
          .addColumn('femeas', 'integer', (c) => c.notNull())
          .addColumn('peso_total_dg', 'bigint', (c) => c.notNull()),
      );
    },
    async down(db: Kysely<unknown>) {
      for (const raw of ['coletas', 'dose_leituras', 'calha_leituras', 'silo_leituras']) {
        await db.schema.dropTable(`${raw}_hora`).execute();
        await db.schema.dropTable(`${raw}_min`).execute();
        await db.schema.dropIndex(`${raw}_em`).execute();
      }
      await db.schema.dropTable('leituras_agregacao').execute();
      await db.schema.dropTable('leituras_retencao').execute();
    },
  };
}
