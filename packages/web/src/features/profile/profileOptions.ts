import { CSV_SEPARATORS, TIMEZONE_MAX, TIMEZONE_MIN, type CsvSeparator, type DecimalSeparator } from '@portal/shared';

/** Locale key of each CSV separator's human name. */
export const SEPARATOR_LABEL_KEYS: Record<CsvSeparator, string> = {
  ';': 'profile.separators.semicolon',
  ',': 'profile.separators.comma',
  '\t': 'profile.separators.tab',
  '|': 'profile.separators.pipe',
};

export const SEPARATORS = CSV_SEPARATORS;

/** The number format select: by language (separador_decimal null), decimal comma or decimal point. */
export const NUMBER_FORMAT_CHOICES = ['auto', 'comma', 'point'] as const;
export type NumberFormatChoice = (typeof NUMBER_FORMAT_CHOICES)[number];

const SEPARATOR_OF_CHOICE: Record<NumberFormatChoice, DecimalSeparator | null> = { auto: null, comma: ',', point: '.' };

export const separatorOfNumberFormat = (choice: NumberFormatChoice): DecimalSeparator | null => SEPARATOR_OF_CHOICE[choice];

export const numberFormatChoiceOf = (separador: DecimalSeparator | null | undefined): NumberFormatChoice =>
  separador === ',' ? 'comma' : separador === '.' ? 'point' : 'auto';

/** "UTC−03:00", "UTC+05:30", "UTC±00:00". */
export function formatUtcOffset(hours: number): string {
  const sign = hours > 0 ? '+' : hours < 0 ? '−' : '±';
  const total = Math.round(Math.abs(hours) * 60);
  const hh = String(Math.floor(total / 60)).padStart(2, '0');
  const mm = String(total % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/**
 * Whole and half hours from UTC−12 to UTC+14; an account already on a quarter hour
 * (the server accepts steps of .25) keeps its value in the list.
 */
export function timezoneOptions(current: number): { value: string; label: string }[] {
  const hours: number[] = [];
  for (let value = TIMEZONE_MIN; value <= TIMEZONE_MAX; value += 0.5) hours.push(value);
  if (!hours.includes(current) && current >= TIMEZONE_MIN && current <= TIMEZONE_MAX) {
    hours.push(current);
    hours.sort((a, b) => a - b);
  }
  return hours.map((value) => ({ value: String(value), label: formatUtcOffset(value) }));
}
