import type { Device, LiveReading } from '@portal/shared';
import { seededRandom } from '../demo/weighings.js';
import type { DosingService } from '../modules/dosing/index.js';
import { READING_PERIOD_MS, type ReadingRow, type ReadingsService, type ReadingTable } from '../modules/readings/index.js';
import { SILO_MODELS, behaviourFor, type AccountSnapshot } from './plan.js';

const DAY_MS = 86_400_000;
/** A collector is carried through the flock once a day: a session from 08:00 local, ticking every 2 s. */
const COLLECTOR_SESSION = { startHour: 8, minutes: 40, tickMs: 2_000 };
/** Rows handed to the store at a time (each insert is batched again by the store). */
const FLUSH_ROWS = 20_000;

export interface BackfillOptions {
  /** The services the history is written through (createServices): the readings ingestion, and dosing for the dosers' events. */
  services: { readings: Pick<ReadingsService, 'rowFor' | 'insertMany' | 'summariseRange'>; dosing: Pick<DosingService, 'syncDevice'> };
  snapshot: AccountSnapshot;
  ownerId: number;
  /** Days of history before `now`. */
  days: number;
  now?: number;
  seed?: number;
}

export interface BackfillResult {
  /** Rows written per table. */
  rows: Record<ReadingTable, number>;
  /** Each silo scale's level at `now` (kg), so the live simulator goes on from there. */
  siloLevels: Map<number, number>;
}

/** Tick times of one device over [from, to): its storage period, or the collector's daily sessions. */
function* tickTimes(modelo: string, from: number, to: number, timezone: number): Generator<number> {
  if (modelo === 'COLETOR') {
    const offsetMs = timezone * 3_600_000;
    // Local midnights from the first day on.
    for (let day = Math.floor((from + offsetMs) / DAY_MS) * DAY_MS - offsetMs; day < to; day += DAY_MS) {
      const start = day + COLLECTOR_SESSION.startHour * 3_600_000;
      for (let at = start; at < start + COLLECTOR_SESSION.minutes * 60_000; at += COLLECTOR_SESSION.tickMs) {
        if (at >= from && at < to) yield at;
      }
    }
    return;
  }
  const period =
    SILO_MODELS.includes(modelo as Device['modelo'])
      ? READING_PERIOD_MS.SILO
      : modelo === 'MCALHA' || modelo === 'SAC'
        ? READING_PERIOD_MS.CALHA
        : READING_PERIOD_MS.DOSE;
  for (let at = Math.ceil(from / period) * period; at < to; at += period) yield at;
}

const DOSER_MODELS = new Set(['DOSADOR', 'DOSADORP']);
const HISTORY_MODELS = new Set(['BSILO', 'SPSILO', 'SILO', 'SEQ', 'SEQFC', 'MCALHA', 'SAC', 'DOSADOR', 'DOSADORP', 'COLETOR']);

/**
 * The history a demo account (or an end-to-end test) would have had: the simulator's own device
 * behaviours stepped through the past `days` and written through the same readings ingestion the
 * live path uses, so reports have weeks of silo, trough, doser and collector data at once.
 */
export async function backfillReadings(options: BackfillOptions): Promise<BackfillResult> {
  const { services, snapshot, ownerId, days } = options;
  const now = options.now ?? Date.now();
  const from = now - days * DAY_MS;
  const store = services.readings;
  const rows: Record<ReadingTable, number> = { silo_leituras: 0, calha_leituras: 0, dose_leituras: 0, coletas: 0 };
  const siloLevels = new Map<number, number>();
  let pending: ReadingRow[] = [];
  const flush = async () => {
    await store.insertMany(pending);
    pending = [];
  };

  for (const [index, device] of snapshot.devices.entries()) {
    if (!HISTORY_MODELS.has(device.modelo)) continue;
    const random = seededRandom((options.seed ?? 1) + index * 7919);
    const behaviour = behaviourFor(device, snapshot, { now: from, speed: 1, random: () => random });
    if (!behaviour) continue;
    const known = { id: device.id, owner_id: ownerId };
    let lastSilo: number | null = null;
    for (const at of tickTimes(device.modelo, from, now, snapshot.timezone)) {
      for (const message of behaviour.tick(at)) {
        if (message.tipo === 'PES') continue;
        const row = store.rowFor(known, message as LiveReading, at);
        if (message.tipo === 'SILO') lastSilo = message.peso_kg;
        if (!row) continue;
        pending.push(row);
        rows[row.table]++;
      }
      if (pending.length >= FLUSH_ROWS) await flush();
    }
    if (lastSilo !== null) siloLevels.set(device.id, lastSilo);
  }
  await flush();
  // Written behind the periodic job's progress: summed here, so the history has its minutes and hours too.
  await store.summariseRange(from, now);
  // The dosers' pump runs become dosing events, as the live path makes them (history written in bulk tells no listener).
  for (const device of snapshot.devices) {
    if (DOSER_MODELS.has(device.modelo)) await services.dosing.syncDevice(device.id, from, now);
  }
  return { rows, siloLevels };
}
