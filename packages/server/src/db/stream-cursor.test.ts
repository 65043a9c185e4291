import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { testDialects } from '../test/harness.js';
import { StreamCursor } from './dialect.js';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

/**
 * Reports stream millions of weighings through a pg-cursor. node-postgres arms the pool's
 * per-statement timeout for a cursor too, and only a callback clears it: unhandled, every stream
 * would end at that timeout and leave its timer running after it finished.
 */
describe.skipIf(!testDialects().includes('postgres'))('streamed PostgreSQL reads (StreamCursor)', () => {
  it('outlive the per-statement timeout, leave no timer behind, and leave that timeout on plain queries', async () => {
    const pool = new pg.Pool({ connectionString: inject('postgresAdminUrl')!, query_timeout: 300, idleTimeoutMillis: 0, max: 1 });
    const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool, cursor: StreamCursor }) });
    try {
      await sql`select 1`.execute(db);
      const before = timers();
      const seen: number[] = [];
      // 8 rows of 100 ms each, one per read: 800 ms in all, well past the pool's 300 ms.
      const query = CompiledQuery.raw('select i from generate_series(1, 8) as s(i), lateral pg_sleep(0.1)');
      for await (const result of db.getExecutor().stream<{ i: number }>(query, 1)) seen.push(...result.rows.map((row) => row.i));
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(timers()).toBeLessThanOrEqual(before);
      // A stream broken off early closes its portal and clears its timer too.
      for await (const result of db.getExecutor().stream<{ i: number }>(query, 1)) if (result.rows[0]!.i === 2) break;
      await new Promise((resolve) => setImmediate(resolve));
      expect(timers()).toBeLessThanOrEqual(before);
      await expect(sql`select pg_sleep(0.6)`.execute(db)).rejects.toThrow(/Query read timeout/);
    } finally {
      await db.destroy();
    }
  });
});
