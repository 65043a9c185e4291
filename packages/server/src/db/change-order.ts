import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ExportCursor, ExportPage } from '@portal/shared';

/**
 * Which changed rows a page reads: after the cursor, at most `limit`, and (optionally) none changed
 * after `until`: a write stamped at T that commits after a later-stamped one was read would be
 * passed by the cursor; reading only up to a moment a little in the past leaves it time to commit.
 */
export interface ChangeWindow {
  after: ExportCursor;
  limit: number;
  until?: number | undefined;
}

/**
 * Reading a table in change order (issue 21's export sources): rows ordered by (change time, id),
 * read after a cursor. A row value comparison, the same on SQLite (3.15+) and PostgreSQL, which
 * both answer it from an index on (…, at, id) as a range, not a filter.
 */
export function changedAfter(atColumn: string, idColumn: string, window: ChangeWindow): RawBuilder<SqlBool> {
  const { after, until } = window;
  const afterCursor = sql<SqlBool>`(${sql.ref(atColumn)}, ${sql.ref(idColumn)}) > (${after.at}, ${after.id})`;
  return until === undefined ? afterCursor : sql<SqlBool>`${afterCursor} and ${sql.ref(atColumn)} <= ${until}`;
}

/** `query` narrowed to the window's rows, in change order: the page a source answers. */
export function inChangeOrder<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, atColumn: string, idColumn: string, window: ChangeWindow): SelectQueryBuilder<DB, TB, O> {
  return query.where(changedAfter(atColumn, idColumn, window)).orderBy(sql.ref(atColumn)).orderBy(sql.ref(idColumn)).limit(window.limit);
}

/** A page of items and the cursor of its last row (null when there is none after the cursor). */
export function pageOf<Row extends { id: number }, Item>(rows: readonly Row[], atOf: (row: Row) => number, toItem: (row: Row) => Item): ExportPage<Item> {
  const last = rows.at(-1);
  return { itens: rows.map(toItem), last: last ? { at: Number(atOf(last)), id: last.id } : null };
}
