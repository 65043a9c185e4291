import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import { createLogger } from '../../../logger.js';
import { TEST_VAPID_KEYS } from '../../../test/harness.js';
import { resolveVapidKeys, vapidKeyPath, vapidSubject } from './vapid-keys.js';

function capturedLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const log = createLogger({ LOG_LEVEL: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, warnings: () => lines.filter((line) => line.level === 40).map((line) => line.msg) };
}

describe('the Web Push (VAPID) keys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-vapid-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = { MAIL_FROM: 'Portal <alarmes@granja.example>', VAPID_SUBJECT: undefined, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined };

  it('uses the configured pair, writing no file, and mailto: MAIL_FROM as subject by default', () => {
    const url = `sqlite:${join(dir, 'given', 'p.sqlite')}`;
    const keys = resolveVapidKeys({ ...base, DATABASE_URL: url, VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey, VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey }, capturedLog().log);
    expect(keys).toEqual({ ...TEST_VAPID_KEYS, subject: 'mailto:alarmes@granja.example' });
    expect(existsSync(vapidKeyPath(url))).toBe(false);
    expect(vapidSubject({ MAIL_FROM: 'x@y.z', VAPID_SUBJECT: 'https://granja.example/contato' })).toBe('https://granja.example/contato');
  });

  it('generates a private pair beside secret.key once, warns, and reuses it', () => {
    const url = `sqlite:${join(dir, 'db', 'portal.sqlite')}`;
    const first = capturedLog();
    const keys = resolveVapidKeys({ ...base, DATABASE_URL: url }, first.log);
    const path = vapidKeyPath(url);
    expect(path).toBe(join(dir, 'db', 'vapid.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(keys.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.warnings()).toHaveLength(1);
    const again = capturedLog();
    expect(resolveVapidKeys({ ...base, DATABASE_URL: url }, again.log)).toEqual(keys);
    expect(again.warnings()).toEqual([]);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ publicKey: keys.publicKey, privateKey: keys.privateKey });
  });

  it('warns on PostgreSQL, where instances must share one pair', () => {
    const { log, warnings } = capturedLog();
    resolveVapidKeys({ ...base, DATABASE_URL: 'postgres://u@db/portal' }, log, join(dir, 'pg'));
    expect(warnings()[0]).toMatch(/several instances on one PostgreSQL/);
  });

  it('refuses a broken key file and half a configured pair', () => {
    const url = `sqlite:${join(dir, 'broken', 'portal.sqlite')}`;
    resolveVapidKeys({ ...base, DATABASE_URL: url }, capturedLog().log);
    writeFileSync(vapidKeyPath(url), '{"publicKey":"x"}');
    expect(() => resolveVapidKeys({ ...base, DATABASE_URL: url }, capturedLog().log)).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey })).toThrow(/VAPID_PUBLIC_KEY="abc"/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://x' })).toThrow(ConfigError);
  });
});
