import { isIsoDate } from '@portal/shared';

/* Values read from a url query: anything malformed reads as absent, so a hand-edited link still opens. */

/** A url query value that is an id (a positive integer), else undefined. */
export const positiveId = (text: string | null): number | undefined => {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : undefined;
};

/** A url query value that is a real day (YYYY-MM-DD), else undefined. */
export const isoDate = (text: string | null): string | undefined => (text && isIsoDate(text) ? text : undefined);

/** The fields that hold a value: a query read leaves out what was missing or malformed. */
export function definedOnly<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}
