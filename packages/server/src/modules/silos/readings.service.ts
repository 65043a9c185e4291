import { filterSiloSeries, type MsgSilo, type SiloSample } from '@portal/shared';
import type { NewSiloReading, SiloReadingsRepository } from './readings.repository.js';

/** How long one stored silo-scale reading stands for: the first reading of each 5 minutes is kept. */
export const SILO_READING_PERIOD_MS = 5 * 60_000;
/** Readings the current level is taken from: enough for the median to drop a lone spike. */
const LATEST_READINGS = 5;

/** A scale's level now: the last of its newest readings once lone spikes are dropped; null without a reading. */
export async function latestScaleLevel(readings: Pick<SiloReadingsRepository, 'latest'>, ownerId: number, deviceId: number): Promise<SiloSample | null> {
  const latest = await readings.latest(ownerId, deviceId, LATEST_READINGS);
  const last = filterSiloSeries(latest).at(-1) ?? latest.at(-1);
  return last ? { em: last.em, kg: last.kg } : null;
}

/**
 * Silo scales' stored readings for the other modules: the series the feed report and the charts
 * read, and what the readings ingestion (modules/readings) writes of a live SILO reading.
 */
export function siloReadingsService(deps: { readings: SiloReadingsRepository }) {
  const { readings } = deps;
  return {
    /** A scale's readings (kg, 1 decimal) received in [from, to), oldest first. */
    scaleReadings: (ownerId: number, deviceId: number, from: number, to: number): Promise<SiloSample[]> => readings.between(ownerId, deviceId, from, to),

    /** A scale's level now (its newest readings, lone spikes dropped): kg and when it was read; null without a reading. */
    latestLevel: (ownerId: number, deviceId: number): Promise<SiloSample | null> => latestScaleLevel(readings, ownerId, deviceId),

    /** Each of the owner's scales' last stored level, kg (the demo's scales go on from there). */
    lastLevels: (ownerId: number): Promise<Map<number, number>> => readings.lastLevels(ownerId),

    /** silo_leituras as the readings ingestion fills it: one row per scale and period, the level in hg. */
    series: {
      table: 'silo_leituras',
      periodMs: SILO_READING_PERIOD_MS,
      rowOf: (ownerId: number, deviceId: number, reading: MsgSilo, em: number, bucket: number): NewSiloReading => ({
        owner_id: ownerId,
        device_id: deviceId,
        em,
        bucket,
        peso_hg: Math.round(reading.peso_kg * 10),
      }),
      insert: (rows: readonly NewSiloReading[]): Promise<void> => readings.insert(rows),
      anyOfOwner: (ownerId: number): Promise<boolean> => readings.anyOfOwner(ownerId),
      maintenance: readings.maintenance,
    },
  } as const;
}
export type SiloReadingsService = ReturnType<typeof siloReadingsService>;
