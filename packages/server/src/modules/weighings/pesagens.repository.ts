import type { Selectable, SelectQueryBuilder } from 'kysely';
import { streamBatches, type Database } from '../../db/dialect.js';
import type { PesagensTable, Tables } from '../../db/tables.js';

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

    /** Weighings on these farms. */
    async count(ownerId: number, nucleos: readonly number[] | null): Promise<number> {
      if (nucleos !== null && nucleos.length === 0) return 0;
      let query = db.selectFrom('pesagens').select((eb) => eb.fn.countAll<number | string>().as('count')).where('owner_id', '=', ownerId);
      if (nucleos !== null) query = query.where('nucleo_id', 'in', [...nucleos]);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },
  };
}
export type PesagensRepository = ReturnType<typeof pesagensRepository>;
