import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DialectName } from '../../db/dialect.js';
import { createTestDatabase, testDialects, testPortalEnv } from '../../test/harness.js';
import { STALE_UPLOAD_MS } from './stale-uploads.js';
import { UPLOAD_DIR_PREFIX } from './upload.js';

/**
 * "A server killed during an import leaves nothing half-stored": the BUILT server (npm test
 * builds first) takes a large import; once it logs rows written (staged on SQLite, inside the
 * import's transaction on PostgreSQL) it is killed with SIGKILL, restarted on the same database,
 * and nothing of the import (weighings, staged rows, the import row, the farm and flock it would
 * create) may remain; the same file then imports whole.
 * The upload folder it left is removed by a later start once a day old.
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
    // Debug logging: the test waits for the import's progress lines. TMPDIR: upload folders land in `dir`/tmp.
    env: { ...process.env, ...testPortalEnv(databaseUrl, dir), HOST: '127.0.0.1', LOG_LEVEL: 'debug', TMPDIR: join(dir, 'tmp') },
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

describe('a server killed during an import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-kill-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(testDialects())('leaves nothing half-stored [%s]', async (dialect: DialectName) => {
    const runDir = join(dir, dialect);
    const tmp = join(runDir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const created = await createTestDatabase(dialect, runDir);
    cleanups.push(created.drop);
    const databaseUrl = created.url;
    const file = bigFile();
    const first = await startServer(databaseUrl, runDir);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    const token = await signUp(first.baseUrl);
    const pending = sendImport(first.baseUrl, token, file).then(
      (response) => `answered ${response.status}`,
      () => 'connection lost',
    );
    // Rows are being written (staged, or inside the import's transaction): kill the process there.
    await first.waitFor('import in progress', 120_000);
    first.child.kill('SIGKILL');
    expect(await pending).toBe('connection lost');

    // The killed server's upload folder is left behind. Made two days old, the next start removes
    // it (and logs it); another portal's upload in progress on the same machine stays.
    const uploads = () => readdirSync(tmp).filter((name) => name.startsWith(UPLOAD_DIR_PREFIX));
    const [leftOver] = uploads();
    expect(uploads()).toHaveLength(1);
    const twoDaysAgo = new Date(Date.now() - 2 * STALE_UPLOAD_MS);
    for (const name of readdirSync(join(tmp, leftOver!))) utimesSync(join(tmp, leftOver!, name), twoDaysAgo, twoDaysAgo);
    utimesSync(join(tmp, leftOver!), twoDaysAgo, twoDaysAgo);
    mkdirSync(join(tmp, `${UPLOAD_DIR_PREFIX}elsewhere`));
    writeFileSync(join(tmp, `${UPLOAD_DIR_PREFIX}elsewhere`, 'upload'), 'data;peso\n');

    const second = await startServer(databaseUrl, runDir);
    cleanups.push(async () => void second.child.kill('SIGTERM'));
    expect(uploads()).toEqual([`${UPLOAD_DIR_PREFIX}elsewhere`]);
    expect(second.output()).toContain(join(tmp, leftOver!));
    // SQLite's staged import is removed in the background once the portal listens.
    if (dialect === 'sqlite') await second.waitFor('removed an import a stopped server was reading', 120_000);
    const database = openDatabase(databaseUrl);
    try {
      const count = async (table: 'pesagens' | 'importacoes' | 'nucleos' | 'lotes' | 'aviarios' | 'importacao_linhas') =>
        Number((await database.db.selectFrom(table).select(database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect({ pesagens: await count('pesagens'), importacoes: await count('importacoes'), nucleos: await count('nucleos'), lotes: await count('lotes'), aviarios: await count('aviarios'), staged: await count('importacao_linhas') }).toEqual({
        pesagens: 0,
        importacoes: 0,
        nucleos: 0,
        lotes: 0,
        aviarios: 0,
        staged: 0,
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

  // SQLite decides an import in a short transaction, then moves its staged rows into pesagens in
  // chunks: killed in the middle of the move, the next start finishes it. PostgreSQL has one
  // transaction: killed at its end, it is stored whole or not at all.
  it.each(testDialects())('finishes at the next start an import killed while its rows were moving [%s]', async (dialect: DialectName) => {
    const runDir = join(dir, `${dialect}-move`);
    mkdirSync(join(runDir, 'tmp'), { recursive: true });
    const created = await createTestDatabase(dialect, runDir);
    cleanups.push(created.drop);
    const first = await startServer(created.url, runDir);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    const token = await signUp(first.baseUrl);
    const pending = sendImport(first.baseUrl, token, bigFile()).then(
      (response) => `answered ${response.status}`,
      () => 'connection lost',
    );
    await first.waitFor(dialect === 'sqlite' ? 'import moving' : 'import decided', 120_000);
    first.child.kill('SIGKILL');
    const outcome = await pending;

    const second = await startServer(created.url, runDir);
    cleanups.push(async () => void second.child.kill('SIGTERM'));
    // The move is finished in the background once the portal listens.
    if (dialect === 'sqlite') await second.waitFor('finished storing an import a stopped server had decided', 240_000);
    const database = openDatabase(created.url);
    try {
      const count = async (table: 'pesagens' | 'importacoes' | 'nucleos' | 'lotes' | 'importacao_linhas' | 'importacao_criados') =>
        Number((await database.db.selectFrom(table).select(database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const stored = { pesagens: await count('pesagens'), importacoes: await count('importacoes'), nucleos: await count('nucleos'), lotes: await count('lotes') };
      const whole = { pesagens: ROWS, importacoes: 1, nucleos: 1, lotes: 1 };
      if (dialect === 'sqlite') {
        expect(outcome).toBe('connection lost');
        expect(stored).toEqual(whole);
        expect(second.output()).toContain('finished storing an import a stopped server had decided');
      } else {
        expect([whole, { pesagens: 0, importacoes: 0, nucleos: 0, lotes: 0 }]).toContainEqual(stored);
      }
      expect([await count('importacao_linhas'), await count('importacao_criados')]).toEqual([0, 0]);
      const rows = await database.db.selectFrom('importacoes').select(['linhas', 'estado']).execute();
      expect(rows.every((row) => row.linhas === ROWS && row.estado === 'done')).toBe(true);
      // Weighings point at the farm and flock the import created, none at a placeholder.
      const farm = await database.db.selectFrom('pesagens').select(['nucleo_id', 'lote_id']).distinct().execute();
      expect(farm.every((row) => row.nucleo_id > 0 && row.lote_id !== null && row.lote_id > 0)).toBe(true);
    } finally {
      await database.db.destroy();
      second.child.kill('SIGTERM');
    }
  }, 300_000);
});
