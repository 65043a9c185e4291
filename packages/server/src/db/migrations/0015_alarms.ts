import type { Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/**
 * Alarms (issue 19, docs/alarms.md): `alarmes` every alarm raised, open or over (the history);
 * `alarme_regras` the account's rule thresholds (nucleo_chave 0) and each farm's own (nucleo_chave
 * = its id), JSON text of alarmeRegras. `chave_aberta` is the condition's chave while the alarm is
 * not encerrado and NULL after: UNIQUE(owner_id, chave_aberta) keeps a condition to one open alarm
 * even when two instances raise it at once (NULLs never conflict on either database). Owned by the
 * alarms module (alarms.repository.ts, rules.repository.ts).
 */
export function alarms(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alarmes')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('nucleo_id', 'integer', (c) => c.references('nucleos.id').onDelete('cascade'))
        .addColumn('tipo', 'varchar(30)', (c) => c.notNull())
        .addColumn('severidade', 'varchar(10)', (c) => c.notNull())
        .addColumn('estado', 'varchar(12)', (c) => c.notNull())
        .addColumn('alvo_tipo', 'varchar(20)', (c) => c.notNull())
        .addColumn('alvo_id', 'integer', (c) => c.notNull())
        .addColumn('alvo_nome', 'varchar(200)', (c) => c.notNull())
        .addColumn('chave', 'varchar(200)', (c) => c.notNull())
        .addColumn('chave_aberta', 'varchar(200)')
        .addColumn('nivel', 'integer', (c) => c.notNull())
        /** JSON text: the numbers and names the message is written from. */
        .addColumn('detalhe', 'text', (c) => c.notNull())
        .addColumn('aberto_em', 'bigint', (c) => c.notNull())
        .addColumn('atualizado_em', 'bigint', (c) => c.notNull())
        .addColumn('reconhecido_em', 'bigint')
        .addColumn('reconhecido_por', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('obs', 'text')
        .addColumn('encerrado_em', 'bigint')
        .addColumn('encerrado_por', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('lembretes', 'integer', (c) => c.notNull())
        .addUniqueConstraint('alarmes_chave_aberta', ['owner_id', 'chave_aberta'] as never[])
        .execute();
      await db.schema.createIndex('alarmes_owner_aberto').on('alarmes').columns(['owner_id', 'aberto_em']).execute();
      await db.schema.createIndex('alarmes_nucleo').on('alarmes').column('nucleo_id').execute();
      await db.schema.createIndex('alarmes_estado').on('alarmes').column('estado').execute();

      await db.schema
        .createTable('alarme_regras')
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        /** The farm whose own rules these are; null for the account's. */
        .addColumn('nucleo_id', 'integer', (c) => c.references('nucleos.id').onDelete('cascade'))
        /** nucleo_id, 0 for the account's: the key (a NULL would never conflict). */
        .addColumn('nucleo_chave', 'integer', (c) => c.notNull())
        .addColumn('regras', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('alarme_regras_pk', ['owner_id', 'nucleo_chave'] as never[])
        .execute();
      await db.schema.createIndex('alarme_regras_nucleo').on('alarme_regras').column('nucleo_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('alarme_regras').execute();
      await db.schema.dropTable('alarmes').execute();
    },
  };
}
