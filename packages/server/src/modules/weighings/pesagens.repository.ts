import { sql, type Insertable, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import { bulkInsert, integerColumns, streamBatches, varcharColumns, type BulkColumn, type Database } from '../../db/dialect.js';
import type { PesagensTable, Tables } from '../../db/tables.js';
import type { PesagemFields } from './validation.js';

/** Which weighings a report reads: the owner's, in a period, on some farms, optionally narrowed. */
export interface PesagemFilter {
  inicio: string;
  fim: string;
  /** Farms the report may read (in the caller's reach, of the right kind); never empty here. */
  nucleos: readonly number[];
  lote_id?: number | undefined;
  aviario?: string | undefined;
  sexo?: string | undefined;
  serie_balanca?: string | undefined;
}

export const REPORT_COLUMNS = ['data', 'nucleo_id', 'lote_id', 'aviario', 'lado', 'box', 'sexo', 'peso_dg', 'idade_lote', 'linha', 'score', 'serie_balanca'] as const;
/** What the weight report needs of a weighing, and nothing more (the scan is the report's cost). */
export type ReportRow = Pick<Selectable<PesagensTable>, (typeof REPORT_COLUMNS)[number]>;
export const SUMMARY_COLUMNS = ['data', 'nucleo_id', 'lote_id', 'aviario', 'lado', 'box', 'peso_dg', 'score'] as const;
export type SummaryRow = Pick<ReportRow, (typeof SUMMARY_COLUMNS)[number]>;
export const GRADER_COLUMNS = ['aviario', 'peso_dg', 'score'] as const;
export type GraderRow = Pick<ReportRow, (typeof GRADER_COLUMNS)[number]>;

/** A weighing a device sent, ready to store: (device_id, seq) identifies it. */
export type DevicePesagemRow = Omit<Insertable<PesagensTable>, 'id' | 'importacao_id' | 'created_at'> & { device_id: number; seq: number };

/** Weighings of a file with the farm and flock each was resolved to, written in one go. */
export interface RowBatch {
  rows: PesagemFields[];
  nucleos: number[];
  lotes: number[];
}

/** The import a batch of weighings belongs to. */
export interface ImportTarget {
  ownerId: number;
  importacaoId: number;
  now: number;
}

/** A weighing's own fields as bulk-insert columns, in the order pesagemFieldValues lays them out. */
export const PESAGEM_FIELD_COLUMNS: readonly BulkColumn[] = [
  ...varcharColumns('data', 'hora', 'aviario', 'lado', 'box', 'sexo'), ...integerColumns('peso_dg', 'idade_lote'), ...varcharColumns('linha'),
  ...integerColumns('score'), ...varcharColumns('serie_balanca', 'obs'),
];
export const pesagemFieldValues = (r: PesagemFields): unknown[] => [r.data, r.hora, r.aviario, r.lado, r.box, r.sexo, r.peso_dg, r.idade_lote, r.linha, r.score, r.serie_balanca, r.obs];
/** An imported weighing's columns, in bulk order. */
const IMPORTED_COLUMNS: readonly BulkColumn[] = [
  ...integerColumns('owner_id', 'nucleo_id', 'lote_id'), ...PESAGEM_FIELD_COLUMNS, ...integerColumns('importacao_id'), { name: 'created_at', pgType: 'bigint' },
];

/** Rows a streamed read hands over at a time (and fetches per round trip on PostgreSQL). */
const STREAM_BATCH = 10_000;

export function pesagensRepository(database: Database) {
  const { db } = database;
  function filtered<O>(query: SelectQueryBuilder<Tables, 'pesagens', O>, ownerId: number, filter: PesagemFilter) {
    let narrowed = query
      .where('owner_id', '=', ownerId)
      .where('data', '>=', filter.inicio)
      .where('data', '<=', filter.fim)
      .where('nucleo_id', 'in', [...filter.nucleos]);
    if (filter.lote_id !== undefined) narrowed = narrowed.where('lote_id', '=', filter.lote_id);
    if (filter.aviario !== undefined) narrowed = narrowed.where('aviario', '=', filter.aviario);
    if (filter.sexo !== undefined) narrowed = narrowed.where('sexo', '=', filter.sexo);
    if (filter.serie_balanca !== undefined) narrowed = narrowed.where('serie_balanca', '=', filter.serie_balanca);
    return narrowed;
  }

  return {
    /**
     * The weighings of a report, streamed in batches (memory stays bounded whatever the period;
     * other calls are served between batches) and in no particular order: the service groups and
     * sorts them.
     */
    reportRows(ownerId: number, filter: PesagemFilter): AsyncIterable<ReportRow[]> {
      return streamBatches(database, filtered(db.selectFrom('pesagens').select(REPORT_COLUMNS), ownerId, filter), STREAM_BATCH);
    },

    summaryRows(ownerId: number, filter: PesagemFilter): AsyncIterable<SummaryRow[]> {
      return streamBatches(database, filtered(db.selectFrom('pesagens').select(SUMMARY_COLUMNS), ownerId, filter), STREAM_BATCH);
    },

    /**
     * A grader's weighings in some categories (aviario holds the category), streamed: only what the
     * category statistics need.
     */
    graderRows(ownerId: number, filter: PesagemFilter, categorias: readonly string[]): AsyncIterable<GraderRow[]> {
      return streamBatches(
        database,
        filtered(db.selectFrom('pesagens').select(GRADER_COLUMNS), ownerId, filter).where('aviario', 'in', [...categorias]),
        STREAM_BATCH,
      );
    },

    /** What the report filters offer: houses, sexes, scales and the first and last day (one pass over the rows). */
    async header(ownerId: number, nucleos: readonly number[]) {
      const combinations = await db
        .selectFrom('pesagens')
        .select((eb) => ['aviario', 'sexo', 'serie_balanca', eb.fn.min('data').as('primeira'), eb.fn.max('data').as('ultima')])
        .where('owner_id', '=', ownerId)
        .where('nucleo_id', 'in', [...nucleos])
        .groupBy(['aviario', 'sexo', 'serie_balanca'])
        .execute();
      const days = combinations.flatMap((row) => [row.primeira as string, row.ultima as string]).sort();
      return {
        aviarios: [...new Set(combinations.map((row) => row.aviario))],
        sexos: [...new Set(combinations.map((row) => row.sexo))],
        balancas: [...new Set(combinations.map((row) => row.serie_balanca))],
        primeira: days[0] ?? null,
        ultima: days[days.length - 1] ?? null,
      };
    },

    /** Per flock and weighing day: birds, exact weight sum (dg) and the youngest age the rows carry. */
    async dailyTotals(ownerId: number, loteIds: readonly number[]): Promise<{ lote_id: number; data: string; aves: number; peso_dg: number; idade_lote: number | null }[]> {
      if (loteIds.length === 0) return [];
      const rows = await db
        .selectFrom('pesagens')
        .select((eb) => [
          'lote_id',
          'data',
          eb.fn.countAll<number | string>().as('aves'),
          eb.fn.sum<number | string>('peso_dg').as('peso_dg'),
          eb.fn.min('idade_lote').as('idade_lote'),
        ])
        .where('owner_id', '=', ownerId)
        .where('lote_id', 'in', [...loteIds])
        .groupBy(['lote_id', 'data'])
        .execute();
      return rows.map((row) => ({
        lote_id: row.lote_id as number,
        data: row.data,
        aves: Number(row.aves),
        peso_dg: Number(row.peso_dg),
        idade_lote: row.idade_lote === null ? null : Number(row.idade_lote),
      }));
    },

    /** The weights (dg) and scores of one flock on one day. */
    async dayWeights(ownerId: number, loteId: number, data: string): Promise<{ peso_dg: number; score: number | null }[]> {
      return db.selectFrom('pesagens').select(['peso_dg', 'score']).where('owner_id', '=', ownerId).where('lote_id', '=', loteId).where('data', '=', data).execute();
    },

    /** Every bird weighed for the flock in [di, df] (a chart's flock series): its day and weight in decigrams. */
    async birdWeights(ownerId: number, loteId: number, di: string, df: string): Promise<{ data: string; peso_dg: number }[]> {
      return db
        .selectFrom('pesagens')
        .select(['data', 'peso_dg'])
        .where('owner_id', '=', ownerId)
        .where('lote_id', '=', loteId)
        .where('data', '>=', di)
        .where('data', '<=', df)
        .execute();
    },

    /** Weighings on these farms. */
    async count(ownerId: number, nucleos: readonly number[] | null): Promise<number> {
      if (nucleos !== null && nucleos.length === 0) return 0;
      let query = db.selectFrom('pesagens').select((eb) => eb.fn.countAll<number | string>().as('count')).where('owner_id', '=', ownerId);
      if (nucleos !== null) query = query.where('nucleo_id', 'in', [...nucleos]);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    // The only writes of pesagens, all made by the ingestion service (ingestion.ts).

    /**
     * Stores a device's record once: a (device, seq) already stored (re-sent after a lost ACK, or
     * received by another instance) is left as it is. Autocommitted: when this resolves, it is durable.
     */
    async insertFromDevice(row: DevicePesagemRow, now: number): Promise<{ id: number; created: boolean }> {
      const inserted = await db
        .insertInto('pesagens')
        .values({ ...row, importacao_id: null, created_at: now })
        .onConflict((oc) => oc.columns(['device_id', 'seq']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      const existing = await db.selectFrom('pesagens').select('id').where('device_id', '=', row.device_id).where('seq', '=', row.seq).executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    },

    /** A device's stored record as it was stored first (a re-sent copy may differ), with its farm's name and flock's code. */
    async deviceRecord(deviceId: number, seq: number) {
      return db
        .selectFrom('pesagens')
        .innerJoin('nucleos', 'nucleos.id', 'pesagens.nucleo_id')
        .leftJoin('lotes', 'lotes.id', 'pesagens.lote_id')
        .select([
          'pesagens.id', 'pesagens.data', 'pesagens.hora', 'pesagens.aviario', 'pesagens.lado', 'pesagens.box', 'pesagens.sexo', 'pesagens.peso_dg',
          'pesagens.idade_lote', 'pesagens.linha', 'pesagens.score', 'pesagens.obs', 'nucleos.nome as nucleo', 'lotes.codigo as lote',
        ])
        .where('pesagens.device_id', '=', deviceId)
        .where('pesagens.seq', '=', seq)
        .executeTakeFirstOrThrow();
    },

    /** Stores a batch of a file's weighings in the import's open transaction, the fastest way each database offers. */
    async insertImported(trx: Transaction<Tables>, target: ImportTarget, batch: RowBatch): Promise<void> {
      const { ownerId, importacaoId, now } = target;
      const values = batch.rows.map((row, index) => [ownerId, batch.nucleos[index], batch.lotes[index], ...pesagemFieldValues(row), importacaoId, now]);
      await bulkInsert(database, trx, 'pesagens', IMPORTED_COLUMNS, values);
    },

    /**
     * Stores a decided import's staged rows up to staged id `lastId` (importacao_linhas, read in
     * this one statement), in file order, in the caller's transaction: placeholder farm and flock
     * ids become the real ones (importacao_criados), owner and time come from the import's row.
     */
    async insertStaged(trx: Transaction<Tables>, importacaoId: number, lastId: number): Promise<void> {
      await sql`
        insert into pesagens (${sql.join(IMPORTED_COLUMNS.map((column) => sql.ref(column.name)))})
        select i.owner_id, coalesce(f.real_id, s.nucleo_id), coalesce(l.real_id, s.lote_id), s.data, s.hora, s.aviario, s.lado, s.box, s.sexo,
          s.peso_dg, s.idade_lote, s.linha, s.score, s.serie_balanca, s.obs, s.importacao_id, i.created_at
        from importacao_linhas s
        join importacoes i on i.id = s.importacao_id
        left join importacao_criados f on f.importacao_id = s.importacao_id and f.provisorio = s.nucleo_id
        left join importacao_criados l on l.importacao_id = s.importacao_id and l.provisorio = s.lote_id
        where s.importacao_id = ${importacaoId} and s.id <= ${lastId}
        order by s.id
      `.execute(trx);
    },
  };
}
export type PesagensRepository = ReturnType<typeof pesagensRepository>;
