import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, runExclusive, type Database } from '../../../db/dialect.js';
import type { IntegrationConfigsRepository } from '../configs.repository.js';
import { integrationRunsRepository } from '../runs.repository.js';
import type { ExportRunner } from './runner.js';
import { latestSlot } from './schedule.js';

/** How often schedules are looked at and waiting runs executed (on one instance at a time). */
export const EXPORT_EVERY_MS = 30_000;

/**
 * The export job (docs/integrations.md, "Schedule"): every EXPORT_EVERY_MS, and at once after
 * "Enviar agora" (kick), on one instance at a time (runExclusive 'integrations': a PostgreSQL
 * advisory lock, in-process on SQLite). A pass claims each due schedule slot by inserting its run
 * (the unique slot keeps it to one run across instances and restarts), then executes the waiting
 * runs, each claimed atomically. A failure is logged and the next pass tries again.
 */
export function createIntegrationsJob(deps: {
  database: Database;
  configs: IntegrationConfigsRepository;
  runner: ExportRunner;
  timezoneOf: (ownerId: number) => Promise<number>;
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const { database, configs, runner, timezoneOf, clock, log } = deps;
  const runs = integrationRunsRepository(database.db);
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  /** A kick arrived while this instance was in a pass: one more pass follows it. */
  let kickedMeanwhile = false;
  const running = new Set<Promise<unknown>>();

  const logFailure = (error: unknown, details: object, what: string) => {
    if (isDatabaseUnavailable(error)) log.warn({ err: error, ...details }, `${what}: the database is unavailable; the next run tries again`);
    else log.error({ err: error, ...details }, `${what} failed; the next run tries again`);
  };

  /** Inserts the run of every schedule slot due at `now` that has none yet. */
  async function claimDueSlots(now: number): Promise<void> {
    for (const config of await configs.scheduled()) {
      try {
        const slot = latestSlot(config, now, await timezoneOf(config.owner_id));
        if (slot === null || slot < config.agenda_desde) continue;
        await runs.insertSlot(config.owner_id, config.id, slot, now);
      } catch (error) {
        logFailure(error, { configId: config.id }, 'export schedule');
      }
    }
  }

  async function pass(now: number): Promise<void> {
    // Under the lock nothing else is executing: a run left 'executando' was cut off by a stop.
    const orphans = await runs.requeueOrphans();
    if (orphans > 0) log.warn({ orphans }, 'export runs cut off by a stop go on from their cursors');
    await claimDueSlots(now);
    for (const id of await runs.pendingIds()) {
      if (!(await runs.claim(id, clock()))) continue;
      try {
        await runner.execute(id);
      } catch (error) {
        logFailure(error, { runId: id }, 'export run');
      }
    }
  }

  const job = {
    /** One pass under the lock at `now` (tests drive it on simulated time); false when another holds the lock. */
    async runOnce(now = clock()): Promise<boolean> {
      return runExclusive(database, 'integrations', () => pass(now));
    },

    /** "Enviar agora": a pass now, in the background (if one is going, another follows it). */
    kick(): void {
      if (!started) return;
      const run = (async () => {
        do {
          kickedMeanwhile = false;
          if (!(await runExclusive(database, 'integrations', () => pass(clock())))) {
            // Busy here: the pass in progress goes round once more. Busy elsewhere: the next tick takes it.
            kickedMeanwhile = true;
            return;
          }
        } while (kickedMeanwhile && started);
      })().catch((error: unknown) => logFailure(error, {}, 'integrations job'));
      running.add(run);
      void run.finally(() => running.delete(run));
    },

    /** Resolves when this instance's passes in progress are done (tests, and stop). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },

    /** Starts the timer (the first pass after one period, so a starting portal serves first). */
    start(): void {
      if (timer) return;
      started = true;
      timer = setInterval(() => job.kick(), EXPORT_EVERY_MS);
      timer.unref();
    },

    /** Stops the timer and the kicks, and waits for a pass in progress. */
    async stop(): Promise<void> {
      started = false;
      if (timer) clearInterval(timer);
      timer = undefined;
      await job.idle();
    },
  };
  return job;
}
export type IntegrationsJob = ReturnType<typeof createIntegrationsJob>;
