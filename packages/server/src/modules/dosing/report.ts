import { localMidnight, timezoneOffsetMs, type DosagemDia, type DosagemValores, localDate } from '@portal/shared';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A scheduled time counts as done when an event started this close to it. */
export const SCHEDULE_TOLERANCE_MS = 30 * MINUTE_MS;

/** An event as the daily report counts it. */
export interface CountedEvent {
  inicio: number;
  fim: number | null;
  volume_dml: number;
}

export interface DailyInput {
  di: string;
  df: string;
  /** The owner's offset from UTC, hours. */
  timezone: number;
  now: number;
  events: readonly CountedEvent[];
  /** Local day numbers (days since the epoch in the owner's time) with doser readings. */
  readingDays: ReadonlySet<number>;
  /** HH:MM; empty or inactive: nothing scheduled. */
  horarios: readonly string[];
  ativo: boolean;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** ml with 1 decimal from tenths of ml (exact). */
export const mlOf = (dml: number) => dml / 10;
/** Minutes with 1 decimal from milliseconds. */
export const minutesText = (ms: number) => Math.round(ms / 6_000) / 10;

/** An event's length so far (an open one until now). */
export const durationMs = (event: CountedEvent, now: number) => Math.max(0, (event.fim ?? now) - event.inicio);

/** The report's days and its totals over the days with data (all null when none has any). */
export interface DailyReport {
  dias: DosagemDia[];
  total: DosagemValores & { dias_com_dados: number };
}

/**
 * One row per day of [di, df] (oldest first): events that started that day, their ml and
 * minutes, and the scheduled times (up to now) against the ones an event started within 30
 * minutes of. A day without readings and without events, or a day not yet come, is all null.
 * Sums are of the stored integers (tenths of ml, ms); each value is rounded once.
 */
export function dailyReport(input: DailyInput): DailyReport {
  const { timezone, now } = input;
  const offset = timezoneOffsetMs(timezone);
  const today = localDate(now, timezone);
  const byDay = new Map<string, CountedEvent[]>();
  for (const event of input.events) {
    const day = localDate(event.inicio, timezone);
    const list = byDay.get(day) ?? [];
    list.push(event);
    byDay.set(day, list);
  }
  const starts = input.events.map((event) => event.inicio).sort((a, b) => a - b);
  const startedNear = (at: number) => {
    // Binary search for the first start ≥ at − tolerance.
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle]! < at - SCHEDULE_TOLERANCE_MS) low = middle + 1;
      else high = middle;
    }
    return low < starts.length && starts[low]! <= at + SCHEDULE_TOLERANCE_MS;
  };
  const scheduled = input.ativo ? input.horarios : [];

  const dias: DosagemDia[] = [];
  const sums = { eventos: 0, volume_dml: 0, ms: 0, previstas: 0, feitas: 0, dias: 0 };
  for (let midnight = localMidnight(input.di, timezone), last = localMidnight(input.df, timezone); midnight <= last; midnight += DAY_MS) {
    const data = localDate(midnight, timezone);
    const events = byDay.get(data) ?? [];
    const hasData = events.length > 0 || input.readingDays.has(Math.floor((midnight + offset) / DAY_MS));
    if (data > today || !hasData) {
      dias.push({ data, eventos: null, volume_ml: null, minutos: null, previstas: null, feitas: null });
      continue;
    }
    // A time still to come today is neither expected yet nor missed.
    const times = scheduled.map((time) => midnight + minutesOf(time) * MINUTE_MS).filter((at) => at <= now);
    const volumeDml = events.reduce((sum, event) => sum + event.volume_dml, 0);
    const ms = events.reduce((sum, event) => sum + durationMs(event, now), 0);
    const feitas = times.filter(startedNear).length;
    dias.push({ data, eventos: events.length, volume_ml: mlOf(volumeDml), minutos: minutesText(ms), previstas: times.length, feitas });
    sums.eventos += events.length;
    sums.volume_dml += volumeDml;
    sums.ms += ms;
    sums.previstas += times.length;
    sums.feitas += feitas;
    sums.dias += 1;
  }
  const total =
    sums.dias === 0
      ? { eventos: null, volume_ml: null, minutos: null, previstas: null, feitas: null, dias_com_dados: 0 }
      : { eventos: sums.eventos, volume_ml: mlOf(sums.volume_dml), minutos: minutesText(sums.ms), previstas: sums.previstas, feitas: sums.feitas, dias_com_dados: sums.dias };
  return { dias, total };
}
