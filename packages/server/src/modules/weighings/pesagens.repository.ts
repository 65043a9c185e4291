import { sql, type Insertable, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import {
  bulkInsert, deviceWeighingKey, ensurePartitionsFor, integerColumns, partitionsMissingFor, streamBatches, varcharColumns, type BulkColumn, type Database,
} from '../../db/dialect.js';
import { inChangeOrder, type ChangeWindow } from '../../db/change-order.js';
import type { PesagensTable, Tables } from '../../db/tables.js';
import type { PesagemFields } from './validation.js';
import { headerOf } from './header-of.js';

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

const EXPORT_COLUMNS = [
  'id', 'nucleo_id', 'lote_id', 'device_id', 'serie_balanca', 'aviario', 'lado', 'box', 'sexo', 'peso_dg', 'data', 'hora', 'idade_lote', 'score', 'importacao_id', 'created_at',
] as const;
/** What the export sends of a weighing (weighings/export.ts). */
export type ExportPesagemRow = Pick<Selectable<PesagensTable>, (typeof EXPORT_COLUMNS)[number]>;

/** One flock-day's weighings, or a house's, a side's or a box's of it, optionally of one sex text. */
export interface MixedScope {
  lote_id: number;
  data: string;
  aviario?: string | undefined;
  lado?: string | undefined;
  box?: string | undefined;
  sexo?: string | undefined;
}

/** A weighing a device sent, ready to store: (device_id, seq) identifies it. */
export type DevicePesagemRow = Omit<Insertable<PesagensTable>, 'id' | 'importacao_id' | 'created_at' | 'dia_id'> & {
  device_id: number;
  seq: number;
  lote_id: number | null;
  idade_lote: number | null;
  score: number | null;
};

/** A manual weighing's birds (registerpesagemmanual): written like a file's rows, belonging to no import. */
export interface ManualTarget {
  ownerId: number;
  importacaoId: null;
  now: number;
}

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
/** An imported weighing's columns, in bulk order: the last one is its daily aggregate row (pesagens_dia). */
const IMPORTED_COLUMNS: readonly BulkColumn[] = [
  ...integerColumns('owner_id', 'nucleo_id', 'lote_id'), ...PESAGEM_FIELD_COLUMNS, ...integerColumns('importacao_id'), { name: 'created_at', pgType: 'bigint' },
  ...integerColumns('dia_id'),
];
/** The columns a staged row fills as it moves (its day, dia_id, is set right after: pesagens-dia.repository.ts addImported). */
const STAGED_INSERT_COLUMNS = IMPORTED_COLUMNS.filter((column) => column.name !== 'dia_id');

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

    /** The owner's weighings stored after the cursor, in the order stored (issue 21's export, weighings/export.ts). */
    async changedSince(ownerId: number, window: ChangeWindow): Promise<ExportPesagemRow[]> {
      return inChangeOrder(db.selectFrom('pesagens').select(EXPORT_COLUMNS).where('owner_id', '=', ownerId), 'created_at', 'id', window).execute();
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
      return headerOf(combinations);
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

    /**
     * When each scale (`box`) of these devices last weighed at or after `since` (epoch ms the
     * portal stored it): the alarms' silent scale of a live device. `data` bounds the scan (its
     * index and PostgreSQL's monthly partitions) two days before `since`, whatever the timezone.
     */
    async deviceScaleActivity(ownerId: number, deviceIds: readonly number[], since: number): Promise<{ device_id: number; box: string; ultimo_em: number }[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .selectFrom('pesagens')
        .select((eb) => ['device_id', 'box', eb.fn.max('created_at').as('ultimo_em')])
        .where('owner_id', '=', ownerId)
        .where('data', '>=', new Date(since - 2 * 86_400_000).toISOString().slice(0, 10))
        .where('device_id', 'in', [...deviceIds])
        .where('created_at', '>=', since)
        .groupBy(['device_id', 'box'])
        .execute();
      return rows.map((row) => ({ device_id: Number(row.device_id), box: row.box, ultimo_em: Number(row.ultimo_em) }));
    },

    /** The weights (dg) and scores of one flock on one day. */
    async dayWeights(ownerId: number, loteId: number, data: string): Promise<{ peso_dg: number; score: number | null }[]> {
      return db.selectFrom('pesagens').select(['peso_dg', 'score']).where('owner_id', '=', ownerId).where('lote_id', '=', loteId).where('data', '=', data).execute();
    },

    /** The weighings of one flock on some days (a filtered flock's latest days): day, house, sex and weight. */
    async flockDayRows(ownerId: number, loteId: number, datas: readonly string[]): Promise<{ data: string; aviario: string; sexo: string; peso_dg: number }[]> {
      if (datas.length === 0) return [];
      return db
        .selectFrom('pesagens')
        .select(['data', 'aviario', 'sexo', 'peso_dg'])
        .where('owner_id', '=', ownerId)
        .where('lote_id', '=', loteId)
        .where('data', 'in', [...datas])
        .execute();
    },

    /**
     * The sex text and weight (dg) of each weighing of one flock on one day, narrowed to a house,
     * side and box, and to one exact sex text, when named (getseparacaosexo: mixed-weights.ts).
     */
    async flockDaySexRows(ownerId: number, scope: MixedScope): Promise<{ sexo: string; peso_dg: number }[]> {
      let query = db.selectFrom('pesagens').select(['sexo', 'peso_dg']).where('owner_id', '=', ownerId).where('lote_id', '=', scope.lote_id).where('data', '=', scope.data);
      if (scope.aviario !== undefined) query = query.where('aviario', '=', scope.aviario);
      if (scope.lado !== undefined) query = query.where('lado', '=', scope.lado);
      if (scope.box !== undefined) query = query.where('box', '=', scope.box);
      if (scope.sexo !== undefined) query = query.where('sexo', '=', scope.sexo);
      return query.execute();
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
     * Makes the months of these days where weighings are cut into months (PostgreSQL), before a
     * write of them: never inside a transaction writing a table pesagens points at (making a
     * month waits for that transaction's end). A month already there costs no query.
     */
    preparePartitions: (days: Iterable<string>): Promise<void> => ensurePartitionsFor(database, 'pesagens', days),

    /** True when some of these days fall in a month not made yet (a transaction that must not wait for it stops, has it made, and starts again). */
    partitionsMissing: (days: Iterable<string>): Promise<boolean> => partitionsMissingFor(database, 'pesagens', days),

    /** Runs `work` in one transaction: a device batch's weighings and their daily aggregates are kept together or not at all. */
    transaction<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /**
     * Of these device records, the ones stored already (a re-send after a lost ACK, or another
     * instance's copy), by their key (deviceWeighingKey: on PostgreSQL it holds the day too, which a
     * re-sent record repeats), with the stored id: `${device_id}:${seq}` → id.
     */
    async storedDeviceIds(trx: Transaction<Tables>, rows: readonly DevicePesagemRow[]): Promise<Map<string, number>> {
      const byDay = deviceWeighingKey(database).includes('data');
      const found = await trx
        .selectFrom('pesagens')
        .select(['id', 'device_id', 'seq'])
        .where((eb) => eb.or(rows.map((r) => eb.and([eb('device_id', '=', r.device_id), eb('seq', '=', r.seq), ...(byDay ? [eb('data', '=', r.data)] : [])]))))
        .execute();
      return new Map(found.map((r) => [`${r.device_id}:${r.seq}`, r.id]));
    },

    /**
     * Stores device records in the caller's transaction, each once: a key already stored is left as
     * it is (on conflict do nothing). Answers the ids of the ones this statement stored, by
     * `${device_id}:${seq}`; the caller tells a record that is missing from them (stored meanwhile by
     * another instance). Their months are made beforehand (preparePartitions, outside the transaction).
     */
    async insertDeviceRows(trx: Transaction<Tables>, rows: readonly (DevicePesagemRow & { dia_id: number; created_at: number })[]): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const inserted = await trx
        .insertInto('pesagens')
        .values(rows.map((row) => ({ ...row, importacao_id: null })))
        .onConflict((oc) => oc.columns(deviceWeighingKey(database)).doNothing())
        .returning(['id', 'device_id', 'seq'])
        .execute();
      return new Map(inserted.map((r) => [`${r.device_id}:${r.seq}`, r.id]));
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

    /**
     * Stores a batch of a file's weighings in the import's open transaction, the fastest way each
     * database offers; `diaIds[i]` is row i's daily aggregate row (counted by the caller just before).
     * A manual weighing's birds go the same way, with no import.
     */
    async insertImported(trx: Transaction<Tables>, target: ImportTarget | ManualTarget, batch: RowBatch, diaIds: readonly number[]): Promise<void> {
      const { ownerId, importacaoId, now } = target;
      const values = batch.rows.map((row, index) => [ownerId, batch.nucleos[index], batch.lotes[index], ...pesagemFieldValues(row), importacaoId, now, diaIds[index]]);
      await bulkInsert(database, trx, 'pesagens', IMPORTED_COLUMNS, values);
    },

    /**
     * Stores a decided import's staged rows up to staged id `lastId` (importacao_linhas, read in
     * this one statement), in file order, in the caller's transaction: placeholder farm and flock
     * ids become the real ones (importacao_criados), the owner comes from the import's row. Stamped
     * `now`, when they become visible, not when the file was read: the export reads weighings in
     * created_at order after a cursor, and rows stamped before a row it has sent would be skipped.
     * They are stored without their day (dia_id): the caller counts them in next, by the id this
     * answers — the import's rows stored before them end at it, so theirs are the ones after.
     */
    async insertStaged(trx: Transaction<Tables>, importacaoId: number, lastId: number, now: number): Promise<number> {
      const before = await trx.selectFrom('pesagens').select((eb) => eb.fn.max('id').as('last')).where('importacao_id', '=', importacaoId).executeTakeFirst();
      await sql`
        insert into pesagens (${sql.join(STAGED_INSERT_COLUMNS.map((column) => sql.ref(column.name)))})
        select i.owner_id, coalesce(f.real_id, s.nucleo_id), coalesce(l.real_id, s.lote_id), s.data, s.hora, s.aviario, s.lado, s.box, s.sexo,
          s.peso_dg, s.idade_lote, s.linha, s.score, s.serie_balanca, s.obs, s.importacao_id, cast(${now} as bigint)
        from importacao_linhas s
        join importacoes i on i.id = s.importacao_id
        left join importacao_criados f on f.importacao_id = s.importacao_id and f.provisorio = s.nucleo_id
        left join importacao_criados l on l.importacao_id = s.importacao_id and l.provisorio = s.lote_id
        where s.importacao_id = ${importacaoId} and s.id <= ${lastId}
        order by s.id
      `.execute(trx);
      return Number(before?.last ?? 0);
    },

    /** The daily aggregate rows an import's weighings are counted in (before they are removed). */
    async dayIdsOfImport(trx: Transaction<Tables>, importacaoId: number): Promise<number[]> {
      const rows = await trx.selectFrom('pesagens').select('dia_id').distinct().where('importacao_id', '=', importacaoId).execute();
      return rows.flatMap((row) => (row.dia_id === null ? [] : [row.dia_id]));
    },

    /** Removes an import's weighings in the caller's transaction (the caller recomputes their days). */
    async deleteImported(trx: Transaction<Tables>, importacaoId: number): Promise<number> {
      const { numDeletedRows } = await trx.deleteFrom('pesagens').where('importacao_id', '=', importacaoId).executeTakeFirstOrThrow();
      return Number(numDeletedRows);
    },
  };
}
export type PesagensRepository = ReturnType<typeof pesagensRepository>;
