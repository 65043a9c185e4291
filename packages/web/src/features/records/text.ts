/**
 * Text helpers of the record lists: searching and sorting the way people type on a phone,
 * without accents or capitals ('sao joao' finds 'São João').
 */

/** Lower case, accents removed, spaces collapsed. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when every word of `query` appears in one of `fields` (an empty query matches all). */
export function matchesSearch(fields: readonly (string | number | null | undefined)[], query: string): boolean {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeText(fields.filter((field) => field !== null && field !== undefined).join(' \u0000 '));
  return words.every((word) => haystack.includes(word));
}

export type SortValue = string | number | boolean | null | undefined;

/**
 * Compares two cell values for sorting: numbers by value, text in the reader's language with
 * numbers inside it in order ('Aviário 2' before 'Aviário 10'); blanks always last.
 */
export function compareValues(a: SortValue, b: SortValue, locale: string): number {
  const blankA = a === null || a === undefined || a === '';
  const blankB = b === null || b === undefined || b === '';
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), locale, { numeric: true, sensitivity: 'base' });
}
