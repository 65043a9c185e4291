import { daysBetween, isIsoDate, PERIOD_MAX_DAYS } from '@portal/shared';

/**
 * The period of a report page, kept in the url (`?di=YYYY-MM-DD&df=YYYY-MM-DD`) so the link of a
 * report can be shared. Dates are days in the user's timezone (users.timezone, hours), the same
 * days the server counts in (reports/period.ts).
 */
export interface ReportPeriod {
  di: string;
  df: string;
}

/** Why a period in the url cannot be asked for; the names are error codes with translated texts. */
export type PeriodProblem = 'FIELD_INVALID' | 'DATE_RANGE_INVALID' | 'FIELD_OUT_OF_RANGE';

export interface PeriodRead {
  /** The dates as found (or the default); either may be malformed when `problem` says so. */
  di: string;
  df: string;
  /** The period to ask for, or null while the url's dates are not one. */
  period: ReportPeriod | null;
  problem: PeriodProblem | null;
}

/** Section 9 date-range helpers: 30 and 365 days back. */
export const QUICK_RANGES = [30, 365] as const;

/** The day `days` before `today` (YYYY-MM-DD), counted on the calendar, not in hours. */
export function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** A quick range: from `days` back to today, both included. */
export function quickRange(today: string, days: number): { inicio: string; fim: string } {
  return { inicio: daysBefore(today, days), fim: today };
}

/** Today on this device (YYYY-MM-DD): the day the user is standing in, not UTC's. */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Today (YYYY-MM-DD) for someone `timezone` hours from UTC (spec default -3), not the device's day. */
export function todayInTimezone(timezone: number, now = Date.now()): string {
  return new Date(now + timezone * 3_600_000).toISOString().slice(0, 10);
}

/** The same check as the server's refinePeriod: real days, df ≥ di, at most PERIOD_MAX_DAYS apart. */
export function periodProblem(di: string, df: string): PeriodProblem | null {
  if (!isIsoDate(di) || !isIsoDate(df)) return 'FIELD_INVALID';
  if (df < di) return 'DATE_RANGE_INVALID';
  return daysBetween(di, df) > PERIOD_MAX_DAYS ? 'FIELD_OUT_OF_RANGE' : null;
}

/** The default period: `defaultDays` back to today (spec section 9 quick ranges). */
export function defaultPeriod(today: string, defaultDays: number): ReportPeriod {
  const { inicio, fim } = quickRange(today, defaultDays);
  return { di: inicio, df: fim };
}

/** The period of a url query; without di and df, `fallback` (default: the last `defaultDays` days). */
export function readPeriod(params: URLSearchParams, today: string, defaultDays: number, fallback = defaultPeriod(today, defaultDays)): PeriodRead {
  const di = params.get('di');
  const df = params.get('df');
  if (di === null && df === null) return { ...fallback, period: { ...fallback }, problem: null };
  // One end alone: the other is the default's, so a hand-edited link still opens.
  const read = { di: di ?? fallback.di, df: df ?? fallback.df };
  const problem = periodProblem(read.di, read.df);
  return { ...read, period: problem ? null : read, problem };
}

/** `params` with the period set, other parameters (prop, id…) kept. */
export function withPeriod(params: URLSearchParams, period: ReportPeriod): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('di', period.di);
  next.set('df', period.df);
  return next;
}
