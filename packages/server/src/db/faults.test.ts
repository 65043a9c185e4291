import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInput, createAccount } from '../test/factories.js';
import { startTestPortal, type TestPortal } from '../test/harness.js';
import { isDatabaseUnavailable } from './dialect.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** Runs the built server (npm test builds first) with `env`, expecting it to stop at start. */
async function startFails(env: Record<string, string>) {
  const run = promisify(execFile)(process.execPath, [MAIN], { env: { ...process.env, PORT: '0', ...env }, timeout: 20_000 });
  return run.then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

describe('a database that cannot be opened stops the start with a clear message', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-faults-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the SQLite path when its folder cannot be created', async () => {
    writeFileSync(join(dir, 'a-file'), 'not a folder');
    const result = await startFails({ DATABASE_URL: `sqlite:${join(dir, 'a-file', 'portal.sqlite')}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot open the SQLite database at');
    expect(result.stderr).toContain('DATABASE_URL=sqlite:');
  });

  it('names the SQLite path when the file is not a database', async () => {
    const file = join(dir, 'garbage.sqlite');
    writeFileSync(file, 'this is not a database file, only text'.repeat(200));
    const result = await startFails({ DATABASE_URL: `sqlite:${file}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Cannot open the SQLite database at .*garbage\.sqlite.*not a database/);
  });

  it('names an unreachable PostgreSQL, hiding its password', async () => {
    const result = await startFails({ DATABASE_URL: 'postgres://portal:s3cret@127.0.0.1:1/portal' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot reach the database at postgres://portal:***@127.0.0.1:1/portal (DATABASE_URL)');
    expect(result.stderr).not.toContain('s3cret');
  });
});

describe('SQLite that cannot be written answers 503 and recovers without a restart', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('sqlite');
  });
  afterAll(async () => {
    await portal.close();
  });

  it('answers DATABASE_UNAVAILABLE to writes while the file is read-only, and serves reads', async () => {
    const account = await createAccount(portal);
    // The same error SQLite gives for a read-only file or mount.
    await sql`pragma query_only = 1`.execute(portal.database.db);
    try {
      const refused = await portal.request('POST', '/api/register', { body: accountInput() });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect((await portal.request('GET', '/api/getuser', { token: account.token })).status).toBe(200);
      expect((await portal.request('GET', '/api/ready')).status).toBe(200);
    } finally {
      await sql`pragma query_only = 0`.execute(portal.database.db);
    }
    const input = accountInput();
    expect((await portal.request('POST', '/api/register', { body: input })).status).toBe(201);
    expect((await portal.request('POST', '/api/login', { body: { email: input.email, password: input.password } })).status).toBe(200);
  });

  it('answers DATABASE_UNAVAILABLE when the disk is full, storing nothing', async () => {
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(portal.database.db);
    const count = pages.rows[0]!.page_count;
    await sql.raw(`pragma max_page_count = ${count}`).execute(portal.database.db);
    const input = accountInput({ name: 'x'.repeat(120), company: 'y'.repeat(120) });
    let answer;
    try {
      // Fill the last pages: some registration must hit SQLITE_FULL.
      for (let attempt = 0; attempt < 200; attempt += 1) {
        answer = await portal.request('POST', '/api/register', { body: accountInput({ name: 'x'.repeat(120), company: 'y'.repeat(120) }) });
        if (answer.status !== 201) break;
      }
      expect(answer?.status).toBe(503);
      expect(answer?.body.code).toBe('DATABASE_UNAVAILABLE');
      expect((await portal.request('POST', '/api/register', { body: input })).status).toBe(503);
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(portal.database.db);
    }
    // The refused registration left nothing behind: the same e-mail registers now.
    expect((await portal.request('POST', '/api/register', { body: input })).status).toBe(201);
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['PostgreSQL admin shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['connection exception class', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['refused TCP connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['lost connection', new Error('Connection terminated unexpectedly')],
    ['SQLite read-only', Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' })],
    ['SQLite disk full', Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })],
    ['wrapped cause', new Error('migration failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })],
    ['dual-stack refusal', new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })])],
  ])('is true for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['SQLite constraint', Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' })],
    ['syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
