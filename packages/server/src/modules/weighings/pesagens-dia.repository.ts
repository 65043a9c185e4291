import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { greatestOf, leastOf, lockRows, type Database, type DialectName } from '../../db/dialect.js';
import type { Tables } from '../../db/tables.js';

/**
 * The daily weighing aggregates (migration 0009, docs/data-model.md "Daily weighing aggregates"):
 * pesagens_dia, pesagens_dia_faixas and pesagens_dia_scores, written only here, always in the
 * transaction that writes or removes the weighings they count (the ingestion service, ingestion.ts).
 *
 * Adding is a few multi-row upserts that add to what is there (aves = aves + excluded.aves, menor =
 * least(…)), so concurrent writers on PostgreSQL never lose an update: each waits for the row lock
 * of the other's day and adds on top. Rows are written in the order of their key, so two writers
 * lock the days they share in the same order. Removing recomputes the days touched from raw rows
 * (a minimum cannot be subtracted).
 */

/** What tells one day row from another within an account (the unique key, lote_id for lote_chave). */
export interface DayKeyFields {
  nucleo_id: number;
  lote_id: number | null;
  data: string;
  aviario: string;
  lado: string;
  box: string;
  sexo: string;
  serie_balanca: string;
}

/** What a weighing counts in its day's aggregates. */
export interface DayContribution extends DayKeyFields {
  owner_id: number;
  peso_dg: number;
  idade_lote: number | null;
  score: number | null;
}

/** The unique key of a day row (lote_chave: the flock, 0 for none). */
const DAY_KEY = ['owner_id', 'nucleo_id', 'lote_chave', 'data', 'aviario', 'lado', 'box', 'sexo', 'serie_balanca'] as const;

/** A 10 g band: peso_dg / 100, rounded down (weights are positive). */
export const faixaOf = (pesoDg: number): number => Math.floor(pesoDg / 100);

interface DayTotals {
  key: string;
  row: Omit<DayContribution, 'peso_dg' | 'idade_lote' | 'score'> & { lote_chave: number };
  aves: number;
  soma_dg: number;
  quadrados_dg: number;
  menor_dg: number;
  maior_dg: number;
  idade_min: number | null;
  faixas: Map<number, number>;
  scores: Map<number, number>;
}

// '\u0000' never occurs in stored text (validation refuses control characters).
const keyOf = (owner: number, nucleo: number, lote: number, r: Pick<DayContribution, 'data' | 'aviario' | 'lado' | 'box' | 'sexo' | 'serie_balanca'>): string =>
  `${owner}\u0000${nucleo}\u0000${lote}\u0000${r.data}\u0000${r.aviario}\u0000${r.lado}\u0000${r.box}\u0000${r.sexo}\u0000${r.serie_balanca}`;

const bump = (counts: Map<number, number>, value: number) => counts.set(value, (counts.get(value) ?? 0) + 1);

/** A batch's weighings summed per day in JS: the days in key order, and each weighing's day. */
export function sumByDay(rows: readonly DayContribution[]): { days: DayTotals[]; dayOf: number[] } {
  const byKey = new Map<string, DayTotals>();
  const keys: string[] = [];
  for (const r of rows) {
    const loteChave = r.lote_id ?? 0;
    const key = keyOf(r.owner_id, r.nucleo_id, loteChave, r);
    keys.push(key);
    let day = byKey.get(key);
    if (!day) {
      const { owner_id, nucleo_id, lote_id, data, aviario, lado, box, sexo, serie_balanca } = r;
      day = {
        key, row: { owner_id, nucleo_id, lote_id, lote_chave: loteChave, data, aviario, lado, box, sexo, serie_balanca },
        aves: 0, soma_dg: 0, quadrados_dg: 0, menor_dg: r.peso_dg, maior_dg: r.peso_dg, idade_min: null, faixas: new Map(), scores: new Map(),
      };
      byKey.set(key, day);
    }
    day.aves += 1;
    day.soma_dg += r.peso_dg;
    day.quadrados_dg += r.peso_dg * r.peso_dg;
    if (r.peso_dg < day.menor_dg) day.menor_dg = r.peso_dg;
    if (r.peso_dg > day.maior_dg) day.maior_dg = r.peso_dg;
    if (r.idade_lote !== null && (day.idade_min === null || r.idade_lote < day.idade_min)) day.idade_min = r.idade_lote;
    bump(day.faixas, faixaOf(r.peso_dg));
    if (r.score !== null) bump(day.scores, r.score);
  }
  const days = [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const position = new Map(days.map((day, index) => [day.key, index]));
  return { days, dayOf: keys.map((key) => position.get(key)!) };
}

/**
 * Counts the weighings `scope` selects (a condition on the table pesagens, naming none counted
 * already) into their days, set-based, in four statements whatever their number: the day rows
 * from a GROUP BY (added to those there, as `add` does), each weighing's dia_id from one UPDATE
 * (a lookup of the day's unique key per weighing: the same plan on both databases whatever their
 * statistics), the bands and scores from GROUP BYs on dia_id. Used for weighings already stored
 * without their day: a staged import's chunk (addImported), an owner's rebuild, and migration
 * 0009's backfill (which is why it takes any Kysely: it runs on the migration's untyped one).
 * Not for concurrent writers on PostgreSQL: the GROUP BY's rows are locked in no set order.
 */
export async function countIntoDays(executor: Kysely<any>, dialect: DialectName, scope: RawBuilder<unknown>, now: number): Promise<void> {
  const least = (column: string) => leastOf(dialect, sql.ref(`pesagens_dia.${column}`), sql.ref(`excluded.${column}`));
  const greatest = (column: string) => greatestOf(dialect, sql.ref(`pesagens_dia.${column}`), sql.ref(`excluded.${column}`));
  // The day row a weighing (the table pesagens) is counted in: its key's columns, equal.
  const sameDay = sql`d.owner_id = pesagens.owner_id and d.nucleo_id = pesagens.nucleo_id and d.lote_chave = coalesce(pesagens.lote_id, 0)
    and d.data = pesagens.data and d.aviario = pesagens.aviario and d.lado = pesagens.lado and d.box = pesagens.box and d.sexo = pesagens.sexo
    and d.serie_balanca = pesagens.serie_balanca`;
  await sql`
    insert into pesagens_dia (owner_id, nucleo_id, lote_id, lote_chave, data, aviario, lado, box, sexo, serie_balanca,
      aves, soma_dg, quadrados_dg, menor_dg, maior_dg, idade_min, updated_at)
    select owner_id, nucleo_id, lote_id, coalesce(lote_id, 0), data, aviario, lado, box, sexo, serie_balanca,
      count(*), sum(peso_dg), sum(cast(peso_dg as bigint) * peso_dg), min(peso_dg), max(peso_dg), min(idade_lote), ${now}
    from pesagens where ${scope}
    group by owner_id, nucleo_id, lote_id, data, aviario, lado, box, sexo, serie_balanca
    on conflict (owner_id, nucleo_id, lote_chave, data, aviario, lado, box, sexo, serie_balanca) do update set
      aves = pesagens_dia.aves + excluded.aves, soma_dg = pesagens_dia.soma_dg + excluded.soma_dg,
      quadrados_dg = pesagens_dia.quadrados_dg + excluded.quadrados_dg, menor_dg = ${least('menor_dg')},
      maior_dg = ${greatest('maior_dg')}, idade_min = ${least('idade_min')}, updated_at = excluded.updated_at
  `.execute(executor);
  await sql`update pesagens set dia_id = (select d.id from pesagens_dia d where ${sameDay}) where ${scope}`.execute(executor);
  await sql`
    insert into pesagens_dia_faixas (dia_id, faixa, aves)
    select dia_id, peso_dg / 100, count(*) from pesagens where ${scope} group by dia_id, peso_dg / 100
    on conflict (dia_id, faixa) do update set aves = pesagens_dia_faixas.aves + excluded.aves
  `.execute(executor);
  await sql`
    insert into pesagens_dia_scores (dia_id, score, aves)
    select dia_id, score, count(*) from pesagens where ${scope} and score is not null group by dia_id, score
    on conflict (dia_id, score) do update set aves = pesagens_dia_scores.aves + excluded.aves
  `.execute(executor);
}

/** Day rows per upsert (17 values each: far under both databases' bound-parameter limits). */
const DAYS_PER_STATEMENT = 500;
/** Band or score rows per upsert (3 values each). */
const COUNTS_PER_STATEMENT = 2_000;
/** Day ids per recomputation statement. */
const RECOMPUTE_CHUNK = 500;

export function pesagensDiaRepository(database: Database) {
  /** Upserts the days (adding), answering their ids in the order of `days`. */
  async function upsertDays(trx: Transaction<Tables>, days: readonly DayTotals[], now: number): Promise<number[]> {
    const ids = new Map<string, number>();
    for (let start = 0; start < days.length; start += DAYS_PER_STATEMENT) {
      const chunk = days.slice(start, start + DAYS_PER_STATEMENT);
      const returned = await trx
        .insertInto('pesagens_dia')
        .values(chunk.map((d) => ({
          ...d.row, aves: d.aves, soma_dg: d.soma_dg, quadrados_dg: d.quadrados_dg, menor_dg: d.menor_dg, maior_dg: d.maior_dg, idade_min: d.idade_min, updated_at: now,
        })))
        .onConflict((oc) =>
          oc.columns([...DAY_KEY]).doUpdateSet((eb) => ({
            aves: eb('pesagens_dia.aves', '+', eb.ref('excluded.aves')),
            soma_dg: eb('pesagens_dia.soma_dg', '+', eb.ref('excluded.soma_dg')),
            quadrados_dg: eb('pesagens_dia.quadrados_dg', '+', eb.ref('excluded.quadrados_dg')),
            menor_dg: leastOf(database.dialect, eb.ref('pesagens_dia.menor_dg'), eb.ref('excluded.menor_dg')) as never,
            maior_dg: greatestOf(database.dialect, eb.ref('pesagens_dia.maior_dg'), eb.ref('excluded.maior_dg')) as never,
            idade_min: leastOf(database.dialect, eb.ref('pesagens_dia.idade_min'), eb.ref('excluded.idade_min')) as never,
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning(['id', ...DAY_KEY])
        .execute();
      for (const r of returned) ids.set(keyOf(r.owner_id, r.nucleo_id, r.lote_chave, r), r.id);
    }
    return days.map((day) => {
      const id = ids.get(day.key);
      if (id === undefined) throw new Error(`daily aggregate row not returned for ${day.key.replaceAll('\u0000', '|')}`);
      return id;
    });
  }

  /** Adds per-band or per-score counts of the days `ids` (same order as `days`). */
  async function upsertCounts(trx: Transaction<Tables>, table: 'pesagens_dia_faixas' | 'pesagens_dia_scores', days: readonly DayTotals[], ids: readonly number[]) {
    const column = table === 'pesagens_dia_faixas' ? 'faixa' : 'score';
    const rows: { dia_id: number; value: number; aves: number }[] = [];
    days.forEach((day, index) => {
      for (const [value, aves] of table === 'pesagens_dia_faixas' ? day.faixas : day.scores) rows.push({ dia_id: ids[index]!, value, aves });
    });
    // Key order: the same lock order for every writer.
    rows.sort((a, b) => a.dia_id - b.dia_id || a.value - b.value);
    for (let start = 0; start < rows.length; start += COUNTS_PER_STATEMENT) {
      const values = rows.slice(start, start + COUNTS_PER_STATEMENT).map((r) => ({ dia_id: r.dia_id, [column]: r.value, aves: r.aves }));
      await (trx as unknown as Kysely<Record<typeof table, { dia_id: number; faixa: number; score: number; aves: number }>>)
        .insertInto(table)
        .values(values as never)
        .onConflict((oc) => oc.columns(['dia_id', column]).doUpdateSet((eb) => ({ aves: eb(`${table}.aves`, '+', eb.ref('excluded.aves')) })))
        .execute();
    }
  }

  /** The rows of `table` for the days `ids`, recounted from the weighings (their old rows first go). */
  async function recount(trx: Transaction<Tables>, ids: readonly number[]) {
    await trx.deleteFrom('pesagens_dia_faixas').where('dia_id', 'in', ids).execute();
    await trx.deleteFrom('pesagens_dia_scores').where('dia_id', 'in', ids).execute();
    const list = sql.join(ids);
    await sql`insert into pesagens_dia_faixas (dia_id, faixa, aves)
      select dia_id, peso_dg / 100, count(*) from pesagens where dia_id in (${list}) group by dia_id, peso_dg / 100`.execute(trx);
    await sql`insert into pesagens_dia_scores (dia_id, score, aves)
      select dia_id, score, count(*) from pesagens where dia_id in (${list}) and score is not null group by dia_id, score`.execute(trx);
  }

  return {
    /**
     * Counts a batch of weighings about to be stored into their days, in the caller's transaction
     * (the one writing the weighings): a few multi-row statements whatever the batch. Answers each
     * weighing's day row id (pesagens.dia_id), in the order of `rows`.
     */
    async add(trx: Transaction<Tables>, rows: readonly DayContribution[], now: number): Promise<number[]> {
      if (rows.length === 0) return [];
      const { days, dayOf } = sumByDay(rows);
      const ids = await upsertDays(trx, days, now);
      await upsertCounts(trx, 'pesagens_dia_faixas', days, ids);
      await upsertCounts(trx, 'pesagens_dia_scores', days, ids);
      return dayOf.map((index) => ids[index]!);
    },

    /**
     * Counts an import's weighings stored after its weighing `afterId` (a staged chunk just moved,
     * dia_id not set yet: importacoes' moveRows) into their days, in the caller's transaction.
     */
    async addImported(trx: Transaction<Tables>, importacaoId: number, afterId: number, now: number): Promise<void> {
      await countIntoDays(trx, database.dialect, sql`pesagens.importacao_id = ${importacaoId} and pesagens.id > ${afterId}`, now);
    },

    /**
     * Makes the days `ids` count exactly the weighings that name them now, after some were removed
     * in the caller's transaction: recomputed from raw rows (a minimum cannot be subtracted); a day
     * left without weighings goes, its bands and scores with it.
     */
    async recompute(trx: Transaction<Tables>, ids: readonly number[], now: number): Promise<void> {
      const unique = [...new Set(ids)].sort((a, b) => a - b);
      for (let start = 0; start < unique.length; start += RECOMPUTE_CHUNK) {
        const chunk = unique.slice(start, start + RECOMPUTE_CHUNK);
        await lockRows(database, trx.selectFrom('pesagens_dia').select('id').where('id', 'in', chunk).orderBy('id'));
        const totals = await trx
          .selectFrom('pesagens')
          .select((eb) => [
            'dia_id',
            eb.fn.countAll<number | string>().as('aves'),
            eb.fn.sum<number | string>('peso_dg').as('soma_dg'),
            sql<number | string>`sum(cast(peso_dg as bigint) * peso_dg)`.as('quadrados_dg'),
            eb.fn.min('peso_dg').as('menor_dg'),
            eb.fn.max('peso_dg').as('maior_dg'),
            eb.fn.min('idade_lote').as('idade_min'),
          ])
          .where('dia_id', 'in', chunk)
          .groupBy('dia_id')
          .execute();
        const kept = new Set<number>();
        for (const t of totals) {
          kept.add(t.dia_id!);
          await trx
            .updateTable('pesagens_dia')
            .set({
              aves: Number(t.aves), soma_dg: Number(t.soma_dg), quadrados_dg: Number(t.quadrados_dg), menor_dg: Number(t.menor_dg), maior_dg: Number(t.maior_dg),
              idade_min: t.idade_min === null ? null : Number(t.idade_min), updated_at: now,
            })
            .where('id', '=', t.dia_id!)
            .execute();
        }
        const emptied = chunk.filter((id) => !kept.has(id));
        if (emptied.length > 0) await trx.deleteFrom('pesagens_dia').where('id', 'in', emptied).execute();
        if (kept.size > 0) await recount(trx, [...kept]);
      }
    },

    /**
     * Rebuilds an owner's days from their weighings, every one of them (pesagens.dia_id set anew),
     * as migration 0009 built everybody's: for weighings written outside the ingestion service
     * (test factories, a repair). One transaction.
     */
    async rebuildOwner(ownerId: number, now: number): Promise<void> {
      await database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('pesagens_dia').where('owner_id', '=', ownerId).execute();
        await countIntoDays(trx, database.dialect, sql`pesagens.owner_id = ${ownerId}`, now);
      });
    },
  };
}
export type PesagensDiaRepository = ReturnType<typeof pesagensDiaRepository>;
