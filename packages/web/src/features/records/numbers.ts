/**
 * Numbers on screens follow the interface language (pt-BR: 45.000 aves, -23,55; spec section 9).
 * `format` is for text; the separators are for Mantine's NumberInput, so typed numbers look the
 * same as shown ones.
 */
export interface NumberFormat {
  locale: string;
  /** `digits`: fixed decimals (weights: 1); without it, up to 2 and none when whole. */
  format: (value: number | null | undefined, digits?: number) => string;
  decimalSeparator: string;
  thousandSeparator: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, digits?: number): Intl.NumberFormat {
  const key = `${locale}|${digits ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(
      locale,
      digits === undefined ? { maximumFractionDigits: 2 } : { minimumFractionDigits: digits, maximumFractionDigits: digits },
    );
    formatters.set(key, found);
  }
  return found;
}

/** The number format of a BCP 47 locale (outside React, e.g. in tests). */
export function numberFormat(locale: string): NumberFormat {
  const parts = formatter(locale, 1).formatToParts(12345.6);
  return {
    locale,
    format: (value, digits) => (value === null || value === undefined || Number.isNaN(value) ? '' : formatter(locale, digits).format(value)),
    decimalSeparator: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    thousandSeparator: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}
