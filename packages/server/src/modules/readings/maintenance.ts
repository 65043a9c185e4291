import { setTimeout as sleep } from 'node:timers/promises';
import { LEITURAS_RETENCAO_PADRAO_DIAS, RESUMO_MINUTOS_DIAS } from '@portal/shared';
import { isDatabaseUnavailable, runExclusive, type Database } from '../../db/dialect.js';
import { HOUR_MS, MINUTE_MS, type ReadingMaintenance, type RawReadingTable } from '../../db/rollups.js';
import type { RetentionRepository } from './retention.repository.js';

const DAY_MS = 86_400_000;
/** A minute is summed once it ended this long ago: the readings of it still being written have landed. */
export const SETTLE_MS = MINUTE_MS;
/**
 * Each run sums again this much before where the last one stopped, so a reading committed late
 * (a slow transaction, an instance whose clock is a little behind) is still counted. Instances'
 * clocks must agree within this (NTP).
 */
export const LOOKBACK_MS = 5 * MINUTE_MS;
/** How often the summing and the purge run (each on one instance at a time). */
export const ROLLUP_EVERY_MS = MINUTE_MS;
export const PURGE_EVERY_MS = 10 * MINUTE_MS;
/** Pause between two hours summed while catching up (a migrated year of readings), so writers go first. */
const CHUNK_PAUSE_MS = 10;

const floorTo = (at: number, width: number) => Math.floor(at / width) * width;

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PurgeReport {
  table: RawReadingTable;
  rawRows: number;
  minuteRows: number;
  droppedPartitions: string[];
}

/**
 * The periodic summing and purge of device readings (docs/data-model.md, "Retention and rollups").
 * Summing: every ROLLUP_EVERY_MS, the closed minutes since the last run (LOOKBACK_MS again) are
 * summed into minutes and the closed hours into hours, an hour at a time, the progress stored
 * after each; idempotent (upserts), so two instances running it at once would write the same
 * rows. Purge: every PURGE_EVERY_MS, raw rows older than each owner's retention and minutes older
 * than RESUMO_MINUTOS_DIAS go, never past what is summed: on PostgreSQL whole months older than
 * every account's retention are dropped first, then the rest is deleted per series in batches of
 * PURGE_BATCH_ROWS with a pause between. Each runs on one instance at a time (runExclusive).
 */
export function readingsMaintenance(deps: { database: Database; tables: readonly ReadingMaintenance[]; retention: RetentionRepository; clock: () => number; log: Log }) {
  const { database, tables, retention, clock, log } = deps;
  let stopped = false;
  let timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  /** Sums one table from where it stopped to the last closed minute. */
  async function rollUpTable(table: ReadingMaintenance, now: number): Promise<void> {
    const closed = floorTo(now - SETTLE_MS, MINUTE_MS);
    const progress = await retention.progress(table.table);
    let from: number;
    if (progress) from = progress.minutos_ate - LOOKBACK_MS;
    else {
      // First run (a new database, or one migrated with years of readings): from the oldest row.
      const oldest = await table.oldestRaw();
      if (oldest === null) return retention.saveProgress(table.table, { minutos_ate: closed, horas_ate: floorTo(closed, HOUR_MS) }, now);
      from = floorTo(oldest, MINUTE_MS);
    }
    while (from < closed && !stopped) {
      // Hours without a reading (a long silence, or the years before a backfilled past) are skipped.
      const next = await table.oldestRaw(from);
      const resume = next === null ? closed : Math.min(closed, floorTo(next, MINUTE_MS));
      if (resume >= floorTo(from, HOUR_MS) + HOUR_MS) {
        // Nothing until a later hour: the hour left behind (minutes earlier runs summed) gets its hour row first.
        await table.summarise('hora', floorTo(from, HOUR_MS), floorTo(from, HOUR_MS) + HOUR_MS);
        from = resume;
      }
      if (from >= closed) break;
      const to = Math.min(closed, floorTo(from, HOUR_MS) + HOUR_MS);
      await table.summarise('min', from, to);
      const hours = { from: floorTo(from, HOUR_MS), to: floorTo(to, HOUR_MS) };
      await table.summarise('hora', hours.from, hours.to);
      await retention.saveProgress(table.table, { minutos_ate: to, horas_ate: hours.to }, now);
      from = to;
      if (from < closed) await sleep(CHUNK_PAUSE_MS);
    }
    if (!stopped) await retention.saveProgress(table.table, { minutos_ate: closed, horas_ate: floorTo(closed, HOUR_MS) }, now);
  }

  /** Purges one table (see above); answers what went. */
  async function purgeTable(table: ReadingMaintenance, now: number, chosen: Map<number, number>, onBatch?: (deleted: number) => void | Promise<void>): Promise<PurgeReport> {
    const report: PurgeReport = { table: table.table, rawRows: 0, minuteRows: 0, droppedPartitions: [] };
    const progress = await retention.progress(table.table);
    if (!progress) return report;
    // Whole hours only, and only what the hours already hold (minutes are summed before hours).
    const summed = progress.horas_ate;
    const cutoff = (days: number) => Math.min(floorTo(now - days * DAY_MS, HOUR_MS), summed);
    const longest = Math.max(LEITURAS_RETENCAO_PADRAO_DIAS, ...chosen.values());
    report.droppedPartitions = await table.dropMonthsBefore(cutoff(longest));
    const options = { stopped: () => stopped, onBatch };
    for (const series of await table.series('raw')) {
      if (stopped) break;
      report.rawRows += await table.purge('raw', series, cutoff(chosen.get(series.owner_id) ?? LEITURAS_RETENCAO_PADRAO_DIAS), options);
    }
    const minutesBefore = cutoff(RESUMO_MINUTOS_DIAS);
    // The minutes are cut into months on PostgreSQL too (migration 0011): whole months go at once.
    report.droppedPartitions.push(...(await table.dropMonthsBefore(minutesBefore, 'min')));
    for (const series of await table.series('min')) {
      if (stopped) break;
      report.minuteRows += await table.purge('min', series, minutesBefore, options);
    }
    return report;
  }

  const jobs = {
    /** Sums every table up to the last closed minute (hour) before `now`. */
    async rollUp(now = clock()): Promise<void> {
      for (const table of tables) await rollUpTable(table, now);
    },

    /** Purges every table as of `now`; `onBatch` is called after each statement (tests watch writers go between). */
    async purge(now = clock(), onBatch?: (deleted: number) => void | Promise<void>): Promise<PurgeReport[]> {
      const chosen = await retention.chosenDays();
      const reports: PurgeReport[] = [];
      for (const table of tables) reports.push(await purgeTable(table, now, chosen, onBatch));
      return reports;
    },
  };

  /** One run of a job on this instance if no other instance is running it; failures are logged, the next run tries again. */
  function tick(name: 'readings-rollup' | 'readings-purge'): void {
    if (stopped) return;
    const started = Date.now();
    const run = runExclusive(database, name, async () => {
      if (name === 'readings-rollup') return jobs.rollUp();
      const reports = await jobs.purge();
      const gone = reports.filter((report) => report.rawRows + report.minuteRows + report.droppedPartitions.length > 0);
      if (gone.length > 0) log.info({ purged: gone, ms: Date.now() - started }, 'device readings past their retention purged');
    }).catch((error: unknown) => {
      const details = { err: error, job: name };
      if (isDatabaseUnavailable(error)) log.warn(details, 'device readings job stopped: the database is unavailable; the next run goes on');
      else log.error(details, 'device readings job failed; the next run goes on from its stored progress');
    });
    running.add(run);
    void run.finally(() => running.delete(run));
  }

  return {
    ...jobs,

    /** Starts the timers (the first runs after one period, so a starting portal serves first). */
    start(): void {
      stopped = false;
      timers = [setInterval(() => tick('readings-rollup'), ROLLUP_EVERY_MS), setInterval(() => tick('readings-purge'), PURGE_EVERY_MS)];
      for (const timer of timers) timer.unref();
    },

    /** Stops the timers; a run in progress ends at its next batch or hour, and is waited for. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await Promise.all([...running]);
    },
  };
}
export type ReadingsMaintenance = ReturnType<typeof readingsMaintenance>;
