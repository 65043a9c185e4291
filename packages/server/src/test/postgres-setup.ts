import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Global setup: finds the PostgreSQL server the dialect suites use. Outside CI a missing server
 * only narrows the run to SQLite (with a warning); under CI or REQUIRE_POSTGRES it fails the run.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const required = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('postgresAdminUrl', adminUrl);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (required) throw new Error(`PostgreSQL is required for this run but ${adminUrl} is unreachable: ${reason}`);
    console.warn(`\n[postgres] ${adminUrl} unreachable (${reason}); the PostgreSQL suites are not run.\n`);
    project.provide('postgresAdminUrl', null);
  } finally {
    await client.end().catch(() => {});
  }
}
