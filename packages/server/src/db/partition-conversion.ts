import { sql, type Kysely } from 'kysely';
import { aheadWindow, lowerBound, partitionName, quoted, run, specOf, type Month, type PartitionSpec } from './partitions.js';

/**
 * Migration 0011 on PostgreSQL: turns a plain table into one cut into months (db/partitions.ts),
 * keeping its rows, ids and sequence, defaults, checks, indexes and foreign keys, whatever the
 * migrations before added (read from the catalog, so a column or index another migration added
 * comes along). Keys PostgreSQL wants the partition key in: the primary key and the unique keys
 * become (…, key), except the spec's per-partition ones (PartitionSpec.localUniques).
 */

interface IndexInfo {
  name: string;
  unique: boolean;
  primary: boolean;
  /** Backs a PRIMARY KEY or UNIQUE constraint (dropped as a constraint). */
  constraint: boolean;
  /** On expressions or partial: recreated as written only. */
  plain: boolean;
  columns: string[];
  definition: string;
}

async function indexesOf(db: Kysely<any>, table: string): Promise<IndexInfo[]> {
  const rows = await sql<IndexInfo>`
    select i.relname as name, x.indisunique as unique, x.indisprimary as primary,
      exists(select 1 from pg_constraint c where c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u')) as constraint,
      x.indexprs is null and x.indpred is null as plain,
      array(select a.attname::text from unnest(x.indkey::int2[]) with ordinality k(attnum, n)
            join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n) as columns,
      pg_get_indexdef(x.indexrelid) as definition
    from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = to_regclass(${table})`.execute(db);
  return rows.rows;
}

/** The months the table's rows fall in; a key no month holds stops the migration, naming it. */
async function monthsOfRows(db: Kysely<any>, table: string, spec: PartitionSpec): Promise<Month[]> {
  const key = sql.ref(spec.key);
  if (spec.keyKind === 'ms') {
    const rows = await sql<{ month: number }>`
      select distinct (extract(year from to_timestamp(${key} / 1000.0) at time zone 'UTC') * 12
        + extract(month from to_timestamp(${key} / 1000.0) at time zone 'UTC') - 1)::int as month from ${sql.table(table)}`.execute(db);
    return rows.rows.map((row) => Number(row.month));
  }
  const odd = await sql<{ value: string }>`select ${key} as value from ${sql.table(table)} where ${key} !~ '^[0-9]{4}-(0[1-9]|1[0-2])' limit 1`.execute(db);
  if (odd.rows.length > 0) throw new Error(`${table}.${spec.key} holds ${JSON.stringify(odd.rows[0]!.value)}, not a day (YYYY-MM-DD): no month can hold it`);
  const rows = await sql<{ month: string }>`select distinct substr(${key}, 1, 7) as month from ${sql.table(table)}`.execute(db);
  return rows.rows.map((row) => Number(row.month.slice(0, 4)) * 12 + Number(row.month.slice(5, 7)) - 1);
}

const sameColumns = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((column, index) => column === b[index]);

/** What the new table needs of the old one's indexes, once the rows are in. */
function indexStatements(table: string, spec: PartitionSpec, indexes: IndexInfo[]): string[] {
  const statements: string[] = [];
  const columnList = (columns: readonly string[]) => columns.map(quoted).join(', ');
  for (const index of indexes) {
    const holdsKey = index.columns.includes(spec.key);
    if (!index.unique || (holdsKey && !index.primary)) {
      statements.push(index.definition);
    } else if (index.primary) {
      const columns = holdsKey ? index.columns : [...index.columns, spec.key];
      statements.push(`alter table ${quoted(table)} add constraint ${quoted(index.name)} primary key (${columnList(columns)})`);
    } else if (!spec.localUniques.some((local) => sameColumns(local.columns, index.columns))) {
      if (!index.plain) throw new Error(`${table}: unique index ${index.name} is on expressions or partial; give it the partition key by hand`);
      statements.push(`create unique index ${quoted(index.name)} on ${quoted(table)} (${columnList([...index.columns, spec.key])})`);
    }
    // A per-partition unique key: made on each month below.
  }
  return statements;
}

/** Converts `table` (see above); a table already cut into months is left as it is. */
export async function convertToPartitioned(db: Kysely<any>, table: string, now: number): Promise<void> {
  const spec = specOf(table);
  const kind = await sql<{ relkind: string }>`select relkind from pg_class where oid = to_regclass(${table})`.execute(db);
  if (kind.rows[0]?.relkind === 'p') return;
  if (kind.rows[0]?.relkind !== 'r') throw new Error(`${table}: no such table to cut into months`);

  // A foreign key must point at a unique key holding the partition key: the ones there are name the rows by id alone.
  const pointing = await sql<{ name: string; source: string }>`
    select conname as name, conrelid::regclass::text as source from pg_constraint where confrelid = to_regclass(${table}) and contype = 'f'`.execute(db);
  if (pointing.rows.length > 0) {
    const names = pointing.rows.map((row) => `${row.source}.${row.name}`).join(', ');
    throw new Error(`${table} cannot be cut into months while foreign keys point at it (${names}): point them at (id, ${spec.key}) or drop them first`);
  }
  const indexes = await indexesOf(db, table);
  const foreign = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = to_regclass(${table}) and contype = 'f'`.execute(db);
  const sequences = await sql<{ sequence: string; column: string }>`
    select s.relname as sequence, a.attname as column from pg_depend d
    join pg_class s on s.oid = d.objid and s.relkind = 'S'
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where d.refobjid = to_regclass(${table}) and d.classid = 'pg_class'::regclass and d.deptype = 'a'`.execute(db);
  const months = [...new Set([...(await monthsOfRows(db, table, spec)), ...aheadWindow(now)])].sort((a, b) => a - b);

  const old = `${table}_unpartitioned`;
  await run(db, `alter table ${quoted(table)} rename to ${quoted(old)}`);
  // Their names are free for the new table's; the copy needs none of them.
  for (const index of indexes) {
    await run(db, index.constraint ? `alter table ${quoted(old)} drop constraint ${quoted(index.name)}` : `drop index ${quoted(index.name)}`);
  }
  await run(db, `create table ${quoted(table)} (like ${quoted(old)} including defaults including constraints) partition by range (${quoted(spec.key)})`);
  for (const month of months) {
    await run(db, `create table ${quoted(partitionName(table, month))} partition of ${quoted(table)} for values from (${lowerBound(spec, month)}) to (${lowerBound(spec, month + 1)})`);
  }
  await run(db, `insert into ${quoted(table)} select * from ${quoted(old)}`);
  for (const statement of indexStatements(table, spec, indexes)) await run(db, statement);
  for (const month of months) {
    const name = partitionName(table, month);
    for (const unique of spec.localUniques) {
      await run(db, `create unique index ${quoted(`${name}_${unique.suffix}`)} on ${quoted(name)} (${unique.columns.map(quoted).join(', ')})`);
    }
  }
  for (const key of foreign.rows) await run(db, `alter table ${quoted(table)} add constraint ${quoted(key.name)} ${key.definition}`);
  // The id sequence belonged to the old table's column (and would go with it): it is the new one's now.
  for (const { sequence, column } of sequences.rows) await run(db, `alter sequence ${quoted(sequence)} owned by ${quoted(table)}.${quoted(column)}`);
  await run(db, `drop table ${quoted(old)}`);
}
