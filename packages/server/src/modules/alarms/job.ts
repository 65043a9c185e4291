import { isDatabaseUnavailable, runExclusive, type Database } from '../../db/dialect.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AlarmEngine } from './engine.js';
import type { AlarmRule } from './rules/types.js';

/** How often the rules are evaluated (on one instance at a time). */
export const ALARM_EVERY_MS = 60_000;

/** A step run after each evaluation on the same instance, under the same lock (delivery: e-mail, push, digest). */
export type AlarmStep = (now: number) => Promise<void>;

/**
 * The periodic evaluation (docs/alarms.md, "The job"): every ALARM_EVERY_MS, on one instance at a
 * time (runExclusive 'alarms': a PostgreSQL advisory lock, in-process on SQLite), every owner with
 * a farm is evaluated by the engine, then each `afterEvaluation` step runs. One owner's or one
 * step's failure is logged and the others go on; the next run tries again.
 */
export function createAlarmsJob(deps: {
  database: Database;
  engine: AlarmEngine;
  rules: readonly AlarmRule[];
  /** Whose alarms are evaluated: every owner with a farm. */
  owners: () => Promise<number[]>;
  afterEvaluation: readonly AlarmStep[];
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const { database, engine, rules, owners, afterEvaluation, clock, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<unknown>>();

  const logFailure = (error: unknown, details: object, what: string) => {
    if (isDatabaseUnavailable(error)) log.warn({ err: error, ...details }, `${what}: the database is unavailable; the next run tries again`);
    else log.error({ err: error, ...details }, `${what} failed; the next run tries again`);
  };

  const job = {
    /** Evaluates every owner's rules at `now` (tests drive it on simulated time). */
    async evaluate(now = clock()): Promise<void> {
      for (const ownerId of await owners()) {
        try {
          await engine.evaluateOwner(ownerId, rules, now);
        } catch (error) {
          logFailure(error, { ownerId }, 'alarm evaluation of an owner');
        }
      }
    },

    /** One whole run: the evaluation, then the steps after it. */
    async runOnce(now = clock()): Promise<void> {
      await job.evaluate(now);
      for (const step of afterEvaluation) {
        try {
          await step(now);
        } catch (error) {
          logFailure(error, { step: step.name }, 'alarm step');
        }
      }
    },

    /** Starts the timer (the first run after one period, so a starting portal serves first). */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        const run = runExclusive(database, 'alarms', () => job.runOnce()).catch((error: unknown) => logFailure(error, {}, 'alarms job'));
        running.add(run);
        void run.finally(() => running.delete(run));
      }, ALARM_EVERY_MS);
      timer.unref();
    },

    /** Stops the timer and waits for a run in progress. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.all([...running]);
    },
  };
  return job;
}
export type AlarmsJob = ReturnType<typeof createAlarmsJob>;
