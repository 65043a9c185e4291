import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../test/harness.js';

describeEachDialect('health and readiness', (portal) => {
  it('says the process lives', async () => {
    const answer = await portal().request('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', uptime_seconds: expect.any(Number) });
  });

  it('says the database is reachable and migrated', async () => {
    const answer = await portal().request('GET', '/api/ready');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ready', database: portal().dialect });
  });

  it('is not ready while a migration is pending, and is again once it has run', async () => {
    const { db } = portal().database;
    const last = await db.selectFrom('kysely_migration' as never).select(sql<string>`max(name)`.as('name')).executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(db);
    try {
      const answer = await portal().request('GET', '/api/ready');
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(db);
    }
    expect((await portal().request('GET', '/api/ready')).status).toBe(200);
  });
});
