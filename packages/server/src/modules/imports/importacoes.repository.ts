import type { Kysely, Transaction } from 'kysely';
import { bulkInsert, importWrites, integerColumns, type BulkColumn, type Database } from '../../db/dialect.js';
import type { ImportEstado, Tables } from '../../db/tables.js';
import { PESAGEM_FIELD_COLUMNS, pesagemFieldValues, type ImportTarget, type RowBatch } from '../weighings/index.js';

/** The staged rows' columns: pesagens' own, the owner and time taken from the import when they move. */
const STAGED_COLUMNS: readonly BulkColumn[] = [...integerColumns('importacao_id', 'nucleo_id', 'lote_id'), ...PESAGEM_FIELD_COLUMNS];
/** Placeholder rows per INSERT through the query builder (3 parameters a row, far under PostgreSQL's 65,535). */
const CREATED_ROWS_PER_INSERT = 1000;

/**
 * Imports (importacoes) and their staged rows (importacao_linhas, importacao_criados). The weighings
 * themselves are written by the weighings' ingestion service, handed this repository's transactions.
 */
export function importacoesRepository(database: Database) {
  const db: Kysely<Tables> = database.db;

  return {
    /** How an import on this database stores its rows: staged, or in one transaction. */
    writes: importWrites(database),

    async exists(ownerId: number, hash: string): Promise<boolean> {
      const row = await db.selectFrom('importacoes').select('id').where('owner_id', '=', ownerId).where('hash', '=', hash).executeTakeFirst();
      return row !== undefined;
    },

    /** Runs `work` in one transaction: everything it stores is kept together or not at all. */
    transaction<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** The import's own row, first: its unique (owner, hash) is what refuses the same file twice, even at the same moment. */
    async insertImport(trx: Transaction<Tables>, values: { ownerId: number; userId: number; arquivo: string; hash: string; now: number }): Promise<number> {
      const { id } = await trx
        .insertInto('importacoes')
        .values({ owner_id: values.ownerId, user_id: values.userId, arquivo: values.arquivo, hash: values.hash, linhas: 0, created_at: values.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async setImportRows(trx: Transaction<Tables>, id: number, linhas: number): Promise<void> {
      await trx.updateTable('importacoes').set({ linhas }).where('id', '=', id).execute();
    },

    /** A staged import's row, committed at once: its unique (owner, hash) refuses the same file while it is read. */
    async beginStaged(values: { ownerId: number; userId: number; arquivo: string; hash: string; now: number }): Promise<number> {
      const { id } = await db
        .insertInto('importacoes')
        .values({ owner_id: values.ownerId, user_id: values.userId, arquivo: values.arquivo, hash: values.hash, linhas: 0, created_at: values.now, estado: 'staging' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Commits a batch of a staged import's rows in a transaction of its own (tens of milliseconds).
     * Only SQLite stages (IMPORT_WRITES): PostgreSQL writes pesagens in one transaction instead.
     */
    async stageRows(target: ImportTarget, batch: RowBatch): Promise<void> {
      const { importacaoId } = target;
      const values = batch.rows.map((row, index) => [importacaoId, batch.nucleos[index], batch.lotes[index], ...pesagemFieldValues(row)]);
      await db.transaction().execute((trx) => bulkInsert(database, trx, 'importacao_linhas', STAGED_COLUMNS, values));
    },

    /** Records what a placeholder became, and the import as decided ('moving') with its row count, in the caller's transaction. */
    async markDecided(trx: Transaction<Tables>, importacaoId: number, linhas: number, created: ReadonlyMap<number, number>): Promise<void> {
      const rows = [...created].map(([provisorio, real_id]) => ({ importacao_id: importacaoId, provisorio, real_id }));
      for (let start = 0; start < rows.length; start += CREATED_ROWS_PER_INSERT) {
        await trx.insertInto('importacao_criados').values(rows.slice(start, start + CREATED_ROWS_PER_INSERT)).execute();
      }
      const { numUpdatedRows } = await trx.updateTable('importacoes').set({ estado: 'moving', linhas }).where('id', '=', importacaoId).where('estado', '=', 'staging').executeTakeFirstOrThrow();
      // The import row went with its account (deleted meanwhile): nothing to decide.
      if (numUpdatedRows !== 1n) throw new Error(`import ${importacaoId} is no longer staging`);
    },

    /**
     * Moves up to `limit` of a decided import's staged rows into pesagens, in file order, in one
     * transaction: `store` writes them (the ingestion service), then they leave the staging table.
     * Answers how many moved (0: none left).
     */
    async moveRows(importacaoId: number, limit: number, store: (trx: Transaction<Tables>, lastId: number) => Promise<void>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const chunk = await trx
          .selectFrom('importacao_linhas')
          .select((eb) => [eb.fn.max('id').as('last'), eb.fn.countAll<number>().as('rows')])
          .where('id', 'in', (eb) => eb.selectFrom('importacao_linhas').select('id').where('importacao_id', '=', importacaoId).orderBy('id').limit(limit))
          .executeTakeFirstOrThrow();
        const rows = Number(chunk.rows);
        if (rows === 0 || chunk.last === null) return 0;
        await store(trx, chunk.last);
        await trx.deleteFrom('importacao_linhas').where('importacao_id', '=', importacaoId).where('id', '<=', chunk.last).execute();
        return rows;
      });
    },

    /** The import is whole: its placeholders' map goes, its row says 'done'. */
    async markDone(importacaoId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('importacao_criados').where('importacao_id', '=', importacaoId).execute();
        await trx.updateTable('importacoes').set({ estado: 'done' }).where('id', '=', importacaoId).execute();
      });
    },

    /** Removes a staged import that will not be stored: its staged rows `limit` at a time, then its row. */
    async discardStaged(importacaoId: number, limit: number, between: () => Promise<void>): Promise<void> {
      for (;;) {
        const { numDeletedRows } = await db
          .deleteFrom('importacao_linhas')
          .where('id', 'in', (eb) => eb.selectFrom('importacao_linhas').select('id').where('importacao_id', '=', importacaoId).orderBy('id').limit(limit))
          .executeTakeFirstOrThrow();
        if (numDeletedRows === 0n) break;
        await between();
      }
      await db.deleteFrom('importacoes').where('id', '=', importacaoId).where('estado', '=', 'staging').execute();
    },

    /** Imports a stopped process left unfinished: 'staging' ones to remove, 'moving' ones to finish. */
    async unfinished(): Promise<{ id: number; owner_id: number; estado: ImportEstado; linhas: number }[]> {
      return db.selectFrom('importacoes').select(['id', 'owner_id', 'estado', 'linhas']).where('estado', '<>', 'done').orderBy('id').execute();
    },
  };
}
export type ImportacoesRepository = ReturnType<typeof importacoesRepository>;
