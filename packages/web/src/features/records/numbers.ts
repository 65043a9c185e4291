import { decimalSeparatorOf, type DecimalSeparator, type Language } from '@portal/shared';

/**
 * The one number formatter of the portal (spec section 9; issue 16). Screens, reports, prints,
 * chart axes and tooltips all write numbers through it, in the user's number format
 * (`separador_decimal`): ',' → 1.234,5 and '.' → 1,234.5, thousands always grouped, so a Spanish
 * table never shows 2099,9 next to 10.000 (es-ES groups only from five digits). Without a
 * preference the format follows the language shown (pt and es ',', en '.').
 *
 * `format` is for text; `plain` is for files (no grouping, so spreadsheets read the numbers); the
 * separators are for Mantine's NumberInput, so typed numbers look the same as shown ones.
 */
export interface NumberFormat {
  /** BCP 47 tag of the language shown (dates, sorting); numbers follow `decimalMark`. */
  locale: string;
  decimalMark: DecimalSeparator;
  /** `digits`: fixed decimals (weights: 1); without it, up to 2 and none when whole. */
  format: (value: number | null | undefined, digits?: number) => string;
  /** The same number without thousands grouping, for CSV and other files; `digits` as in `format`, up to 6 without. */
  plain: (value: number | null | undefined, digits?: number) => string;
  decimalSeparator: string;
  thousandSeparator: string;
}

/**
 * Numbers are written with one fixed locale per decimal mark, whatever the language: the same
 * digits, signs and separators in Node and in every browser (es-ES's five-digit grouping rule and
 * the like never apply).
 */
const NUMBER_LOCALE: Record<DecimalSeparator, string> = { ',': 'pt-BR', '.': 'en-US' };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(mark: DecimalSeparator, digits: number | undefined, grouping: boolean): Intl.NumberFormat {
  const key = `${mark}|${digits ?? ''}|${grouping}`;
  let found = formatters.get(key);
  if (!found) {
    const fraction = digits === undefined ? { maximumFractionDigits: grouping ? 2 : 6 } : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    found = new Intl.NumberFormat(NUMBER_LOCALE[mark], { ...fraction, useGrouping: grouping });
    formatters.set(key, found);
  }
  return found;
}

const isEmpty = (value: number | null | undefined): value is null | undefined => value === null || value === undefined || !Number.isFinite(value);

/** The language a BCP 47 tag names ('es-ES' → 'es'); anything else counts as Portuguese, the default. */
const languageOfLocale = (locale: string): Language => {
  const language = locale.slice(0, 2).toLowerCase();
  return language === 'en' || language === 'es' ? language : 'pt';
};

/**
 * The number format of a BCP 47 locale with the user's preference (`decimalMark`; null or left out:
 * by the locale's language). Outside React too (tests, pure report builders).
 */
export function numberFormat(locale: string, decimalMark?: DecimalSeparator | null): NumberFormat {
  const mark = decimalSeparatorOf(languageOfLocale(locale), decimalMark);
  return {
    locale,
    decimalMark: mark,
    format: (value, digits) => (isEmpty(value) ? '' : formatter(mark, digits, true).format(value)),
    plain: (value, digits) => (isEmpty(value) ? '' : formatter(mark, digits, false).format(value)),
    decimalSeparator: mark,
    thousandSeparator: mark === ',' ? '.' : ',',
  };
}
