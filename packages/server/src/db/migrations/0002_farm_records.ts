import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * The farm records of spec sections 2, 3, 6 and 7 (docs/data-model.md explains each field).
 * Kilograms are stored as integer tenths (`*_hg`) so balances add up exactly on both databases;
 * booleans are 0/1 integers, dates YYYY-MM-DD text, times epoch milliseconds.
 */
export function farmRecords(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  const owned = <T extends string>(table: CreateTableBuilder<T>) =>
    table
      .addColumn('id', id, primary)
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
  const stamped = <T extends string>(table: CreateTableBuilder<T>) =>
    table.addColumn('created_at', 'bigint', (c) => c.notNull()).addColumn('updated_at', 'bigint', (c) => c.notNull());

  return {
    async up(db: Kysely<unknown>) {
      await stamped(
        owned(db.schema.createTable('nucleos'))
          .addColumn('nome', 'varchar(120)', (c) => c.notNull())
          .addColumn('tipo', 'varchar(12)', (c) => c.notNull())
          .addColumn('codigo', 'varchar(40)', (c) => c.notNull())
          .addColumn('endereco', 'varchar(200)', (c) => c.notNull())
          .addColumn('cidade', 'varchar(120)', (c) => c.notNull())
          .addColumn('estado', 'varchar(60)', (c) => c.notNull())
          .addColumn('pais', 'varchar(60)', (c) => c.notNull())
          .addColumn('latitude', 'double precision')
          .addColumn('longitude', 'double precision')
          .addColumn('obs', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('nucleos_owner').on('nucleos').column('owner_id').execute();

      await db.schema
        .createTable('aviarios')
        .addColumn('id', id, primary)
        .addColumn('nucleo_id', 'integer', (c) => c.notNull().references('nucleos.id').onDelete('cascade'))
        .addColumn('ordem', 'integer', (c) => c.notNull())
        .addColumn('nome', 'varchar(60)', (c) => c.notNull())
        .addColumn('lados', 'integer', (c) => c.notNull())
        .addColumn('boxes', 'integer', (c) => c.notNull())
        .addColumn('capacidade', 'integer', (c) => c.notNull())
        .addColumn('area_m2', 'double precision')
        .execute();
      await db.schema.createIndex('aviarios_nucleo').on('aviarios').column('nucleo_id').execute();

      await db.schema
        .createTable('grants')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('grantee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('nivel', 'varchar(10)', (c) => c.notNull())
        .addColumn('all_data', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('grants_owner_grantee', ['owner_id', 'grantee_id'])
        .execute();
      await db.schema.createIndex('grants_grantee').on('grants').column('grantee_id').execute();
      await db.schema
        .createTable('grant_nucleos')
        .addColumn('grant_id', 'integer', (c) => c.notNull().references('grants.id').onDelete('cascade'))
        .addColumn('nucleo_id', 'integer', (c) => c.notNull().references('nucleos.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('grant_nucleos_pk', ['grant_id', 'nucleo_id'])
        .execute();

      await stamped(
        owned(db.schema.createTable('padroes'))
          .addColumn('nome', 'varchar(80)', (c) => c.notNull())
          .addColumn('linhagem', 'varchar(60)', (c) => c.notNull())
          .addColumn('edicao', 'varchar(20)', (c) => c.notNull())
          .addColumn('sexo', 'varchar(6)', (c) => c.notNull())
          .addColumn('fonte', 'varchar(300)', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('padroes_owner').on('padroes').column('owner_id').execute();
      await db.schema
        .createTable('padrao_pontos')
        .addColumn('padrao_id', 'integer', (c) => c.notNull().references('padroes.id').onDelete('cascade'))
        .addColumn('idade', 'integer', (c) => c.notNull())
        .addColumn('peso', 'double precision', (c) => c.notNull())
        .addColumn('ganho_diario', 'double precision')
        .addColumn('conversao', 'double precision')
        .addColumn('consumo_acumulado', 'double precision')
        .addPrimaryKeyConstraint('padrao_pontos_pk', ['padrao_id', 'idade'])
        .execute();

      await stamped(
        owned(db.schema.createTable('lotes'))
          .addColumn('nucleo_id', 'integer', (c) => c.notNull().references('nucleos.id'))
          .addColumn('codigo', 'varchar(40)', (c) => c.notNull())
          .addColumn('data_alojamento', 'varchar(10)')
          .addColumn('linhagem', 'varchar(60)', (c) => c.notNull())
          .addColumn('padrao_id', 'integer', (c) => c.references('padroes.id'))
          .addColumn('aves_macho', 'integer', (c) => c.notNull())
          .addColumn('aves_femea', 'integer', (c) => c.notNull())
          .addColumn('aves_misto', 'integer', (c) => c.notNull())
          .addColumn('data_encerramento', 'varchar(10)')
          .addColumn('obs', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('lotes_owner').on('lotes').column('owner_id').execute();
      await db.schema.createIndex('lotes_nucleo').on('lotes').column('nucleo_id').execute();
      await db.schema
        .createTable('lote_aviarios')
        .addColumn('lote_id', 'integer', (c) => c.notNull().references('lotes.id').onDelete('cascade'))
        .addColumn('aviario_id', 'integer', (c) => c.notNull().references('aviarios.id'))
        .addPrimaryKeyConstraint('lote_aviarios_pk', ['lote_id', 'aviario_id'])
        .execute();
      await db.schema
        .createTable('lote_mortalidade')
        .addColumn('id', id, primary)
        .addColumn('lote_id', 'integer', (c) => c.notNull().references('lotes.id').onDelete('cascade'))
        .addColumn('data', 'varchar(10)', (c) => c.notNull())
        .addColumn('aves', 'integer', (c) => c.notNull())
        .addColumn('causa', 'varchar(120)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lote_mortalidade_lote').on('lote_mortalidade').column('lote_id').execute();

      await stamped(
        owned(db.schema.createTable('devices'))
          .addColumn('modelo', 'varchar(10)', (c) => c.notNull())
          .addColumn('serie', 'varchar(40)', (c) => c.notNull())
          .addColumn('chip_id', 'varchar(40)', (c) => c.notNull())
          .addColumn('versao', 'varchar(20)', (c) => c.notNull())
          .addColumn('nome', 'varchar(80)', (c) => c.notNull())
          .addColumn('nucleo_id', 'integer', (c) => c.references('nucleos.id'))
          .addColumn('aviario_id', 'integer', (c) => c.references('aviarios.id'))
          .addColumn('obs', 'text', (c) => c.notNull())
          .addColumn('credential_user', 'varchar(60)', (c) => c.notNull().unique())
          .addColumn('credential_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('last_contact_at', 'bigint')
          .addUniqueConstraint('devices_modelo_serie', ['modelo', 'serie']),
      ).execute();
      await db.schema.createIndex('devices_owner').on('devices').column('owner_id').execute();

      await stamped(
        owned(db.schema.createTable('silos'))
          .addColumn('nucleo_id', 'integer', (c) => c.notNull().references('nucleos.id'))
          .addColumn('nome', 'varchar(60)', (c) => c.notNull())
          .addColumn('capacidade_hg', 'integer', (c) => c.notNull())
          .addColumn('tipo_racao', 'varchar(60)', (c) => c.notNull())
          .addColumn('device_id', 'integer', (c) => c.references('devices.id'))
          .addColumn('obs', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('silos_owner').on('silos').column('owner_id').execute();
      await db.schema
        .createTable('silo_aviarios')
        .addColumn('silo_id', 'integer', (c) => c.notNull().references('silos.id').onDelete('cascade'))
        .addColumn('aviario_id', 'integer', (c) => c.notNull().references('aviarios.id'))
        .addPrimaryKeyConstraint('silo_aviarios_pk', ['silo_id', 'aviario_id'])
        .execute();
      await db.schema
        .createTable('silo_movimentos')
        .addColumn('id', id, primary)
        .addColumn('silo_id', 'integer', (c) => c.notNull().references('silos.id').onDelete('cascade'))
        .addColumn('tipo', 'varchar(14)', (c) => c.notNull())
        .addColumn('data', 'varchar(10)', (c) => c.notNull())
        .addColumn('quantidade_hg', 'integer', (c) => c.notNull())
        .addColumn('silo_destino_id', 'integer', (c) => c.references('silos.id'))
        .addColumn('nota_fiscal', 'varchar(40)', (c) => c.notNull())
        .addColumn('obs', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('silo_movimentos_silo').on('silo_movimentos').column('silo_id').execute();
      await db.schema.createIndex('silo_movimentos_destino').on('silo_movimentos').column('silo_destino_id').execute();

      await stamped(
        owned(db.schema.createTable('fumigadores'))
          .addColumn('nucleo_id', 'integer', (c) => c.notNull().references('nucleos.id'))
          .addColumn('aviario_id', 'integer', (c) => c.references('aviarios.id'))
          .addColumn('device_id', 'integer', (c) => c.references('devices.id'))
          .addColumn('nome', 'varchar(80)', (c) => c.notNull())
          .addColumn('produto', 'varchar(80)', (c) => c.notNull())
          .addColumn('dose_ml', 'double precision', (c) => c.notNull())
          .addColumn('volume_agua_l', 'double precision')
          .addColumn('duracao_min', 'integer', (c) => c.notNull())
          .addColumn('horarios', 'varchar(300)', (c) => c.notNull())
          .addColumn('ativo', 'integer', (c) => c.notNull())
          .addColumn('obs', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('fumigadores_owner').on('fumigadores').column('owner_id').execute();

      await stamped(
        owned(db.schema.createTable('pontos_coleta'))
          .addColumn('nucleo_id', 'integer', (c) => c.references('nucleos.id'))
          .addColumn('aviario_id', 'integer', (c) => c.references('aviarios.id'))
          .addColumn('nome', 'varchar(80)', (c) => c.notNull())
          .addColumn('serie_coletores', 'varchar(2000)', (c) => c.notNull())
          .addColumn('obs', 'text', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('pontos_coleta_owner').on('pontos_coleta').column('owner_id').execute();

      await stamped(
        owned(db.schema.createTable('chaves'))
          .addColumn('descricao', 'varchar(120)', (c) => c.notNull())
          .addColumn('escopo', 'varchar(12)', (c) => c.notNull())
          .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('inicio', 'varchar(8)', (c) => c.notNull())
          .addColumn('validade', 'varchar(10)')
          .addColumn('ativa', 'integer', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('chaves_owner').on('chaves').column('owner_id').execute();
      await db.schema
        .createTable('chave_usos')
        .addColumn('id', id, primary)
        .addColumn('chave_id', 'integer', (c) => c.notNull().references('chaves.id').onDelete('cascade'))
        .addColumn('acao', 'varchar(30)', (c) => c.notNull())
        .addColumn('detalhe', 'varchar(300)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chave_usos_chave').on('chave_usos').column('chave_id').execute();

      await stamped(
        owned(db.schema.createTable('graficos'))
          .addColumn('titulo', 'varchar(120)', (c) => c.notNull())
          .addColumn('tipo', 'varchar(6)', (c) => c.notNull())
          .addColumn('periodo', 'varchar(14)', (c) => c.notNull())
          .addColumn('data_inicio', 'varchar(10)')
          .addColumn('data_fim', 'varchar(10)'),
      ).execute();
      await db.schema.createIndex('graficos_owner').on('graficos').column('owner_id').execute();
      await db.schema
        .createTable('grafico_linhas')
        .addColumn('id', id, primary)
        .addColumn('grafico_id', 'integer', (c) => c.notNull().references('graficos.id').onDelete('cascade'))
        .addColumn('ordem', 'integer', (c) => c.notNull())
        .addColumn('tit', 'varchar(60)', (c) => c.notNull())
        .addColumn('fonte', 'varchar(20)', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.references('devices.id'))
        .addColumn('lote_id', 'integer', (c) => c.references('lotes.id'))
        .addColumn('silo_id', 'integer', (c) => c.references('silos.id'))
        .addColumn('padrao_id', 'integer', (c) => c.references('padroes.id'))
        .execute();
      await db.schema.createIndex('grafico_linhas_grafico').on('grafico_linhas').column('grafico_id').execute();

      await stamped(
        owned(db.schema.createTable('integration_configs'))
          .addColumn('kind', 'varchar(10)', (c) => c.notNull())
          .addColumn('nome', 'varchar(80)', (c) => c.notNull())
          .addColumn('sistema', 'varchar(60)', (c) => c.notNull())
          .addColumn('empresa', 'varchar(40)', (c) => c.notNull())
          .addColumn('endpoint', 'varchar(500)', (c) => c.notNull())
          .addColumn('usuario', 'varchar(120)', (c) => c.notNull())
          .addColumn('senha_enc', 'text')
          .addColumn('agenda', 'varchar(8)', (c) => c.notNull())
          .addColumn('hora', 'varchar(5)')
          .addColumn('dados', 'varchar(200)', (c) => c.notNull())
          .addColumn('ativo', 'integer', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('integration_configs_owner').on('integration_configs').column('owner_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'integration_configs', 'grafico_linhas', 'graficos', 'chave_usos', 'chaves', 'pontos_coleta', 'fumigadores',
        'silo_movimentos', 'silo_aviarios', 'silos', 'devices', 'lote_mortalidade', 'lote_aviarios', 'lotes',
        'padrao_pontos', 'padroes', 'grant_nucleos', 'grants', 'aviarios', 'nucleos',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
