import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_URL: 'sqlite:./data/portal.sqlite',
      PUBLIC_URL: 'http://localhost:8080',
      OUTBOX_DIR: './data/outbox',
      TRUST_PROXY: false,
    });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads PostgreSQL and the public address', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/portal', PORT: '9000', PUBLIC_URL: 'https://granja.example/' });
    expect(config.DATABASE_URL).toBe('postgres://u@db:5432/portal');
    expect(config.PORT).toBe(9000);
    expect(config.PUBLIC_URL).toBe('https://granja.example');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'mail.example'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['DEMO', 'yes'],
  ])('names %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });
});

describe('SECRET_KEY and DEMO', () => {
  const hex = 'a1'.repeat(32);

  it('turns the demo account on by default and off with 0', () => {
    expect(loadConfig({}).DEMO).toBe(true);
    expect(loadConfig({ DEMO: '0' }).DEMO).toBe(false);
    expect(loadConfig({ DEMO: '1' }).DEMO).toBe(true);
  });

  it('reads a 32-byte key as 64 hex characters or base64, and leaves it unset by default', () => {
    expect(loadConfig({}).SECRET_KEY).toBeUndefined();
    expect(loadConfig({ SECRET_KEY: hex }).SECRET_KEY).toEqual(Buffer.alloc(32, 0xa1));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SECRET_KEY: base64 }).SECRET_KEY).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({ SECRET_KEY: base64.replace(/=$/, '') }).SECRET_KEY).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({ SECRET_KEY: Buffer.alloc(32, 0xfb).toString('base64url') }).SECRET_KEY).toEqual(Buffer.alloc(32, 0xfb));
  });

  it.each([
    ['too short', hex.slice(2)],
    ['16 bytes', Buffer.alloc(16, 1).toString('base64')],
    ['not hex nor base64', 'z'.repeat(64)],
  ])('names SECRET_KEY when it is %s, without writing the value', (_, value) => {
    expect(() => loadConfig({ SECRET_KEY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRET_KEY: value })).toThrow(/SECRET_KEY=\(hidden, \d+ characters\): must be 32 bytes/);
    expect(() => loadConfig({ SECRET_KEY: value })).not.toThrow(value);
  });
});

describe('REDIS_URL and REDIS_PREFIX', () => {
  it('leaves Redis unset by default, with the portal: prefix', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({}).REDIS_PREFIX).toBe('portal:');
    expect(loadConfig({ REDIS_URL: 'redis://:pw@cache:6379/2', REDIS_PREFIX: 'granja-a:' })).toMatchObject({ REDIS_URL: 'redis://:pw@cache:6379/2', REDIS_PREFIX: 'granja-a:' });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380' }).REDIS_URL).toBe('rediss://cache.example:6380');
  });

  it('names REDIS_URL without writing it (it may carry a password)', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://:secret@cache' })).toThrow(/REDIS_URL=\(hidden, \d+ characters\): must be redis:/);
    expect(() => loadConfig({ REDIS_URL: 'http://:secret@cache' })).not.toThrow(/secret/);
  });

  it('names a REDIS_PREFIX with spaces or wildcards', () => {
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX="a b"/);
    expect(() => loadConfig({ REDIS_PREFIX: 'portal*' })).toThrow(/REDIS_PREFIX=/);
  });
});

describe('main', () => {
  // Runs the built server (npm test builds before testing), as `npm start` does.
  it('stops at start with a message naming the wrong variable', async () => {
    const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
    const run = promisify(execFile)(process.execPath, [main], {
      env: { ...process.env, PORT: 'eighty' },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('PORT="eighty"') });
  });
});
