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

/*
 * Selects hold the chosen record's id as text ('' or null when none); these turn it into the
 * body's id and back.
 */

/** A required id: NaN while none is chosen (the schema reports it as required). */
export const requiredId = (value: string | null | undefined): number => (value ? Number(value) : Number.NaN);

/** An optional id: null while none is chosen. */
export const optionalId = (value: string | null | undefined): number | null => (value ? Number(value) : null);

/** A stored optional id as a Select's value (null: none). */
export const idText = (id: number | null | undefined): string | null => (id === null || id === undefined ? null : String(id));
