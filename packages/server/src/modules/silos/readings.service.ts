import type { MsgSilo, SiloSample } from '@portal/shared';
import type { NewSiloReading, SiloReadingsRepository } from './readings.repository.js';

/** How long one stored silo-scale reading stands for: the first reading of each 5 minutes is kept. */
export const SILO_READING_PERIOD_MS = 5 * 60_000;

/**
 * Silo scales' stored readings for the other modules: the series the feed report and the charts
 * read, and what the readings ingestion (modules/readings) writes of a live SILO reading.
 */
export function siloReadingsService(deps: { readings: SiloReadingsRepository }) {
  const { readings } = deps;
  return {
    /** A scale's readings (kg, 1 decimal) received in [from, to), oldest first. */
    scaleReadings: (ownerId: number, deviceId: number, from: number, to: number): Promise<SiloSample[]> => readings.between(ownerId, deviceId, from, to),

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
