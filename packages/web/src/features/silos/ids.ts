/** Select inputs hold the chosen id as text ('' when none); these turn it into the body's id. */

/** A chosen id of a Select (text, '' when none), or NaN when a required one is missing (the schema reports it). */
export const requiredId = (value: string) => (value ? Number(value) : Number.NaN);
/** An optional chosen id: null when none. */
export const optionalId = (value: string | null | undefined) => (value ? Number(value) : null);
