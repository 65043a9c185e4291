import { localDate, localMidnight, timezoneOffsetMs } from '@portal/shared';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What a schedule is made of (a configuration's columns). */
export interface Schedule {
  agenda: string;
  /** diaria: the local time of day, HH:MM. */
  hora: string | null;
}

/**
 * The latest slot of a schedule at or before `now` (epoch ms), in the owner's time zone
 * (`timezone` hours from UTC): horaria, each full local hour; diaria, `hora` each local day.
 * Null for a manual schedule. A slot is run once (its integration_runs row), so only the latest
 * is looked at: a portal down for a day sends once when back, not once per missed slot.
 */
export function latestSlot(schedule: Schedule, now: number, timezone: number): number | null {
  if (schedule.agenda === 'horaria') {
    const offset = timezoneOffsetMs(timezone);
    return Math.floor((now + offset) / HOUR_MS) * HOUR_MS - offset;
  }
  if (schedule.agenda === 'diaria' && schedule.hora) {
    const [hours, minutes] = schedule.hora.split(':').map(Number) as [number, number];
    const today = localMidnight(localDate(now, timezone), timezone) + hours * HOUR_MS + minutes * 60_000;
    return today <= now ? today : today - DAY_MS;
  }
  return null;
}

/** The first slot after `now`, or null for a manual schedule. */
export function nextSlot(schedule: Schedule, now: number, timezone: number): number | null {
  const latest = latestSlot(schedule, now, timezone);
  if (latest === null) return null;
  return latest + (schedule.agenda === 'horaria' ? HOUR_MS : DAY_MS);
}

/** The next run of a configuration, null when it does not send on its own (manual, off or paused). */
export function nextRun(config: Schedule & { ativo: number; pausada_em: number | null }, now: number, timezone: number): number | null {
  if (config.ativo !== 1 || config.pausada_em !== null) return null;
  return nextSlot(config, now, timezone);
}
