import fc from 'fast-check';
import { toJsonText, type BodyPart } from './edges.js';
import type { JsonSchema } from './json-schema.js';

/**
 * Calls whose OpenAPI body is multipart/form-data (file uploads) get their fuzzed bodies encoded
 * as a form: each property of the generated value becomes a part (a `format: binary` property a
 * file part), so the schema-driven values reach the call's own checks instead of all being
 * refused as unparsable. Anything not an object travels as one field.
 */
export const isMultipart = (contentType: string | undefined) => contentType?.startsWith('multipart/form-data') === true;

const BOUNDARY = 'fuzz-form-boundary-5e1f';
const text = (value: unknown) => (typeof value === 'string' ? value : toJsonText(value));

export function multipartBody(schema: JsonSchema, value: unknown, label: string): BodyPart {
  const entries: [string, unknown][] =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['body', value]];
  const parts = entries
    .filter(([, item]) => item !== undefined)
    .map(([name, item]) => {
      const file = (schema.properties?.[name] as JsonSchema | undefined)?.format === 'binary';
      const disposition = `form-data; name="${name}"${file ? '; filename="fuzz.csv"' : ''}`;
      return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${file ? 'Content-Type: text/csv\r\n' : ''}\r\n${text(item)}\r\n`;
    });
  return { label, contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `${parts.join('')}--${BOUNDARY}--\r\n` };
}

/** Any text a cell may hold, separators, quotes, line breaks and controls included. */
const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', '01/11/2026', '2026-11-01', '31/02/2026', '1234,5', '1.234,5', '0', '-1', '99999,95', '"', '";"', '\r\n', '\u0000', 'Núcleo'),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 8 }),
);

/**
 * A file with a valid header and random rows, so the row checks (and with create_missing the
 * farms and flocks it creates) see arbitrary text.
 */
export function csvFiles(): fc.Arbitrary<string> {
  const separator = fc.constantFrom(';', ',', '\t', '|');
  return fc
    .tuple(separator, fc.array(fc.array(cell, { minLength: 3, maxLength: 6 }), { maxLength: 6 }), fc.boolean())
    .map(([sep, rows, bom]) => `${bom ? '\uFEFF' : ''}${['data', 'nucleo', 'lote', 'peso', 'hora', 'obs'].join(sep)}\r\n${rows.map((row) => row.join(sep)).join('\r\n')}`);
}
