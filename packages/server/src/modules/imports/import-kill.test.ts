import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DialectName } from '../../db/dialect.js';
import { testDialects } from '../../test/harness.js';

/**
 * "A server killed during an import leaves nothing half-stored": the BUILT server (npm test
 * builds first) takes a large import; once it logs rows written inside the import's transaction
 * it is killed with SIGKILL, restarted on the same database, and nothing of the import (weighings,
 * the import row, the farm and flock it created) may remain; the same file then imports whole.
 */
const MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const ROWS = 250_000;

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Resolves when the output contains `text`. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
}

function startServer(databaseUrl: string, dir: string): Promise<Server> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, OUTBOX_DIR: join(dir, 'outbox'), WEB_DIST_DIR: join(dir, 'no-web'), LOG_LEVEL: 'debug', DEMO: '0', SECRET_KEY: '0'.repeat(64) },
  });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((item) => output.includes(item.text))) waiter.resolve();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const waitFor = (text: string, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      if (output.includes(text)) return resolve();
      const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${output.slice(-3000)}`)), timeoutMs);
      waiters.push({ text, resolve: () => (clearTimeout(timer), resolve()) });
      child.once('exit', () => reject(new Error(`server exited before "${text}":\n${output.slice(-3000)}`)));
    });
  return waitFor('portal ready').then(() => {
    const baseUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (!baseUrl) throw new Error(`no listening address in:\n${output}`);
    return { child, baseUrl, output: () => output, waitFor };
  });
}

async function signUp(baseUrl: string): Promise<string> {
  const account = { name: 'Kill Test', email: `kill-${Date.now()}@example.test`, password: 'kill-test-pass-1', company: 'Granja' };
  const json = { 'content-type': 'application/json' };
  await fetch(`${baseUrl}/api/register`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: account.email, password: account.password }) });
  return ((await login.json()) as { token: string }).token;
}

function bigFile(): string {
  const lines = ['data;hora;nucleo;lote;aviario;sexo;peso'];
  for (let index = 0; index < ROWS; index += 1) {
    lines.push(`${String(1 + (index % 28)).padStart(2, '0')}/10/2026;08:00;Granja Interrompida;L-KILL;${1 + (index % 4)};Macho;${1500 + (index % 1000)},${index % 10}`);
  }
  return `${lines.join('\n')}\n`;
}

const sendImport = (baseUrl: string, token: string, file: string) => {
  const form = new FormData();
  form.append('create_missing', 'true');
  form.append('file', new Blob([file], { type: 'text/csv' }), 'grande.csv');
  return fetch(`${baseUrl}/api/importacao`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
};

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl')!;
  const name = `portal_kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

describe('a server killed during an import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-kill-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(testDialects())('leaves nothing half-stored [%s]', async (dialect: DialectName) => {
    let databaseUrl = `sqlite:${join(dir, `${dialect}.sqlite`)}`;
    if (dialect === 'postgres') {
      const created = await postgresDatabase();
      databaseUrl = created.url;
      cleanups.push(created.drop);
    }
    const file = bigFile();
    const first = await startServer(databaseUrl, dir);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    const token = await signUp(first.baseUrl);
    const pending = sendImport(first.baseUrl, token, file).then(
      (response) => `answered ${response.status}`,
      () => 'connection lost',
    );
    // Rows are being written inside the import's transaction: kill the process there.
    await first.waitFor('import in progress', 120_000);
    first.child.kill('SIGKILL');
    expect(await pending).toBe('connection lost');

    const second = await startServer(databaseUrl, dir);
    cleanups.push(async () => void second.child.kill('SIGTERM'));
    const database = openDatabase(databaseUrl);
    try {
      const count = async (table: 'pesagens' | 'importacoes' | 'nucleos' | 'lotes' | 'aviarios') =>
        Number((await database.db.selectFrom(table).select(database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect({ pesagens: await count('pesagens'), importacoes: await count('importacoes'), nucleos: await count('nucleos'), lotes: await count('lotes'), aviarios: await count('aviarios') }).toEqual({
        pesagens: 0,
        importacoes: 0,
        nucleos: 0,
        lotes: 0,
        aviarios: 0,
      });
      // Nothing left behind blocks the same file: it now imports whole.
      const again = await sendImport(second.baseUrl, token, file);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { importadas: number }).importadas).toBe(ROWS);
      expect(await count('pesagens')).toBe(ROWS);
    } finally {
      await database.db.destroy();
      second.child.kill('SIGTERM');
    }
  }, 300_000);
});
