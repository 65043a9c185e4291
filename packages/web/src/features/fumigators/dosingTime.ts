const HOUR_MS = 3_600_000;

/** An instant as the wall clock of someone `timezone` hours from UTC shows it: a UTC date to format with timeZone 'UTC'. */
export const onWallClock = (iso: string, timezone: number) => new Date(Date.parse(iso) + Math.round(timezone * HOUR_MS));

/** The instant of a local day (YYYY-MM-DD) and time (HH:MM) in the user's timezone, ISO. */
export function instantOf(day: string, time: string, timezone: number): string {
  return new Date(Date.parse(`${day}T${time}:00Z`) - Math.round(timezone * HOUR_MS)).toISOString();
}

/** The local day and HH:MM of an instant in the user's timezone. */
export function localParts(iso: string, timezone: number): { day: string; time: string } {
  const text = onWallClock(iso, timezone).toISOString();
  return { day: text.slice(0, 10), time: text.slice(11, 16) };
}
