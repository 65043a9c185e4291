import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database, type DialectName } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { createLogger } from '../logger.js';
import type { EventBus } from '../events/index.js';
import type { Services } from '../modules/services.js';
import { readOutbox } from './outbox.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string | null;
  }
}

/** Dialects this run covers: SQLite always (unless ONLY_DIALECT), PostgreSQL when the global setup reached it. */
export function testDialects(): DialectName[] {
  const only = process.env.ONLY_DIALECT as DialectName | undefined;
  const all: DialectName[] = inject('postgresAdminUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
  return only ? all.filter((dialect) => dialect === only) : all;
}

/** The key integration passwords are encrypted with in tests (64 hex characters). */
export const TEST_SECRET_KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
/** The Web Push (VAPID) pair of test portals, so no vapid.json is written. */
export const TEST_VAPID_KEYS = {
  publicKey: 'BNO9sGWJqJsdwI6e3zH1DA5VcGLnoCGBvaSdTim_onYu49BzIJLQ_oemKmJdaysrQ10UrN_0FIn92Nu8koBpsZY',
  privateKey: 'mZ3Ltcji4XpQ9JXISr_Moid_iZd1L0rp7uvoLPmvZmE',
};

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, for malformed-body tests. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** A running portal on a fresh database, reached over real HTTP. */
export interface TestPortal {
  dialect: DialectName;
  baseUrl: string;
  config: Config;
  database: Database;
  app: FastifyInstance;
  outboxDir: string;
  /** Moves the portal's clock forward. */
  advanceClock(ms: number): void;
  /** Stops the portal's clock where it is (advanceClock still moves it), for tests comparing data over time. */
  freezeClock(): void;
  /** The database URL the portal itself uses (may differ from the one the test reaches directly). */
  databaseUrl: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpAnswer<T>>;
  /** Text of every mail in the outbox, oldest first. */
  outbox(): string[];
  /** The portal's own services and event bus (its jobs on its clock, its events reaching its live hub). */
  services: Services;
  events: EventBus;
  close(): Promise<void>;
}

/** A fresh database for one portal: SQLite in `dir`, or a PostgreSQL database of its own (dropped by `drop`). */
export async function createTestDatabase(dialect: DialectName, dir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { url: `sqlite:${join(dir, 'portal.sqlite')}`, drop: async () => {} };
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) throw new Error('PostgreSQL is not available for this run');
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
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

/**
 * The environment of a test portal on `databaseUrl` with its files in `dir` (also for a built
 * server started as a process): no demo data, a fixed key so no key file is written.
 */
export function testPortalEnv(databaseUrl: string, dir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    OUTBOX_DIR: join(dir, 'outbox'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    MQTT_PORT: '0',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST_DIR: join(dir, 'no-web'),
    DEMO: '0',
    SECRET_KEY: TEST_SECRET_KEY,
    VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
    // The push tests' local push service (push-service.ts) listens on loopback.
    PUSH_SERVICE_HOSTS: '127.0.0.1',
  };
}

export interface TestPortalOptions {
  /** Environment over the test defaults. */
  env?: Record<string, string>;
  /** Rewrites the PostgreSQL URL the portal connects to (to put a fault-injecting proxy in between). */
  routeDatabase?: (url: string) => string;
}

export async function startTestPortal(dialect: DialectName, options: TestPortalOptions = {}): Promise<TestPortal> {
  const { env = {}, routeDatabase = (url: string) => url } = options;
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const outboxDir = join(dir, 'outbox');
  const created = await createTestDatabase(dialect, dir);
  const databaseUrl = dialect === 'postgres' ? routeDatabase(created.url) : created.url;
  const config = loadConfig({ ...testPortalEnv(databaseUrl, dir), ...env });
  const logger = createLogger(config);
  const database = openDatabase(config.DATABASE_URL, logger);
  await migrateToLatest(database);
  let offset = 0;
  let frozenAt: number | undefined;
  let built: { services: Services; events: EventBus } | undefined;
  const app = await buildApp({ config, database, logger, clock: () => (frozenAt ?? Date.now()) + offset, expose: (parts) => (built = parts) });
  if (!built) throw new Error('buildApp did not expose its services');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    dialect,
    baseUrl: address,
    config,
    database,
    app,
    outboxDir,
    databaseUrl: config.DATABASE_URL,
    advanceClock: (ms) => {
      offset += ms;
    },
    freezeClock: () => {
      frozenAt ??= Date.now();
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${address}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Non-JSON answers stay text, so a test can show what came back.
      }
      return { status: response.status, body: parsed as any, headers: response.headers };
    },
    outbox: () => readOutbox(outboxDir),
    services: built.services,
    events: built.events,
    async close() {
      await app.close();
      await database.db.destroy();
      await created.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a suite once per dialect, each on a fresh portal and database (with `env` over the test defaults). */
export function describeEachDialect(name: string, suite: (portal: () => TestPortal) => void, env: Record<string, string> = {}): void {
  for (const dialect of testDialects()) {
    describe(`${name} [${dialect}]`, () => {
      let portal: TestPortal | undefined;
      beforeAll(async () => {
        portal = await startTestPortal(dialect, { env });
      });
      afterAll(async () => {
        await portal?.close();
      });
      suite(() => {
        if (!portal) throw new Error('portal not started');
        return portal;
      });
    });
  }
}
