import fc from 'fast-check';
import { mergeAllOf, typesOf, type JsonSchema } from './json-schema.js';
import type { Parameter } from './openapi.js';

/**
 * JSON Schema → fast-check arbitraries of VALID values: what a careful client would send. The
 * schema says too little about some fields (an e-mail is just a string in the document, a new
 * password must mix letters and digits), so the property name adds what the server also checks.
 */

/** Which optional object properties a generated value carries. */
export type OptionalProperties = 'random' | 'none' | 'all';

export const isEmailField = (name: string, schema: JsonSchema) => schema.format === 'email' || /e-?mail/i.test(name);
export const isPasswordField = (name: string) => /password|passwd/i.test(name);

/**
 * The fuzzing account's credentials, the same on every portal. E-mail and password fields carry them
 * now and then, so that requests also get past "wrong password" and "no such account" (sign-in,
 * e-mail and password changes, recovery mail for an existing account).
 */
export const KNOWN_CREDENTIALS = { email: 'fuzzer@example.test', password: 'Fuzzer-pass-2024' } as const;

/** Mostly `fresh`, sometimes `known` when it fits the field. */
const sometimesKnown = (fresh: fc.Arbitrary<string>, known: string, min: number, max: number) =>
  known.length >= min && known.length <= max ? fc.oneof({ arbitrary: fresh, weight: 3 }, { arbitrary: fc.constant(known), weight: 1 }) : fresh;

// Storable, single-line, BMP-only characters (so JSON Schema's code points and Zod's UTF-16 units agree):
// accents, Cyrillic, CJK, right-to-left scripts and quotes that SQL must escape.
const TEXT_CHARACTERS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'áéíóúâêôãõçñüßÅжπ中文שלוםمرحبا',
  ...`-_.,;:!?'"&%\\/()@#+* `,
];
const textCharacter = fc.constantFrom(...TEXT_CHARACTERS);
const DEFAULT_MAX_LENGTH = 60;

/** Text of `min`..`max` characters that no trimming shortens and both databases store as given. */
export function storableText(min: number, max: number): fc.Arbitrary<string> {
  const upTo = Math.min(max, min + 40);
  const ordinary = fc.array(textCharacter, { minLength: min, maxLength: upTo });
  const longest = fc.array(textCharacter, { minLength: max, maxLength: max });
  const characters = max > upTo && max <= 10_000 ? fc.oneof({ arbitrary: ordinary, weight: 9 }, { arbitrary: longest, weight: 1 }) : ordinary;
  return characters.map((chars) => {
    if (chars.length > 0 && chars[0] === ' ') chars[0] = 'x';
    if (chars.length > 0 && chars[chars.length - 1] === ' ') chars[chars.length - 1] = 'y';
    return chars.join('');
  });
}

let emailSequence = 0;
const EMAIL_DOMAINS = ['example.test', 'granja-sul.example.com', 'xn--avcola-0ua.example.br'];

/** A fresh e-mail address every time (the sequence number keeps it unique even when shrunk). */
export function uniqueEmail(maxLength = 254): fc.Arbitrary<string> {
  return fc
    .tuple(fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9_+-]{0,15}$/), fc.constantFrom(...EMAIL_DOMAINS))
    .map(([local, domain]) => {
      emailSequence += 1;
      const address = `${local}.${emailSequence}@${domain}`;
      return address.length <= maxLength ? address : `${emailSequence}@${domain}`.slice(-maxLength);
    });
}

/** A password the server accepts to set: `min`..`max` long, with letters and digits. */
export function newPassword(min = 8, max = 200): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.stringMatching(/^[a-zA-Zé]{1,10}$/),
      fc.stringMatching(/^[0-9]{1,6}$/),
      fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
    )
    .map(([letters, digits, rest]) => {
      // One letter and one digit first, so cutting to `max` keeps both.
      let password = `${letters[0]}${digits[0]}${letters.slice(1)}${digits.slice(1)}${rest}`;
      if (password.length < min) password += 'x9'.repeat(Math.ceil((min - password.length) / 2));
      return password.slice(0, Math.max(max, 2));
    });
}

const dates = fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

function stringValue(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, DEFAULT_MAX_LENGTH);
  if (isEmailField(name, schema)) return sometimesKnown(uniqueEmail(max), KNOWN_CREDENTIALS.email, min, max);
  if (isPasswordField(name)) return sometimesKnown(newPassword(Math.max(min, 8), max), KNOWN_CREDENTIALS.password, min, max);
  const fitting = (arbitrary: fc.Arbitrary<string>) => arbitrary.filter((value) => value.length >= min && value.length <= max);
  switch (schema.format) {
    case 'date-time':
      return dates.map((date) => date.toISOString());
    case 'date':
      return dates.map((date) => date.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'uri':
    case 'url':
      return fitting(fc.webUrl());
    case 'ipv4':
      return fc.ipV4();
    default:
      // A pattern bounds its own length: held to DEFAULT_MAX_LENGTH, one longer than that (a key of 80
      // characters) would be filtered forever.
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= min && (schema.maxLength === undefined || value.length <= schema.maxLength));
      return storableText(min, max);
  }
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { exclusiveMinimum: exMin, exclusiveMaximum: exMax } = schema;
  let min = schema.minimum ?? (typeof exMin === 'number' ? exMin : -1e9);
  let max = schema.maximum ?? (typeof exMax === 'number' ? exMax : 1e9);
  const minExcluded = exMin === true || typeof exMin === 'number';
  const maxExcluded = exMax === true || typeof exMax === 'number';
  const step = schema.multipleOf ?? (integer ? 1 : undefined);
  if (step === undefined) return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
  min = Math.max(Math.ceil(min / step), -Number.MAX_SAFE_INTEGER);
  max = Math.min(Math.floor(max / step), Number.MAX_SAFE_INTEGER);
  return fc
    .integer({ min, max })
    .filter((multiple) => !(minExcluded && multiple * step <= (schema.minimum ?? -Infinity)))
    .filter((multiple) => !(maxExcluded && multiple * step >= (schema.maximum ?? Infinity)))
    .map((multiple) => roundToStep(multiple * step, step));
}

/** `multiple * step` as written in decimal (12345678 × 0.1 is 1234567.8, not 1234567.8000000002). */
function roundToStep(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return decimals === 0 ? value : Number(value.toFixed(decimals));
}

function objectValue(schema: JsonSchema, optional: OptionalProperties): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const names = Object.keys(properties).filter((name) => optional !== 'none' || required.has(name));
  const model = Object.fromEntries(names.map((name) => [name, validValue(properties[name]!, name, optional)]));
  return fc.record(model, { requiredKeys: optional === 'all' ? names : names.filter((name) => required.has(name)) });
}

/** Values satisfying `schema` (and the server's rules for e-mails and passwords, told by `name`). */
export function validValue(input: JsonSchema, name = '', optional: OptionalProperties = 'random'): fc.Arbitrary<unknown> {
  const schema = mergeAllOf(input);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => validValue(option, name, optional)));
  const types = typesOf(schema).filter((type) => type !== 'null');
  const type = types[0] ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return stringValue(schema, name);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name, optional), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    case 'object':
      return objectValue(schema, optional);
    default:
      // No type at all: anything JSON; only 'null': null.
      return typesOf(schema).includes('null') ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Valid values of a set of parameters, by name (optional ones as `optional` says). */
export function validParameters(parameters: Parameter[], optional: OptionalProperties = 'random'): fc.Arbitrary<Record<string, unknown>> {
  return objectValue(
    {
      type: 'object',
      properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
      required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    },
    optional,
  );
}
