import { workerData } from 'piscina';
import type { Config } from '../config.js';
import { openDatabase } from '../db/dialect.js';
import { createEventBus } from '../events/index.js';
import { createLogger } from '../logger.js';
import { createServices } from '../modules/services.js';
import { heavyAnswerJson, heavyCallRunner, type HeavyCallRunner } from './heavy-calls.js';
import { failureOf, type HeavyTask, type TaskOutcome } from './outcome.js';

/** What the runner hands each worker when it starts it. */
export interface WorkerSettings {
  /** The database to open: the same SQLite file, or the same PostgreSQL database. */
  databaseUrl: string;
  /** PostgreSQL connections this worker holds at most. */
  maxConnections: number;
  /** The request thread's configuration (without SECRET_KEY): the services are built from it. */
  config: Config;
}

const settings = workerData as WorkerSettings;
const log = createLogger(settings.config).child({ thread: 'report-worker' });
/** The running task's clock: a worker runs one task at a time (concurrentTasksPerWorker: 1). */
let now = 0;
/** The worker's database and services, built on its first task. */
let run: HeavyCallRunner | undefined;

/** Every service on the worker's own database connection; its clock reads the running task's `now`. */
function workerServices() {
  const database = openDatabase(settings.databaseUrl, log, { maxConnections: settings.maxConnections });
  return createServices({ config: settings.config, database, clock: () => now, log, events: createEventBus(log) });
}

/**
 * A report worker (piscina's task function): runs one heavy call on the worker's own database
 * connection, opened on the first task so a database that cannot be opened answers that task
 * (503) instead of killing the thread. Never throws: the outcome says how the call ended.
 */
export default async function runTask(task: HeavyTask): Promise<TaskOutcome> {
  try {
    now = task.now;
    run ??= heavyCallRunner(workerServices());
    const value = await run(task.name, task.scope, task.input as never);
    return { ok: true, value: task.answer === 'json' ? heavyAnswerJson(task.name, value) : value };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}
