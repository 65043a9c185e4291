import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { createLogger } from './logger.js';
import { resolveSecretKey, secretKeyPath } from './secret-key.js';

function capturedLog() {
  const lines: Array<{ level: number; msg: string; path?: string }> = [];
  const log = createLogger({ LOG_LEVEL: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines, warnings: () => lines.filter((line) => line.level === 40) };
}

describe('the key that encrypts integration passwords', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses SECRET_KEY when given, writing no file', () => {
    const { log, lines } = capturedLog();
    const key = Buffer.alloc(32, 3);
    expect(resolveSecretKey({ SECRET_KEY: key, DATABASE_URL: `sqlite:${join(dir, 'given', 'p.sqlite')}` }, log)).toBe(key);
    expect(() => statSync(join(dir, 'given'))).toThrow();
    expect(lines).toEqual([]);
  });

  it('creates a private key file beside the SQLite database once, warns, and reuses it', () => {
    const url = `sqlite:${join(dir, 'db', 'portal.sqlite')}`;
    const path = secretKeyPath(url);
    expect(path).toBe(join(dir, 'db', 'secret.key'));
    const first = capturedLog();
    const key = resolveSecretKey({ SECRET_KEY: undefined, DATABASE_URL: url }, first.log);
    expect(key).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim()).toBe(key.toString('hex'));
    expect(first.warnings()).toHaveLength(1);
    expect(first.warnings()[0]!.msg).toMatch(/SECRET_KEY is not set.*several instances must share SECRET_KEY/);

    const second = capturedLog();
    expect(resolveSecretKey({ SECRET_KEY: undefined, DATABASE_URL: url }, second.log)).toEqual(key);
    expect(second.warnings()).toEqual([]);
  });

  it('with PostgreSQL still creates the file, and warns on every start that instances must share SECRET_KEY', () => {
    const url = 'postgres://portal@db.example:5432/portal';
    const data = join(dir, 'pg-data');
    for (let start = 0; start < 2; start += 1) {
      const { log, warnings } = capturedLog();
      resolveSecretKey({ SECRET_KEY: undefined, DATABASE_URL: url }, log, data);
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]!.msg).toMatch(/several instances on one PostgreSQL, set the same SECRET_KEY on every instance/);
    }
    expect(statSync(join(data, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('stops the start when the key file is damaged, naming the file and SECRET_KEY', () => {
    const url = `sqlite:${join(dir, 'broken', 'portal.sqlite')}`;
    resolveSecretKey({ SECRET_KEY: undefined, DATABASE_URL: url }, capturedLog().log);
    writeFileSync(secretKeyPath(url), 'not a key\n');
    expect(() => resolveSecretKey({ SECRET_KEY: undefined, DATABASE_URL: url }, capturedLog().log)).toThrow(ConfigError);
    expect(() => resolveSecretKey({ SECRET_KEY: undefined, DATABASE_URL: url }, capturedLog().log)).toThrow(/broken.*secret\.key.*SECRET_KEY/);
  });
});
