import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { createLogger, redactUrl } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/api/password_recover?email=ana%40granja.test', '/api/password_recover?email=[redacted]'],
    ['/api/setcookie?api-token=abc123', '/api/setcookie?api-token=[redacted]'],
    ['/api/getracao?id=12&di=2026-01-01&df=2026-02-01', '/api/getracao?id=12&di=2026-01-01&df=2026-02-01'],
    ['/api/getdevice?id=ana@granja.test', '/api/getdevice?id=[redacted]'],
    ['/api/x?key=secret&id=3&flag', '/api/x?key=[redacted]&id=3&flag'],
    ['/api/getuser', '/api/getuser'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('the request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  const dir = mkdtempSync(join(tmpdir(), 'portal-log-'));
  let app: FastifyInstance;
  let database: Database;
  let base: string;

  beforeAll(async () => {
    const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'p.sqlite')}`, LOG_LEVEL: 'info', OUTBOX_DIR: join(dir, 'outbox'), WEB_DIST_DIR: join(dir, 'none'), MQTT_PORT: '0' });
    const logger = createLogger(config, { write: (line: string) => void lines.push(JSON.parse(line)) });
    database = openDatabase(config.DATABASE_URL, logger);
    await migrateToLatest(database);
    app = await buildApp({ config, database, logger });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one info line per request, with no e-mail address or token in it', async () => {
    lines.length = 0;
    await fetch(`${base}/api/password_recover?email=${encodeURIComponent('ana@granja.test')}`);
    await fetch(`${base}/api/setcookie?api-token=very-secret-token`, { headers: { 'sec-fetch-site': 'same-origin' } });
    await fetch(`${base}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": 1}' });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(3);
    expect(requests.map((line) => [line.method, line.url, line.status])).toEqual([
      ['GET', '/api/password_recover?email=[redacted]', 200],
      ['GET', '/api/setcookie?api-token=[redacted]', 401],
      ['POST', '/api/register', 400],
    ]);
    expect(requests.every((line) => line.level === 30 && typeof line.ms === 'number')).toBe(true);
    // Without SMTP the mail itself goes to the log by design (README); nothing else at info.
    const infoLines = lines.filter((line) => Number(line.level) <= 30 && line.msg !== 'request' && line.msg !== 'mail written to outbox');
    expect(infoLines).toEqual([]);
    const everything = JSON.stringify(lines.filter((line) => line.msg === 'request'));
    expect(everything).not.toContain('ana@granja.test');
    expect(everything).not.toContain('very-secret-token');
  });

  it('logs a client hanging up mid-body as a client error, not as a database fault', async () => {
    lines.length = 0;
    const { port } = new URL(base);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});
