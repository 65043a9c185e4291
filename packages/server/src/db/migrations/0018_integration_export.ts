import { sql, type Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * The export that runs (issue 21, docs/integrations.md), owned by modules/integrations:
 * - `integration_configs` gains its export state: the sealed signing secret, consecutive failures,
 *   the pause and its reason, the last success, and `agenda_desde` (schedule slots before it are
 *   not run: saving a schedule does not send at once for a slot already past).
 * - `integration_runs`: each run of a configuration (a schedule slot, "Enviar agora", "Reenviar
 *   desde") with what it sent and what the endpoint answered. UNIQUE(config_id, agendado_para)
 *   claims a schedule slot once across instances and restarts (manual runs have no slot: null).
 * - `integration_cursors`: per configuration and kind, the (at, id) of the last row delivered.
 */
export function integrationExport(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const configs = () => db.schema.alterTable('integration_configs');
      await configs().addColumn('segredo_enc', 'text').execute();
      await configs().addColumn('falhas_seguidas', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await configs().addColumn('pausada_em', 'bigint').execute();
      await configs().addColumn('ultimo_erro', 'varchar(30)').execute();
      await configs().addColumn('ultimo_erro_detalhe', 'varchar(500)').execute();
      await configs().addColumn('ultimo_sucesso', 'bigint').execute();
      await configs().addColumn('agenda_desde', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      // Configurations saved before the export existed start with the next slot, not a past one.
      await sql`update integration_configs set agenda_desde = ${Date.now()}`.execute(db);

      await db.schema
        .createTable('integration_runs')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('config_id', 'integer', (c) => c.notNull().references('integration_configs.id').onDelete('cascade'))
        /** ENVIO_ORIGENS: agenda, manual, reenvio. */
        .addColumn('origem', 'varchar(10)', (c) => c.notNull())
        /** ENVIO_ESTADOS. */
        .addColumn('estado', 'varchar(12)', (c) => c.notNull())
        /** reenvio: the date sent again from (YYYY-MM-DD). */
        .addColumn('desde', 'varchar(10)')
        /** agenda: the slot (epoch ms) this run is for; null for manual runs. */
        .addColumn('agendado_para', 'bigint')
        .addColumn('criado_em', 'bigint', (c) => c.notNull())
        .addColumn('inicio', 'bigint')
        .addColumn('fim', 'bigint')
        .addColumn('paginas', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('linhas', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tentativas', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('http_status', 'integer')
        .addColumn('resposta', 'varchar(500)')
        .addColumn('erro', 'varchar(30)')
        .addColumn('erro_detalhe', 'varchar(500)')
        .addUniqueConstraint('integration_runs_slot', ['config_id', 'agendado_para'] as never[])
        .execute();
      await db.schema.createIndex('integration_runs_config').on('integration_runs').columns(['config_id', 'id']).execute();
      await db.schema.createIndex('integration_runs_estado').on('integration_runs').column('estado').execute();

      await db.schema
        .createTable('integration_cursors')
        .addColumn('config_id', 'integer', (c) => c.notNull().references('integration_configs.id').onDelete('cascade'))
        /** DADOS_INTEGRACAO. */
        .addColumn('dado', 'varchar(20)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('row_id', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('integration_cursors_pk', ['config_id', 'dado'] as never[])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('integration_cursors').execute();
      await db.schema.dropTable('integration_runs').execute();
      for (const column of ['segredo_enc', 'falhas_seguidas', 'pausada_em', 'ultimo_erro', 'ultimo_erro_detalhe', 'ultimo_sucesso', 'agenda_desde']) {
        await db.schema.alterTable('integration_configs').dropColumn(column).execute();
      }
    },
  };
}
