/*
 * One clock for every time the portal shows: the account's timezone (users.timezone, hours from UTC,
 * default -3), the one its stored weighings, reports and dosing events are counted in. The browser's
 * own clock is never used to show a time, so a live reading and a stored weighing on the same screen
 * agree. Pure (tested without a browser); useAccountClock gives it the user and the language.
 */

const HOUR_MS = 3_600_000;
const MINUS = '\u2212';

/** 'UTC−3', 'UTC+5:30', 'UTC': how a timezone of `hours` from UTC is named on screen. */
export function zoneLabel(hours: number): string {
  if (hours === 0) return 'UTC';
  const minutes = Math.round(Math.abs(hours) * 60);
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `UTC${hours < 0 ? MINUS : '+'}${whole}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}

/** The browser's offset from UTC at `at`, in hours (summer time included). */
export const browserHours = (at = Date.now()): number => -new Date(at).getTimezoneOffset() / 60;

type Instant = string | number | null | undefined;

export interface AccountClock {
  /** Hours from UTC. */
  timezone: number;
  /** 'UTC−3'. */
  zone: string;
  /** True when the browser's clock reads another time: shown times then carry the zone. */
  differs: boolean;
  /** Short date and time ('05/03/2026, 14:32'); '' for no or a broken instant. */
  dateTime: (at: Instant) => string;
  /** Medium date and short time ('5 de mar. de 2026, 14:32'). */
  longDateTime: (at: Instant) => string;
  /** Time with seconds ('14:32:05'). */
  time: (at: Instant) => string;
  /** The time alone when `at` is on the account's today, else short date and time. */
  moment: (at: Instant, now?: number) => string;
  /** `text` with the zone after it when the browser's clock differs ('14:32:05 UTC−3'); '' stays ''. */
  labelled: (text: string) => string;
  /** The instant as the account's wall clock reads it, a Date to format in UTC (chart axes). */
  wallClock: (at: Instant) => Date | null;
}

const formatters = new Map<string, { dateTime: Intl.DateTimeFormat; longDateTime: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersOf(locale: string) {
  let found = formatters.get(locale);
  if (!found) {
    // The instants are shifted to the account's wall clock first, then read as UTC.
    found = {
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }),
      longDateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone: 'UTC' }),
    };
    formatters.set(locale, found);
  }
  return found;
}

const epochOf = (at: Instant): number | null => {
  if (at === null || at === undefined || at === '') return null;
  const epoch = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(epoch) ? epoch : null;
};

/**
 * The clock of an account `timezone` hours from UTC, formatting in `locale`. `browser` is the
 * browser's offset (hours) now, given in tests.
 */
export function accountClock(timezone: number, locale: string, browser = browserHours()): AccountClock {
  const shift = Math.round(timezone * HOUR_MS);
  const format = formattersOf(locale);
  const zone = zoneLabel(timezone);
  const differs = Math.round(browser * 60) !== Math.round(timezone * 60);
  const wallClock = (at: Instant) => {
    const epoch = epochOf(at);
    return epoch === null ? null : new Date(epoch + shift);
  };
  const using = (formatter: Intl.DateTimeFormat) => (at: Instant) => {
    const local = wallClock(at);
    return local ? formatter.format(local) : '';
  };
  const dayOf = (epoch: number) => Math.floor((epoch + shift) / (24 * HOUR_MS));
  return {
    timezone,
    zone,
    differs,
    dateTime: using(format.dateTime),
    longDateTime: using(format.longDateTime),
    time: using(format.time),
    moment: (at, now = Date.now()) => {
      const epoch = epochOf(at);
      if (epoch === null) return '';
      return dayOf(epoch) === dayOf(now) ? format.time.format(new Date(epoch + shift)) : format.dateTime.format(new Date(epoch + shift));
    },
    labelled: (text) => (differs && text !== '' ? `${text} ${zone}` : text),
    wallClock,
  };
}
