import type { Kysely } from 'kysely';
import { idColumn, idColumnType, type DialectName } from '../dialect.js';

/** Cause of the migrated entries that named none (CAUSA_SEM_CAUSA of @portal/shared, copied: a migration never changes). */
const SEM_CAUSA = 'sem_causa';
/** The new cause column's length: longer old causes are cut to it. */
const CAUSA_MAX = 40;

/**
 * Daily house records (issue 18, docs/data-model.md "Daily house records"): per flock, house and
 * day the grower's deaths by cause (`lote_diario_mortes`, a child table so both databases query it
 * alike), culls, birds moved in and out, water and temperatures; `lote_diario_historico` every
 * write after the first (who, when, each changed field before and after) and the client uid of
 * each write (unique per owner: a re-sent offline write is applied once); `config_desempenho`
 * the account's causes of death and corrected-FCR reference; the close-out columns of `lotes`.
 * Water is stored in tenths of a litre and temperatures in tenths of a degree, kilograms in
 * tenths (`*_hg`), so values compare exactly on both databases.
 *
 * The flock's old single mortality list (`lote_mortalidade`) moves into daily records of the
 * flock's first house (lowest id), summed per day and cause, an empty cause becoming 'sem_causa'.
 */
export function dailyRecords(dialect: DialectName) {
  const id = idColumnType(dialect);
  const primary = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lote_diario')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('lote_id', 'integer', (c) => c.notNull().references('lotes.id').onDelete('cascade'))
        .addColumn('aviario_id', 'integer', (c) => c.notNull().references('aviarios.id'))
        .addColumn('data', 'varchar(10)', (c) => c.notNull())
        .addColumn('mortos', 'integer', (c) => c.notNull())
        .addColumn('eliminados', 'integer', (c) => c.notNull())
        .addColumn('entradas', 'integer', (c) => c.notNull())
        .addColumn('saidas', 'integer', (c) => c.notNull())
        .addColumn('agua_dl', 'bigint')
        .addColumn('temp_min_dc', 'integer')
        .addColumn('temp_max_dc', 'integer')
        .addColumn('obs', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addUniqueConstraint('lote_diario_chave', ['lote_id', 'aviario_id', 'data'])
        .execute();
      await db.schema.createIndex('lote_diario_owner').on('lote_diario').column('owner_id').execute();
      await db.schema.createIndex('lote_diario_aviario').on('lote_diario').column('aviario_id').execute();

      await db.schema
        .createTable('lote_diario_mortes')
        .addColumn('diario_id', 'integer', (c) => c.notNull().references('lote_diario.id').onDelete('cascade'))
        .addColumn('causa', 'varchar(40)', (c) => c.notNull())
        .addColumn('aves', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('lote_diario_mortes_pk', ['diario_id', 'causa'] as never[])
        .execute();

      await db.schema
        .createTable('lote_diario_historico')
        .addColumn('id', id, primary)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('diario_id', 'integer', (c) => c.notNull().references('lote_diario.id').onDelete('cascade'))
        // NULL for a write sent without uid: NULLs never conflict on either database.
        .addColumn('uid', 'varchar(36)')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('em', 'bigint', (c) => c.notNull())
        /** JSON text: [{campo, antes, depois}]; '[]' for a creation or a write that changed nothing (kept for its uid). */
        .addColumn('campos', 'text', (c) => c.notNull())
        .addColumn('criacao', 'integer', (c) => c.notNull())
        .addUniqueConstraint('lote_diario_historico_uid', ['owner_id', 'uid'] as never[])
        .execute();
      await db.schema.createIndex('lote_diario_historico_diario').on('lote_diario_historico').column('diario_id').execute();

      await db.schema
        .createTable('config_desempenho')
        .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        /** JSON text: the causes' codes or names, in the account's order. */
        .addColumn('causas', 'text', (c) => c.notNull())
        .addColumn('peso_referencia_g', 'integer', (c) => c.notNull())
        /** Points of FCR per 100 g, in thousandths (0.02 → 20). */
        .addColumn('pontos_100g_mil', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('lotes').addColumn('aves_entregues', 'integer').execute();
      await db.schema.alterTable('lotes').addColumn('kg_entregues_hg', 'bigint').execute();
      await db.schema.alterTable('lotes').addColumn('racao_hg', 'bigint').execute();
      await db.schema.alterTable('lotes').addColumn('obs_fechamento', 'text').execute();

      await moveOldMortality(db, Date.now());
      await db.schema.dropTable('lote_mortalidade').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema
        .createTable('lote_mortalidade')
        .addColumn('id', id, primary)
        .addColumn('lote_id', 'integer', (c) => c.notNull().references('lotes.id').onDelete('cascade'))
        .addColumn('data', 'varchar(10)', (c) => c.notNull())
        .addColumn('aves', 'integer', (c) => c.notNull())
        .addColumn('causa', 'varchar(120)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lote_mortalidade_lote').on('lote_mortalidade').column('lote_id').execute();
      await moveMortalityBack(db);
      for (const column of ['obs_fechamento', 'racao_hg', 'kg_entregues_hg', 'aves_entregues']) {
        await db.schema.alterTable('lotes').dropColumn(column).execute();
      }
      for (const table of ['config_desempenho', 'lote_diario_historico', 'lote_diario_mortes', 'lote_diario']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

/** The migration's own view of its tables (it never changes with the app's row types). */
interface MigrationTables {
  lotes: { id: number; owner_id: number };
  lote_aviarios: { lote_id: number; aviario_id: number };
  lote_mortalidade: { id?: number; lote_id: number; data: string; aves: number; causa: string };
  lote_diario: {
    id?: number; owner_id: number; lote_id: number; aviario_id: number; data: string; mortos: number; eliminados: number;
    entradas: number; saidas: number; agua_dl: null; temp_min_dc: null; temp_max_dc: null; obs: string;
    created_at: number; updated_at: number; created_by: null; updated_by: null;
  };
  lote_diario_mortes: { diario_id: number; causa: string; aves: number };
}

/** Sums the old entries per flock, day and cause into daily records of the flock's first house. */
async function moveOldMortality(untyped: Kysely<unknown>, now: number): Promise<void> {
  const db = untyped as unknown as Kysely<MigrationTables>;
  const entries = await db
    .selectFrom('lote_mortalidade')
    .innerJoin('lotes', 'lotes.id', 'lote_mortalidade.lote_id')
    .select(['lote_mortalidade.lote_id', 'lotes.owner_id', 'lote_mortalidade.data', 'lote_mortalidade.aves', 'lote_mortalidade.causa'])
    .orderBy('lote_mortalidade.id')
    .execute();
  if (entries.length === 0) return;
  const houses = await db
    .selectFrom('lote_aviarios')
    .select(['lote_id', (eb) => eb.fn.min<number>('aviario_id').as('aviario_id')])
    .groupBy('lote_id')
    .execute();
  const firstHouse = new Map(houses.map((row) => [row.lote_id, Number(row.aviario_id)]));
  // lote → day → cause → birds, in the order entries were written.
  const days = new Map<string, { owner: number; lote: number; data: string; causes: Map<string, number> }>();
  for (const entry of entries) {
    // A flock without houses has nowhere to hold daily records (the app never makes one with deaths).
    if (!firstHouse.has(entry.lote_id)) continue;
    const key = `${entry.lote_id}|${entry.data}`;
    const day = days.get(key) ?? { owner: entry.owner_id, lote: entry.lote_id, data: entry.data, causes: new Map<string, number>() };
    days.set(key, day);
    const causa = entry.causa.trim().slice(0, CAUSA_MAX).trim() || SEM_CAUSA;
    day.causes.set(causa, (day.causes.get(causa) ?? 0) + entry.aves);
  }
  for (const day of days.values()) {
    const mortos = [...day.causes.values()].reduce((sum, aves) => sum + aves, 0);
    const { id } = await db
      .insertInto('lote_diario')
      .values({
        owner_id: day.owner, lote_id: day.lote, aviario_id: firstHouse.get(day.lote)!, data: day.data, mortos, eliminados: 0, entradas: 0, saidas: 0,
        agua_dl: null, temp_min_dc: null, temp_max_dc: null, obs: '', created_at: now, updated_at: now, created_by: null, updated_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('lote_diario_mortes').values([...day.causes].map(([causa, aves]) => ({ diario_id: id!, causa, aves }))).execute();
  }
}

/** down: the daily deaths back into one list per flock (per day and cause; culls and the rest are lost). */
async function moveMortalityBack(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<MigrationTables>;
  const rows = await db
    .selectFrom('lote_diario_mortes')
    .innerJoin('lote_diario', 'lote_diario.id', 'lote_diario_mortes.diario_id')
    .select(['lote_diario.lote_id', 'lote_diario.data', 'lote_diario_mortes.causa', (eb) => eb.fn.sum<number | string>('lote_diario_mortes.aves').as('aves')])
    .groupBy(['lote_diario.lote_id', 'lote_diario.data', 'lote_diario_mortes.causa'])
    .execute();
  for (let start = 0; start < rows.length; start += 500) {
    const slice = rows.slice(start, start + 500).map((row) => ({ lote_id: row.lote_id, data: row.data, aves: Number(row.aves), causa: row.causa === SEM_CAUSA ? '' : row.causa }));
    await db.insertInto('lote_mortalidade').values(slice).execute();
  }
}
