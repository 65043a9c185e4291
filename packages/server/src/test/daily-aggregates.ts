import { sql } from 'kysely';
import type { Database } from '../db/dialect.js';

/**
 * The oracle of the daily weighing aggregates (migration 0009): recomputes pesagens_dia,
 * pesagens_dia_faixas and pesagens_dia_scores with GROUP BYs over the raw weighings, by their
 * key columns (not through pesagens.dia_id, which is checked on its own), and answers every
 * difference from what is stored, as readable lines: [] when the aggregates are exact.
 */
export async function dailyAggregateMismatches(database: Database, ownerId?: number): Promise<string[]> {
  const { db } = database;
  const owner = ownerId === undefined ? sql`1 = 1` : sql`owner_id = ${ownerId}`;
  const ownerOfDay = ownerId === undefined ? sql`1 = 1` : sql`d.owner_id = ${ownerId}`;
  const key = sql`owner_id, nucleo_id, coalesce(lote_id, 0), data, aviario, lado, box, sexo, serie_balanca`;
  const dayKey = sql`d.owner_id, d.nucleo_id, d.lote_chave, d.data, d.aviario, d.lado, d.box, d.sexo, d.serie_balanca`;
  // Keys as text; figures as numbers (PostgreSQL answers a sum of bigints as numeric text).
  const line = (row: Record<string, unknown>, width: number) => {
    const all = Object.values(row);
    return { key: all.slice(0, width).map(String).join('|'), value: all.slice(width).map((v) => (v === null ? 'null' : String(Number(v)))).join(' ') };
  };

  const compare = (what: string, expected: Record<string, unknown>[], stored: Record<string, unknown>[], width: number): string[] => {
    const want = new Map(expected.map((row) => [line(row, width).key, line(row, width).value]));
    const have = new Map(stored.map((row) => [line(row, width).key, line(row, width).value]));
    const faults: string[] = [];
    for (const [k, v] of want) if (have.get(k) !== v) faults.push(`${what} ${k}: expected ${v}, stored ${have.get(k) ?? 'nothing'}`);
    for (const [k, v] of have) if (!want.has(k)) faults.push(`${what} ${k}: stored ${v}, expected nothing`);
    if (stored.length !== have.size) faults.push(`${what}: ${stored.length - have.size} duplicate keys stored`);
    return faults;
  };

  const expectedDays = await sql<Record<string, unknown>>`
    select ${key}, lote_id, count(*) as aves, sum(peso_dg) as soma, sum(cast(peso_dg as bigint) * peso_dg) as quadrados,
      min(peso_dg) as menor, max(peso_dg) as maior, min(idade_lote) as idade
    from pesagens where ${owner} group by ${key}, lote_id`.execute(db);
  const storedDays = await sql<Record<string, unknown>>`
    select ${dayKey}, d.lote_id, d.aves, d.soma_dg, d.quadrados_dg, d.menor_dg, d.maior_dg, d.idade_min from pesagens_dia d where ${ownerOfDay}`.execute(db);
  const faults = compare('day', expectedDays.rows, storedDays.rows, 9);

  for (const [table, column, bucket, only] of [
    ['pesagens_dia_faixas', 'faixa', sql`peso_dg / 100`, sql`1 = 1`],
    ['pesagens_dia_scores', 'score', sql`score`, sql`score is not null`],
  ] as const) {
    const expected = await sql<Record<string, unknown>>`
      select ${key}, ${bucket} as bucket, count(*) as aves from pesagens where ${owner} and ${only} group by ${key}, ${bucket}`.execute(db);
    const stored = await sql<Record<string, unknown>>`
      select ${dayKey}, c.${sql.ref(column)}, c.aves from ${sql.table(table)} c join pesagens_dia d on d.id = c.dia_id where ${ownerOfDay}`.execute(db);
    faults.push(...compare(column, expected.rows, stored.rows, 10));
  }

  const misplaced = await sql<{ id: number }>`
    select p.id from pesagens p left join pesagens_dia d on d.id = p.dia_id
    where ${ownerId === undefined ? sql`1 = 1` : sql`p.owner_id = ${ownerId}`} and (d.id is null or d.owner_id <> p.owner_id or d.nucleo_id <> p.nucleo_id
      or d.lote_chave <> coalesce(p.lote_id, 0) or d.data <> p.data or d.aviario <> p.aviario or d.lado <> p.lado or d.box <> p.box
      or d.sexo <> p.sexo or d.serie_balanca <> p.serie_balanca)
    limit 5`.execute(db);
  for (const { id } of misplaced.rows) faults.push(`weighing ${id}: dia_id names no day row of its key`);
  return faults;
}
