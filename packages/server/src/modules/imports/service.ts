import {
  DEFAULT_CSV_SEPARATOR,
  ERROR_MESSAGES,
  IMPORT_REJECTED_LISTED,
  IMPORT_SAMPLE_ROWS,
  type ImportRejectedBody,
  type ImportRejeitada,
  type ImportResponse,
} from '@portal/shared';
import { parse } from 'csv-parse/sync';
import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { OwnerScope } from '../permissions/index.js';
import { WeighingFault, type FileResolver, type ImportTarget, type IngestionService, type RowBatch } from '../weighings/index.js';
import { detectDecimal, detectSeparator, mapColumns, type ColumnMap } from './columns.js';
import { readCsv } from './csv-reader.js';
import type { ImportacoesRepository } from './importacoes.repository.js';
import { rowReader, type ImportRow } from './rows.js';
import type { Upload } from './upload.js';

export interface ImportOptions {
  dryRun: boolean;
  createMissing: boolean;
  separador: string | undefined;
  decimal: ',' | '.' | undefined;
}

/** IMPORT_REJECTED with the whole preview in its body, so the screen lists every refused row. */
export class ImportRejectedError extends AppError {
  constructor(readonly preview: ImportResponse) {
    super('IMPORT_REJECTED');
  }
  override body(): ImportRejectedBody {
    return { code: 'IMPORT_REJECTED', message: ERROR_MESSAGES.IMPORT_REJECTED, importacao: this.preview };
  }
}

/**
 * Thrown in an import's transaction (rolling it back) when its rows fall in months not made yet
 * (PostgreSQL's monthly partitions; making one waits for the writes to the tables it points at,
 * this transaction's among them): the rest of the file is read for its days, the months are made
 * outside any transaction, and the import runs again.
 */
class MonthsToMake extends Error {
  constructor(readonly days: ReadonlySet<string>) {
    super(`the import's rows need monthly partitions not made yet (${days.size} days)`);
  }
}

/** Data rows read from the head to guess the decimal mark. */
const DECIMAL_SAMPLE_ROWS = 1000;

interface FileFormat {
  separador: string;
  decimal: ',' | '.';
  columns: ColumnMap;
}

/** The header and format from the file's first 64 KB (cut at its last full line). */
function readFormat(upload: Upload, options: ImportOptions, preferred: string): FileFormat {
  const text = new TextDecoder(upload.utf8 ? 'utf-8' : 'windows-1252').decode(upload.head).replace(/^\uFEFF/, '');
  const complete = upload.head.length < upload.bytes ? text.slice(0, Math.max(0, text.lastIndexOf('\n'))) : text;
  const firstLine = complete.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const separador = options.separador ?? detectSeparator(firstLine, preferred);
  let records: string[][] = [];
  try {
    records = parse(complete, {
      delimiter: separador,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      to: DECIMAL_SAMPLE_ROWS + 1,
    });
  } catch {
    // Not CSV at all: no header to read.
    throw new AppError('IMPORT_HEADER_INVALID');
  }
  const columns = records[0] ? mapColumns(records[0]) : undefined;
  if (!columns) throw new AppError('IMPORT_HEADER_INVALID');
  const pesos = records.slice(1).map((record) => (record[columns.index.peso] ?? '').trim()).filter(Boolean);
  return { separador, decimal: options.decimal ?? detectDecimal(pesos, separador), columns };
}

const toPreviewRow = (linha: number, row: ImportRow) => ({
  linha,
  data: row.data,
  hora: row.hora,
  nucleo: row.nucleo,
  lote: row.lote,
  aviario: row.aviario,
  lado: row.lado,
  box: row.box,
  sexo: row.sexo,
  peso: row.peso_dg / 10,
  idade_lote: row.idade_lote,
  linha_genetica: row.linha,
  score: row.score,
  serie_balanca: row.serie_balanca,
  obs: row.obs,
});

/** A debug line each time this many more rows are written (not yet committed). */
const PROGRESS_LOG_ROWS = 100_000;

/** The answer for a file read but not (yet) stored: a dry run's, a refusal's, or a stored import's before its id and count. */
type Answer = (result: ReadResult, resolver: FileResolver) => ImportResponse;

/**
 * Reads the file in ONE streaming pass: each chunk's rows are checked, their farm and flock
 * resolved, and (real import, while no row was refused) handed to `write` once `batchRows` are
 * gathered (staged, or written in the open transaction). A refused row stops the writing but not
 * the reading, so every fault is reported; the caller then stores nothing. Memory holds a few
 * chunks' rows, the first rows of the preview and up to 1000 refusals.
 */
async function readRows(
  upload: Upload,
  format: FileFormat,
  resolver: FileResolver,
  write: ((batch: RowBatch) => Promise<void>) | undefined,
  batchRows = Number.POSITIVE_INFINITY,
) {
  const read = rowReader(format.columns, format.decimal);
  const amostra: ImportResponse['amostra'] = [];
  const rejeitadas: ImportRejeitada[] = [];
  let rejeitadasTotal = 0;
  let linhas = 0;
  let validas = 0;
  let header = true;
  // Rows and refusals of the chunk in file order, so the listed refusals are the file's first.
  let pending: { line: number; row: ImportRow | ImportRejeitada }[] = [];
  let batch: RowBatch = { rows: [], nucleos: [], lotes: [] };

  const reject = (refusal: ImportRejeitada) => {
    rejeitadasTotal += 1;
    if (rejeitadas.length < IMPORT_REJECTED_LISTED) rejeitadas.push(refusal);
  };

  await readCsv(upload.path, { delimiter: format.separador, utf8: upload.utf8 }, {
    record(record, line) {
      if (header) {
        header = false;
        return;
      }
      linhas += 1;
      const row = read(record);
      pending.push({ line, row: row instanceof WeighingFault ? row.at(line) : row });
    },
    malformed(line) {
      linhas += 1;
      pending.push({ line, row: { linha: line, motivo: 'ROW_MALFORMED', campo: null, valor: '' } });
    },
    async drain() {
      const rows = pending;
      pending = [];
      for (const { line, row } of rows) {
        if ('motivo' in row) {
          reject(row);
          continue;
        }
        const resolved = resolver.cached(row.nucleo, row.lote, row.data) ?? (await resolver.resolve(row.nucleo, row.lote, row.data));
        if (resolved instanceof WeighingFault) {
          reject(resolved.at(line));
          continue;
        }
        validas += 1;
        if (amostra.length < IMPORT_SAMPLE_ROWS) amostra.push(toPreviewRow(line, row));
        if (!write || rejeitadasTotal > 0) continue;
        batch.rows.push(row);
        batch.nucleos.push(resolved.nucleoId);
        batch.lotes.push(resolved.loteId);
      }
      if (rejeitadasTotal > 0 && batch.rows.length > 0) batch = { rows: [], nucleos: [], lotes: [] };
      if (write && batch.rows.length >= batchRows) {
        await write(batch);
        batch = { rows: [], nucleos: [], lotes: [] };
      }
    },
  });
  if (write && rejeitadasTotal === 0 && batch.rows.length > 0) await write(batch);
  return { amostra, rejeitadas, rejeitadasTotal, linhas, validas };
}

type ReadResult = Awaited<ReturnType<typeof readRows>>;

/**
 * Manual import of weighing files (POST /api/importacao): the file, its format and the import's
 * own records here; the rows are checked, resolved and stored by the weighings' ingestion service.
 */
export function importsService(deps: {
  importacoes: ImportacoesRepository;
  ingestion: IngestionService;
  accounts: Pick<AccountReads, 'userById'>;
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const { importacoes, ingestion, accounts, clock, log } = deps;
  const { writes } = importacoes;

  /** Counts rows written; a debug line each PROGRESS_LOG_ROWS (the kill tests wait for it). */
  const progress = (ownerId: number, importacaoId: number) => {
    let written = 0;
    return (rows: number) => {
      const before = written;
      written += rows;
      if (Math.floor(written / PROGRESS_LOG_ROWS) > Math.floor(before / PROGRESS_LOG_ROWS)) {
        log.debug({ owner: ownerId, importacao: importacaoId, written }, 'import in progress');
      }
    };
  };

  /**
   * Moves a decided import's staged rows into pesagens a chunk at a time, other calls served
   * between chunks; once all are there, the listeners are told of its `rows`.
   */
  async function moveStaged(ownerId: number, importacaoId: number, rows: number): Promise<void> {
    const moveChunk = () => importacoes.moveRows(importacaoId, writes.moveRows, (trx, lastId) => ingestion.writeStaged(trx, importacaoId, lastId, clock()));
    let moved = 0;
    for (let chunk = await moveChunk(); chunk > 0; chunk = await moveChunk()) {
      moved += chunk;
      log.debug({ owner: ownerId, importacao: importacaoId, moved }, 'import moving');
      await eventLoopTurn();
    }
    await importacoes.markDone(importacaoId);
    await ingestion.imported(ownerId, importacaoId, rows);
  }

  /** Removes a staged import that will not be stored; a failure is logged (the next start removes it). */
  async function discardStaged(importacaoId: number): Promise<void> {
    await importacoes.discardStaged(importacaoId, writes.moveRows, () => eventLoopTurn()).catch((error: unknown) => {
      log.error({ err: error, importacao: importacaoId }, 'refused import not removed yet: the next start removes it');
    });
  }

  /**
   * SQLite (IMPORT_WRITES): the rows are committed to the staging table a batch at a time while
   * the file is read, nothing of them visible; a refusal, an error or a killed process leaves
   * nothing once cleaned. One short transaction then creates the missing farms and flocks and
   * marks the import decided, and the rows move into pesagens in chunks (a killed process
   * finishes the move at its next start). No transaction outlasts a batch or a chunk.
   */
  async function importStaged(scope: OwnerScope, upload: Upload, format: FileFormat, resolver: FileResolver, answer: Answer): Promise<ImportResponse> {
    const now = clock();
    const importacaoId = await importacoes
      .beginStaged({ ownerId: scope.ownerId, userId: scope.actorId, arquivo: upload.arquivo, hash: upload.hash, now })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError('IMPORT_DUPLICATE') : error;
      });
    const target: ImportTarget = { ownerId: scope.ownerId, importacaoId, now };
    // The farms and flocks to create get placeholder ids until the import is decided.
    const count = progress(scope.ownerId, importacaoId);
    let preview: ImportResponse;
    try {
      const result = await readRows(
        upload,
        format,
        resolver,
        async (batch) => {
          // A transaction of at most batchRows rows each, other calls served between.
          for (let start = 0; start < batch.rows.length; start += writes.batchRows) {
            const end = start + writes.batchRows;
            await importacoes.stageRows(target, { rows: batch.rows.slice(start, end), nucleos: batch.nucleos.slice(start, end), lotes: batch.lotes.slice(start, end) });
            count(Math.min(end, batch.rows.length) - start);
            await eventLoopTurn();
          }
        },
        writes.batchRows,
      );
      preview = answer(result, resolver);
      if (result.rejeitadasTotal > 0) throw new ImportRejectedError(preview);
      await importacoes.transaction(async (trx) => {
        await importacoes.markDecided(trx, importacaoId, result.validas, await resolver.createPlanned({ trx, now }));
      });
    } catch (error) {
      await discardStaged(importacaoId);
      throw error;
    }
    log.debug({ owner: scope.ownerId, importacao: importacaoId }, 'import decided');
    await moveStaged(scope.ownerId, importacaoId, preview.validas).catch((error: unknown) => {
      // Decided: the rows are not lost, the next start moves the rest.
      log.error({ err: error, importacao: importacaoId }, 'decided import not fully moved yet: the next start finishes it');
      throw error;
    });
    return { ...preview, importacao_id: importacaoId, importadas: preview.validas };
  }

  /**
   * PostgreSQL (IMPORT_WRITES): one transaction on a pooled connection of its own; MVCC keeps
   * other calls from waiting on it, and a killed server's transaction is rolled back by the database.
   */
  async function importInOneTransaction(scope: OwnerScope, upload: Upload, format: FileFormat, resolver: FileResolver, answer: Answer): Promise<ImportResponse> {
    const response = await importacoes
      .transaction(async (trx) => {
        const now = clock();
        const importacaoId = await importacoes.insertImport(trx, { ownerId: scope.ownerId, userId: scope.actorId, arquivo: upload.arquivo, hash: upload.hash, now });
        const target: ImportTarget = { ownerId: scope.ownerId, importacaoId, now };
        resolver.createIn({ trx, now });
        const count = progress(scope.ownerId, importacaoId);
        // Days of the rows from the first one whose month is not made yet: nothing is written after it.
        const unmade = new Set<string>();
        const result = await readRows(
          upload,
          format,
          resolver,
          async (batch) => {
            const days = batch.rows.map((row) => row.data);
            if (unmade.size === 0 && !(await ingestion.partitionsMissing(days))) {
              await ingestion.writeImported(trx, target, batch);
              count(batch.rows.length);
              return;
            }
            for (const day of days) unmade.add(day);
          },
          writes.batchRows,
        );
        const preview = answer(result, resolver);
        // Throwing rolls back everything: the weighings written so far, created farms and flocks, the import.
        if (result.rejeitadasTotal > 0) throw new ImportRejectedError(preview);
        if (unmade.size > 0) throw new MonthsToMake(unmade);
        await importacoes.setImportRows(trx, importacaoId, result.validas);
        log.debug({ owner: scope.ownerId, importacao: importacaoId }, 'import decided');
        return { ...preview, importacao_id: importacaoId, importadas: result.validas };
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError('IMPORT_DUPLICATE') : error;
      });
    await ingestion.imported(scope.ownerId, response.importacao_id, response.importadas);
    return response;
  }

  return {
    async importFile(scope: OwnerScope, options: ImportOptions, upload: Upload): Promise<ImportResponse> {
      const started = Date.now();
      const actor = await accounts.userById(scope.actorId);
      const format = readFormat(upload, options, actor?.separador_csv ?? DEFAULT_CSV_SEPARATOR);
      // Checked first so a repeated file is refused at once; the unique key decides under concurrency.
      if (await importacoes.exists(scope.ownerId, upload.hash)) throw new AppError('IMPORT_DUPLICATE');
      // The owner's farms and flocks as they are now; without create_missing nothing is created.
      const resolver = await ingestion.fileResolver(scope, options.createMissing);

      const answer: Answer = (result, resolver) => ({
        dry_run: options.dryRun,
        arquivo: upload.arquivo,
        separador: format.separador,
        decimal: format.decimal,
        colunas: format.columns.colunas,
        linhas: result.linhas,
        validas: result.validas,
        amostra: result.amostra,
        rejeitadas: result.rejeitadas,
        rejeitadasTotal: result.rejeitadasTotal,
        faltantes: resolver.missing(),
        importacao_id: null,
        importadas: 0,
      });

      if (options.dryRun) return answer(await readRows(upload, format, resolver, undefined), resolver);
      const store = writes.staged ? importStaged : importInOneTransaction;
      const response = await store(scope, upload, format, resolver, answer).catch(async (error: unknown) => {
        if (!(error instanceof MonthsToMake)) throw error;
        // An older history (or a far date): its months are made now, then the file is read again, with farms and flocks read afresh.
        log.info({ owner: scope.ownerId, days: error.days.size }, 'import waits for its months to be made');
        await ingestion.preparePartitions(error.days);
        return store(scope, upload, format, await ingestion.fileResolver(scope, options.createMissing), answer);
      });
      log.info({ owner: scope.ownerId, importacao: response.importacao_id, rows: response.importadas, ms: Date.now() - started }, 'weighings imported');
      return response;
    },

    /**
     * At start: removes the staged imports a stopped process was reading (nothing of them was
     * visible) and finishes moving the decided ones. SQLite only has them (one portal per file).
     */
    async recoverUnfinished(): Promise<void> {
      const unfinished = await importacoes.unfinished().catch((error: unknown) => {
        log.error({ err: error }, 'imports a stopped server left unfinished could not be listed; the next start tries again');
        return [];
      });
      for (const { id, owner_id, estado, linhas } of unfinished) {
        try {
          if (estado === 'staging') {
            await importacoes.discardStaged(id, writes.moveRows, () => eventLoopTurn());
            log.info({ importacao: id }, 'removed an import a stopped server was reading: nothing of it was stored');
          } else {
            await moveStaged(owner_id, id, linhas);
            log.info({ importacao: id }, 'finished storing an import a stopped server had decided');
          }
        } catch (error) {
          // The portal starts all the same; the next start tries again.
          log.error({ err: error, importacao: id, estado }, 'an import a stopped server left unfinished could not be completed');
        }
      }
    },
  };
}
export type ImportsService = ReturnType<typeof importsService>;
