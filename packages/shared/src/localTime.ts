/**
 * Local days in the owner's timezone (users.timezone: hours from UTC, spec default -3). Reports
 * take periods as local dates and read readings stored by instant (epoch ms); these turn one into
 * the other the same way everywhere.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The timezone as milliseconds to add to an instant to read its local time (quarter hours stay exact). */
export const timezoneOffsetMs = (timezone: number): number => Math.round(timezone * HOUR_MS);

/** Epoch ms of a local date's (YYYY-MM-DD) midnight: UTC midnight moved back by the offset. */
export const localMidnight = (date: string, timezone: number): number => Date.parse(`${date}T00:00:00Z`) - timezoneOffsetMs(timezone);

/** The instants [from, to) of the local days di..df, both included. */
export const localDayRange = (di: string, df: string, timezone: number): { from: number; to: number } => ({
  from: localMidnight(di, timezone),
  to: localMidnight(df, timezone) + DAY_MS,
});

/** The local date (YYYY-MM-DD) at the instant `now` for someone `timezone` hours from UTC: "today" for reports and ages. */
export const localDate = (now: number, timezone: number): string => new Date(now + timezoneOffsetMs(timezone)).toISOString().slice(0, 10);
