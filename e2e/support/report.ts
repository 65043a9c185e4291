/** Helpers shared by the report specs (charts, feed, troughs, dosing, silo balance, collection history). */

/** The three languages with the locale and CSV separator each account uses. */
export const LANGUAGES = [
  { lang: 'pt', locale: 'pt-BR', separator: ';' },
  { lang: 'en', locale: 'en-US', separator: ',' },
  { lang: 'es', locale: 'es-ES', separator: '\t' },
] as const;
export type Lang = (typeof LANGUAGES)[number]['lang'];

export const DAY_MS = 86_400_000;

/** Today at -3 (the account's timezone, the spec's default), as the screen counts it. */
export const localToday = (now = Date.now()) => new Date(now - 3 * 3_600_000).toISOString().slice(0, 10);
export const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
/** A YYYY-MM-DD day as the screen writes it: dd/mm/yyyy. */
export const masked = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The screen's text for a value: the locale's number with fixed decimals, thousands always grouped
 * (es-ES alone groups only from five digits; the portal groups from four in every language), '—'
 * when empty.
 */
export function shown(locale: string, value: number | null, decimals: number): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: 'always' }).format(value);
}
