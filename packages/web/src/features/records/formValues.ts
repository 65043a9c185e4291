/**
 * Mantine's NumberInput holds a number, or '' when emptied (or a partial text such as '-').
 * Forms keep that as is and convert when building the body: a required number left empty is
 * sent as NaN, which the shared schema refuses and useRecordForm reports as FIELD_REQUIRED.
 */
export type NumberValue = number | string;

/** A required number: NaN when empty or unfinished. */
export const requiredNumber = (value: NumberValue): number => (typeof value === 'number' ? value : Number.NaN);

/** An optional number: null when empty, NaN when unfinished. */
export const optionalNumber = (value: NumberValue): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number.NaN;

/** A stored optional number as the input's value. */
export const numberOrEmpty = (value: number | null | undefined): NumberValue => value ?? '';
