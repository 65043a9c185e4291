import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/dialect.js';
import type { Tables } from '../../db/tables.js';
import { headerOf } from './header-of.js';
import type { DayKeyFields } from './pesagens-dia.repository.js';

/**
 * Reads of the daily weighing aggregates (pesagens_dia, its 10 g bands and scores, migration 0009)
 * for the reports that align with whole days: headers, usrstats, the charts' flock series, v2/resumo,
 * gettotaisselauto. Reads only: the one writer of these tables is pesagens-dia.repository.ts, in
 * the ingestion transaction. Each read is one statement for all the days a call needs (never one
 * per day); docs/data-model.md, "Daily aggregates", says which call reads what.
 */

/** Which day rows a call reads: the owner's, narrowed like the weighings' own filter (PesagemFilter). */
export interface DayFilter {
  inicio?: string | undefined;
  fim?: string | undefined;
  /** Farms in reach; never empty here. */
  nucleos?: readonly number[] | undefined;
  lote_id?: number | undefined;
  lotes?: readonly number[] | undefined;
  datas?: readonly string[] | undefined;
  aviario?: string | undefined;
  aviarios?: readonly string[] | undefined;
  sexo?: string | undefined;
  serie_balanca?: string | undefined;
}

/** A day row: its key and exact sums (soma and quadrados as decimal text, exact whatever their size). */
export interface DayRow extends DayKeyFields {
  id: number;
  aves: number;
  soma: string;
  quadrados: string;
  menor: number;
  maior: number;
}

/** Columns a call groups its day rows by into lines. */
export type LineColumn = 'nucleo_id' | 'lote_id' | 'data' | 'aviario' | 'lado' | 'box';

/** Birds with one score on one line: `line` holds the line's values of the columns asked. */
export interface LineScore {
  line: Partial<Record<LineColumn, string | number | null>>;
  score: number;
  aves: number;
}

/** One range a straddling day reads: its 10 g bands (faixa) or raw weights (peso_dg) from `de` to `ate`, both included. */
export interface RangeRead {
  dia_id: number;
  /** The day (YYYY-MM-DD): lets PostgreSQL touch only that month's partition of pesagens. */
  data: string;
  de: number;
  ate: number;
}

/** A raw weighing at a quality window's edge: enough to flag it and list it in the audit. */
export interface EdgeRow {
  dia_id: number;
  peso_dg: number;
  hora: string;
  aviario: string;
  lado: string;
  box: string;
  sexo: string;
  serie_balanca: string;
}

/** Edge reads per statement: each is four bound parameters, well under either database's limit. */
const EDGE_READS_PER_STATEMENT = 500;
/** Range reads per statement: the ranges travel as an inline VALUES table of integers (no bound-parameter limit). */
const READS_PER_STATEMENT = 20_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The reads as a VALUES table (column1 = position in `reads`, column2 = dia_id, column3 = de,
 * column4 = ate, column5 = data): every value is checked to be an integer or a date, so they
 * are written inline, which both databases read the same way.
 */
function readsTable(reads: readonly RangeRead[], offset: number): RawBuilder<unknown> {
  const tuples = reads.map((read, index) => {
    const numbers = [offset + index, read.dia_id, read.de, read.ate];
    if (!numbers.every(Number.isSafeInteger) || !ISO_DAY.test(read.data)) throw new Error(`not a range read: ${JSON.stringify(read)}`);
    return `(${numbers.join(',')},'${read.data}')`;
  });
  return sql.raw(`(values ${tuples.join(',')}) as v`);
}

type DayQuery<O> = SelectQueryBuilder<Tables, 'pesagens_dia', O>;

function filtered<O>(query: DayQuery<O>, ownerId: number, filter: DayFilter): DayQuery<O> {
  let narrowed = query.where('pesagens_dia.owner_id', '=', ownerId);
  if (filter.inicio !== undefined) narrowed = narrowed.where('pesagens_dia.data', '>=', filter.inicio);
  if (filter.fim !== undefined) narrowed = narrowed.where('pesagens_dia.data', '<=', filter.fim);
  if (filter.nucleos !== undefined) narrowed = narrowed.where('pesagens_dia.nucleo_id', 'in', [...filter.nucleos]);
  if (filter.lote_id !== undefined) narrowed = narrowed.where('pesagens_dia.lote_id', '=', filter.lote_id);
  if (filter.lotes !== undefined) narrowed = narrowed.where('pesagens_dia.lote_id', 'in', [...filter.lotes]);
  if (filter.datas !== undefined) narrowed = narrowed.where('pesagens_dia.data', 'in', [...filter.datas]);
  if (filter.aviario !== undefined) narrowed = narrowed.where('pesagens_dia.aviario', '=', filter.aviario);
  if (filter.aviarios !== undefined) narrowed = narrowed.where('pesagens_dia.aviario', 'in', [...filter.aviarios]);
  if (filter.sexo !== undefined) narrowed = narrowed.where('pesagens_dia.sexo', '=', filter.sexo);
  if (filter.serie_balanca !== undefined) narrowed = narrowed.where('pesagens_dia.serie_balanca', '=', filter.serie_balanca);
  return narrowed;
}

/** A filter that can match nothing (an empty list): answered without asking the database. */
const matchesNothing = (filter: DayFilter) => [filter.nucleos, filter.lotes, filter.datas, filter.aviarios].some((list) => list !== undefined && list.length === 0);

export function dailyQueries(database: Database) {
  const { db } = database;

  /** Sums per read of `reads`, in slices of READS_PER_STATEMENT; `statement` counts one slice. */
  async function perRead(reads: readonly RangeRead[], statement: (table: RawBuilder<unknown>) => RawBuilder<{ k: number | string; n: number | string }>): Promise<number[]> {
    const counts = new Array<number>(reads.length).fill(0);
    for (let start = 0; start < reads.length; start += READS_PER_STATEMENT) {
      const { rows } = await statement(readsTable(reads.slice(start, start + READS_PER_STATEMENT), start)).execute(db);
      for (const row of rows) counts[Number(row.k)] = Number(row.n);
    }
    return counts;
  }

  return {
    /** The day rows a call reads, in no particular order. */
    async dayRows(ownerId: number, filter: DayFilter): Promise<DayRow[]> {
      if (matchesNothing(filter)) return [];
      return filtered(
        db
          .selectFrom('pesagens_dia')
          .select([
            'pesagens_dia.id', 'pesagens_dia.nucleo_id', 'pesagens_dia.lote_id', 'pesagens_dia.data', 'pesagens_dia.aviario', 'pesagens_dia.lado',
            'pesagens_dia.box', 'pesagens_dia.sexo', 'pesagens_dia.serie_balanca', 'pesagens_dia.aves', 'pesagens_dia.menor_dg as menor', 'pesagens_dia.maior_dg as maior',
            // As text: exact on both databases whatever the size (the driver reads bigint as a JS number).
            sql<string>`cast(pesagens_dia.soma_dg as text)`.as('soma'),
            sql<string>`cast(pesagens_dia.quadrados_dg as text)`.as('quadrados'),
          ]),
        ownerId,
        filter,
      ).execute();
    },

    /**
     * The scores of the same day rows, summed per line (the day rows' values of `by`) and score in
     * the database: a line's few scores instead of every day's.
     */
    async lineScores(ownerId: number, filter: DayFilter, by: readonly LineColumn[]): Promise<LineScore[]> {
      if (matchesNothing(filter)) return [];
      const keys = by.map((column) => sql.ref(`pesagens_dia.${column}`));
      const query = db
        .selectFrom('pesagens_dia')
        .innerJoin('pesagens_dia_scores', 'pesagens_dia_scores.dia_id', 'pesagens_dia.id')
        .select((eb) => [...by.map((column, index) => keys[index]!.as(column)), 'pesagens_dia_scores.score', eb.fn.sum<number | string>('pesagens_dia_scores.aves').as('aves')])
        .groupBy([...keys, 'pesagens_dia_scores.score']);
      const rows = (await filtered(query, ownerId, filter).execute()) as unknown as (Record<LineColumn, string | number | null> & { score: number; aves: number | string })[];
      return rows.map((row) => ({ line: row, score: row.score, aves: Number(row.aves) }));
    },

    /** For each read, the birds of the day's whole 10 g bands de ≤ faixa ≤ ate (pesagens_dia_faixas), in one statement. */
    faixaCounts(reads: readonly RangeRead[]): Promise<number[]> {
      return perRead(
        reads,
        // A subquery per read: always a lookup of the (dia_id, faixa) key, where a join's plan may scan the whole table.
        (table) => sql<{ k: number; n: number }>`
          select v.column1 as k, (select sum(f.aves) from pesagens_dia_faixas f
            where f.dia_id = v.column2 and f.faixa between v.column3 and v.column4) as n from ${table}`,
      );
    },

    /** For each read, the day's raw weighings with de ≤ peso_dg ≤ ate (pesagens by dia_id, peso_dg), in one statement. */
    rawCounts(reads: readonly RangeRead[]): Promise<number[]> {
      return perRead(
        reads,
        // A subquery per read: a (dia_id, peso_dg) lookup in the one month of its day (pruned as it runs),
        // where a join's plan hashes every month's weighings (seconds at 50,000,000 rows).
        (table) => sql<{ k: number; n: number }>`
          select v.column1 as k, (select count(*) from pesagens p
            where p.dia_id = v.column2 and p.data = v.column5 and p.peso_dg between v.column3 and v.column4) as n from ${table}`,
      );
    },

    /**
     * The raw weighings of each read's day with de ≤ peso_dg ≤ ate (the weighing-quality window's
     * edges: the few rows below and above it), by the (dia_id, peso_dg) index; each read names its
     * day so PostgreSQL touches that month only. A few hundred reads per statement.
     */
    async edgeRows(reads: readonly RangeRead[]): Promise<EdgeRow[]> {
      const found: EdgeRow[] = [];
      for (let start = 0; start < reads.length; start += EDGE_READS_PER_STATEMENT) {
        const slice = reads.slice(start, start + EDGE_READS_PER_STATEMENT);
        const rows = await db
          .selectFrom('pesagens')
          .select(['dia_id', 'peso_dg', 'hora', 'aviario', 'lado', 'box', 'sexo', 'serie_balanca'])
          .where((eb) => eb.or(slice.map((read) => eb.and([eb('dia_id', '=', read.dia_id), eb('data', '=', read.data), eb('peso_dg', '>=', read.de), eb('peso_dg', '<=', read.ate)]))))
          .execute();
        for (const row of rows) found.push({ ...row, dia_id: Number(row.dia_id) });
      }
      return found;
    },

    /** The flocks with day rows under the filter (the weight report's flocks, before it reads their weighings). */
    async weighedFlocks(ownerId: number, filter: DayFilter): Promise<number[]> {
      if (matchesNothing(filter)) return [];
      const rows = await filtered(db.selectFrom('pesagens_dia').select('pesagens_dia.lote_id').distinct(), ownerId, filter).execute();
      return rows.flatMap((row) => (row.lote_id === null ? [] : [Number(row.lote_id)]));
    },

    /** What the report filters offer (avesheader): houses, sexes, scales and the first and last day. */
    async header(ownerId: number, nucleos: readonly number[]) {
      const combinations = await filtered(
        db
          .selectFrom('pesagens_dia')
          .select((eb) => ['pesagens_dia.aviario', 'pesagens_dia.sexo', 'pesagens_dia.serie_balanca', eb.fn.min('pesagens_dia.data').as('primeira'), eb.fn.max('pesagens_dia.data').as('ultima')])
          .groupBy(['pesagens_dia.aviario', 'pesagens_dia.sexo', 'pesagens_dia.serie_balanca']),
        ownerId,
        { nucleos },
      ).execute();
      return headerOf(combinations);
    },

    /** Per flock and weighing day: birds, exact weight sum (dg) and the youngest age the rows carry. */
    async dailyTotals(ownerId: number, loteIds: readonly number[]): Promise<{ lote_id: number; data: string; aves: number; peso_dg: number; idade_lote: number | null }[]> {
      if (loteIds.length === 0) return [];
      const rows = await filtered(
        db
          .selectFrom('pesagens_dia')
          .select((eb) => [
            'pesagens_dia.lote_id',
            'pesagens_dia.data',
            eb.fn.sum<number | string>('pesagens_dia.aves').as('aves'),
            eb.fn.sum<number | string>('pesagens_dia.soma_dg').as('peso_dg'),
            eb.fn.min('pesagens_dia.idade_min').as('idade_lote'),
          ])
          .groupBy(['pesagens_dia.lote_id', 'pesagens_dia.data']),
        ownerId,
        { lotes: loteIds },
      ).execute();
      return rows.map((row) => ({
        lote_id: row.lote_id as number,
        data: row.data,
        aves: Number(row.aves),
        peso_dg: Number(row.peso_dg),
        idade_lote: row.idade_lote === null ? null : Number(row.idade_lote),
      }));
    },

    /** Weighings on these farms (null: all the owner's). */
    async count(ownerId: number, nucleos: readonly number[] | null): Promise<number> {
      if (nucleos !== null && nucleos.length === 0) return 0;
      const query = db.selectFrom('pesagens_dia').select((eb) => eb.fn.sum<number | string>('pesagens_dia.aves').as('count'));
      const row = await filtered(query, ownerId, { nucleos: nucleos ?? undefined }).executeTakeFirstOrThrow();
      return Number(row.count ?? 0);
    },
  };
}
export type DailyQueries = ReturnType<typeof dailyQueries>;
