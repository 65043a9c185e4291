import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Piscina } from 'piscina';
import type { Config } from '../config.js';
import { urlForAnotherConnection, type Database } from '../db/dialect.js';
import { AppError } from '../http/errors.js';
import type { OwnerScope } from '../modules/permissions/index.js';
import type { Services } from '../modules/services.js';
import { heavyAnswerJson, heavyCallRunner, type HeavyCallName, type HeavyInput, type HeavyResult } from './heavy-calls.js';
import { errorOf, WorkerDatabaseUnavailable, type HeavyTask, type TaskOutcome } from './outcome.js';
import type { WorkerSettings } from './worker.js';

/** Seconds a client is asked to wait when the report queue is full. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
/** How much lower the workers' CPU priority is than the request thread's (nice, 0..19). */
const WORKER_NICE_INCREMENT = 10;
/** PostgreSQL connections each worker holds at most: it runs one call at a time, which may stream on one while reading on another. */
const WORKER_PG_CONNECTIONS = 2;

export interface ReportRunner {
  /**
   * Runs a heavy call (heavy-calls.ts) for a scope the request thread resolved. Past the
   * workers and REPORT_QUEUE waiting calls, answers 503 BUSY with Retry-After at once.
   */
  run<Name extends HeavyCallName>(name: Name, scope: OwnerScope, input: HeavyInput<Name>): Promise<HeavyResult<Name>>;
  /** The same, answered on `reply` as the JSON the worker serialised with the route's response schema. */
  reply<Name extends HeavyCallName>(reply: FastifyReply, name: Name, scope: OwnerScope, input: HeavyInput<Name>): Promise<FastifyReply>;
  /** Ends the workers (app.close). */
  close(): Promise<void>;
}

/**
 * Where the worker's code is. From the build, worker.js beside this file. From the TypeScript
 * sources (the tests: vitest transforms the test's own modules, not a worker thread's), worker.ts
 * through tsx's loader, with the test tsconfig's path to the shared package's sources.
 */
function workerEntry(workerFile: URL | undefined): { filename: string; execArgv: string[]; env?: Record<string, string | undefined> } {
  if (workerFile) return { filename: workerFile.href, execArgv: [] };
  if (!import.meta.url.endsWith('.ts')) return { filename: new URL('./worker.js', import.meta.url).href, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    filename: new URL('./worker.ts', import.meta.url).href,
    execArgv: ['--import', tsx],
    env: { ...process.env, TSX_TSCONFIG_PATH: fileURLToPath(new URL('../../tsconfig.test.json', import.meta.url)) },
  };
}

/** A JSON text already checked against the route's response schema: sent as is (a string skips Fastify's serializer). */
function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * The heavy calls' runner: a piscina pool of REPORT_WORKERS threads, each with its own database
 * connection, started on the first heavy call (tests build and close many apps that never run
 * one). Light calls, device acknowledgements and the live channel stay on the request thread and
 * never wait behind a report. REPORT_WORKERS=0, or an in-memory SQLite database no other thread
 * can open, runs the calls on the request thread as before, without the queue bound.
 */
export function reportRunner(deps: {
  config: Config;
  database: Database;
  /** The request thread's services: the inline runner's (a worker builds its own on its own database). */
  services: Services;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Another worker module (tests: one that crashes); default worker.ts. */
  workerFile?: URL;
}): ReportRunner {
  const { config, database, services, clock, log, workerFile } = deps;
  // The database a worker opens: the same SQLite file or PostgreSQL database; none for an in-memory SQLite.
  const databaseUrl = urlForAnotherConnection(database, config.DATABASE_URL);
  if (config.REPORT_WORKERS === 0 || databaseUrl === undefined) {
    const run: ReportRunner['run'] = heavyCallRunner(services);
    return {
      run,
      reply: async (reply, name, scope, input) => sendJson(reply, heavyAnswerJson(name, await run(name, scope, input))),
      close: async () => {},
    };
  }
  const capacity = config.REPORT_WORKERS + config.REPORT_QUEUE;
  let inFlight = 0;
  let pool: Piscina | undefined;
  let closed = false;

  function startedPool(): Piscina {
    if (pool) return pool;
    // The key that seals integration passwords stays on the request thread: no heavy call opens one.
    const settings: WorkerSettings = { databaseUrl: databaseUrl!, maxConnections: WORKER_PG_CONNECTIONS, config: { ...config, SECRET_KEY: undefined } };
    pool = new Piscina({
      ...workerEntry(workerFile),
      workerData: settings,
      minThreads: config.REPORT_WORKERS,
      maxThreads: config.REPORT_WORKERS,
      concurrentTasksPerWorker: 1,
      // Where cores are short, the request thread (light calls, device ACKs, the live channel) goes first:
      // the workers run at a lower priority (Linux: per thread, through piscina's optional @napi-rs/nice).
      niceIncrement: WORKER_NICE_INCREMENT,
      // The runner bounds the queue itself (inFlight); piscina's own limit stays out of the way.
      maxQueue: config.REPORT_QUEUE + config.REPORT_WORKERS,
      idleTimeout: 60_000,
    });
    // A worker that dies (out of memory, a native crash) fails its call; piscina starts another.
    pool.on('error', (error: unknown) => log.error({ err: error }, 'report worker failed; it is replaced'));
    return pool;
  }

  /** One task on the pool, or BUSY at once when the workers and the queue are full. */
  async function submit(task: HeavyTask): Promise<unknown> {
    if (closed || inFlight >= capacity) {
      // Each refusal is in the request log (503); this says why, for whoever turns debug on.
      if (!closed) log.debug({ call: task.name, inFlight }, 'report queue full: answered BUSY');
      throw new AppError('BUSY', { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
    }
    inFlight += 1;
    try {
      const outcome = (await startedPool().run(task)) as TaskOutcome;
      if (outcome.ok) return outcome.value;
      const error = errorOf(outcome.failure);
      if (error instanceof WorkerDatabaseUnavailable) log.warn({ call: task.name, reason: error.workerMessage }, 'database unavailable (report worker)');
      throw error;
    } finally {
      inFlight -= 1;
    }
  }

  return {
    run: async (name, scope, input) => (await submit({ name, scope, input, now: clock(), answer: 'value' })) as HeavyResult<typeof name>,
    reply: async (reply, name, scope, input) => sendJson(reply, (await submit({ name, scope, input, now: clock(), answer: 'json' })) as string),
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}
