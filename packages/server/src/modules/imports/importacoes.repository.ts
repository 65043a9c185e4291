import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/dialect.js';
import type { ImportEstado, Tables } from '../../db/tables.js';
import type { ImportRow } from './rows.js';

/** A batch of rows with the farm and flock each was resolved to, written in one go. */
export interface RowBatch {
  rows: ImportRow[];
  nucleos: number[];
  lotes: number[];
}

export interface ImportTarget {
  ownerId: number;
  importacaoId: number;
  now: number;
}

export interface FarmRef {
  id: number;
  nome: string;
  codigo: string;
  /** The farm's first house (by order), for flocks the import creates; null when it has none. */
  primeiraCasa: number | null;
}

export interface FlockRef {
  id: number;
  nucleo_id: number;
  codigo: string;
  ativo: boolean;
}

const COLUMNS = [
  'owner_id', 'nucleo_id', 'lote_id', 'data', 'hora', 'aviario', 'lado', 'box', 'sexo', 'peso_dg',
  'idade_lote', 'linha', 'score', 'serie_balanca', 'obs', 'importacao_id', 'created_at',
] as const;
/** The staged rows' columns: pesagens' own, the owner and time taken from the import when they move. */
const STAGED_COLUMNS = [
  'importacao_id', 'nucleo_id', 'lote_id', 'data', 'hora', 'aviario', 'lado', 'box', 'sexo', 'peso_dg',
  'idade_lote', 'linha', 'score', 'serie_balanca', 'obs',
] as const;
/** Placeholder rows per INSERT through the query builder (3 parameters a row, far under PostgreSQL's 65,535). */
const CREATED_ROWS_PER_INSERT = 1000;
/** Rows per SQLite statement: 17 × 100 bound values, far under SQLite's limit of 32,766. */
const SQLITE_ROWS_PER_STATEMENT = 100;

/**
 * SQLite: a prepared multi-row INSERT run on Kysely's own connection, so it joins the open
 * transaction; one statement call per 100 rows (a call per row costs more than the row).
 * `values` lays out one row's parameters in `columns` order.
 */
function sqliteWriter<Column extends string>(
  connection: BetterSqlite3.Database,
  table: string,
  columns: readonly Column[],
  values: (params: unknown[], target: ImportTarget, row: ImportRow, nucleoId: number, loteId: number) => void,
) {
  const statements = new Map<number, BetterSqlite3.Statement>();
  const row = `(${columns.map(() => '?').join(',')})`;
  const statement = (count: number) => {
    let prepared = statements.get(count);
    if (!prepared) {
      prepared = connection.prepare(`insert into ${table} (${columns.join(',')}) values ${Array(count).fill(row).join(',')}`);
      statements.set(count, prepared);
    }
    return prepared;
  };
  return (target: ImportTarget, batch: RowBatch): void => {
    const { rows, nucleos, lotes } = batch;
    const params: unknown[] = [];
    for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_STATEMENT) {
      const end = Math.min(rows.length, start + SQLITE_ROWS_PER_STATEMENT);
      params.length = 0;
      for (let index = start; index < end; index += 1) values(params, target, rows[index]!, nucleos[index]!, lotes[index]!);
      statement(end - start).run(params);
    }
  };
}

const pesagemValues = (params: unknown[], target: ImportTarget, r: ImportRow, nucleoId: number, loteId: number) => {
  params.push(
    target.ownerId, nucleoId, loteId, r.data, r.hora, r.aviario, r.lado, r.box, r.sexo, r.peso_dg,
    r.idade_lote, r.linha, r.score, r.serie_balanca, r.obs, target.importacaoId, target.now,
  );
};

const stagedValues = (params: unknown[], target: ImportTarget, r: ImportRow, nucleoId: number, loteId: number) => {
  params.push(
    target.importacaoId, nucleoId, loteId, r.data, r.hora, r.aviario, r.lado, r.box, r.sexo, r.peso_dg,
    r.idade_lote, r.linha, r.score, r.serie_balanca, r.obs,
  );
};

/**
 * PostgreSQL: one INSERT … SELECT FROM unnest(arrays) per batch, a column per array: a few
 * parameters whatever the batch size, and no per-row statement.
 */
async function postgresWrite(trx: Transaction<Tables>, target: ImportTarget, batch: RowBatch): Promise<void> {
  const { rows, nucleos, lotes } = batch;
  const column = <K extends keyof ImportRow>(key: K) => rows.map((row) => row[key]);
  await sql`
    insert into pesagens (${sql.join(COLUMNS.map((name) => sql.ref(name)))})
    select ${target.ownerId}::integer, n, l, d, h, a, s, b, x, p, i, li, sc, se, o, ${target.importacaoId}::integer, ${target.now}::bigint
    from unnest(
      ${nucleos}::integer[], ${lotes}::integer[], ${column('data')}::varchar[], ${column('hora')}::varchar[],
      ${column('aviario')}::varchar[], ${column('lado')}::varchar[], ${column('box')}::varchar[], ${column('sexo')}::varchar[],
      ${column('peso_dg')}::integer[], ${column('idade_lote')}::integer[], ${column('linha')}::varchar[], ${column('score')}::integer[],
      ${column('serie_balanca')}::varchar[], ${column('obs')}::varchar[]
    ) as t(n, l, d, h, a, s, b, x, p, i, li, sc, se, o)
  `.execute(trx);
}

/** Imports (importacoes) and the farms, houses and flocks an import may create. The only writer of imported weighings. */
export function importacoesRepository(database: Database) {
  const db: Kysely<Tables> = database.db;
  const sqlite = database.dialect === 'sqlite' ? database.sqlite : undefined;
  const sqlitePesagens = sqlite ? sqliteWriter(sqlite, 'pesagens', COLUMNS, pesagemValues) : undefined;
  const writeRows = sqlitePesagens ? async (_trx: Transaction<Tables>, target: ImportTarget, batch: RowBatch) => sqlitePesagens(target, batch) : postgresWrite;
  const sqliteStaged = sqlite ? sqliteWriter(sqlite, 'importacao_linhas', STAGED_COLUMNS, stagedValues) : undefined;

  return {
    dialect: database.dialect,

    async exists(ownerId: number, hash: string): Promise<boolean> {
      const row = await db.selectFrom('importacoes').select('id').where('owner_id', '=', ownerId).where('hash', '=', hash).executeTakeFirst();
      return row !== undefined;
    },

    /** The owner's farms (each with its first house) and flocks. */
    async references(ownerId: number): Promise<{ farms: FarmRef[]; flocks: FlockRef[] }> {
      const farms = await db.selectFrom('nucleos').select(['id', 'nome', 'codigo']).where('owner_id', '=', ownerId).orderBy('id').execute();
      const houses = farms.length === 0
        ? []
        : await db.selectFrom('aviarios').select(['id', 'nucleo_id']).where('nucleo_id', 'in', farms.map((farm) => farm.id)).orderBy('ordem').orderBy('id').execute();
      const flocks = await db.selectFrom('lotes').select(['id', 'nucleo_id', 'codigo', 'data_encerramento']).where('owner_id', '=', ownerId).orderBy('id').execute();
      const firstHouse = new Map<number, number>();
      for (const house of houses) if (!firstHouse.has(house.nucleo_id)) firstHouse.set(house.nucleo_id, house.id);
      return {
        farms: farms.map((farm) => ({ ...farm, primeiraCasa: firstHouse.get(farm.id) ?? null })),
        flocks: flocks.map(({ data_encerramento, ...flock }) => ({ ...flock, ativo: data_encerramento === null })),
      };
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

    /** A farm named in a file, with one house so flocks can be placed on it. */
    async createFarm(trx: Transaction<Tables>, ownerId: number, nome: string, houseName: string, now: number): Promise<FarmRef> {
      const { id } = await trx
        .insertInto('nucleos')
        .values({ owner_id: ownerId, nome, tipo: 'granja', codigo: '', endereco: '', cidade: '', estado: '', pais: '', latitude: null, longitude: null, obs: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const house = await trx
        .insertInto('aviarios')
        .values({ nucleo_id: id, ordem: 0, nome: houseName, lados: 1, boxes: 0, capacidade: 0, area_m2: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, nome, codigo: '', primeiraCasa: house.id };
    },

    /** A house for a farm that has none, so a flock can be placed on it. */
    async createHouse(trx: Transaction<Tables>, nucleoId: number, nome: string): Promise<number> {
      const { id } = await trx
        .insertInto('aviarios')
        .values({ nucleo_id: nucleoId, ordem: 0, nome, lados: 1, boxes: 0, capacidade: 0, area_m2: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** A flock named in a file: on its farm, in the farm's first house, everything else unknown yet. */
    async createFlock(trx: Transaction<Tables>, ownerId: number, nucleoId: number, codigo: string, houseId: number, now: number): Promise<FlockRef> {
      const { id } = await trx
        .insertInto('lotes')
        .values({
          owner_id: ownerId, nucleo_id: nucleoId, codigo, data_alojamento: null, linhagem: '', padrao_id: null,
          aves_macho: 0, aves_femea: 0, aves_misto: 0, data_encerramento: null, obs: '', created_at: now, updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('lote_aviarios').values({ lote_id: id, aviario_id: houseId }).execute();
      return { id, nucleo_id: nucleoId, codigo, ativo: true };
    },

    /** Stores a batch of weighings in the open transaction, the fastest way each database offers. */
    writeRows,

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
      if (!sqliteStaged) throw new Error('staged imports are SQLite only (IMPORT_WRITES)');
      await db.transaction().execute(async () => sqliteStaged(target, batch));
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
     * transaction; answers how many moved (0: none left).
     */
    async moveRows(importacaoId: number, limit: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const chunk = await trx
          .selectFrom('importacao_linhas')
          .select((eb) => [eb.fn.max('id').as('last'), eb.fn.countAll<number>().as('rows')])
          .where('id', 'in', (eb) => eb.selectFrom('importacao_linhas').select('id').where('importacao_id', '=', importacaoId).orderBy('id').limit(limit))
          .executeTakeFirstOrThrow();
        const rows = Number(chunk.rows);
        if (rows === 0 || chunk.last === null) return 0;
        await sql`
          insert into pesagens (${sql.join(COLUMNS.map((name) => sql.ref(name)))})
          select i.owner_id, coalesce(f.real_id, s.nucleo_id), coalesce(l.real_id, s.lote_id), s.data, s.hora, s.aviario, s.lado, s.box, s.sexo,
            s.peso_dg, s.idade_lote, s.linha, s.score, s.serie_balanca, s.obs, s.importacao_id, i.created_at
          from importacao_linhas s
          join importacoes i on i.id = s.importacao_id
          left join importacao_criados f on f.importacao_id = s.importacao_id and f.provisorio = s.nucleo_id
          left join importacao_criados l on l.importacao_id = s.importacao_id and l.provisorio = s.lote_id
          where s.importacao_id = ${importacaoId} and s.id <= ${chunk.last}
          order by s.id
        `.execute(trx);
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
    async unfinished(): Promise<{ id: number; owner_id: number; estado: ImportEstado }[]> {
      return db.selectFrom('importacoes').select(['id', 'owner_id', 'estado']).where('estado', '<>', 'done').orderBy('id').execute();
    },
  };
}
export type ImportacoesRepository = ReturnType<typeof importacoesRepository>;
