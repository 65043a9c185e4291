import fc from 'fast-check';
import { isEmailField, isPasswordField } from './arbitraries.js';
import { mergeAllOf, typesOf, type JsonSchema } from './json-schema.js';

/**
 * The values and bodies a careless or hostile client sends: wrong types, extreme numbers, broken
 * text, huge and deep documents, wrong content types, invalid UTF-8.
 */

/** JSON text sent exactly as written, for what a JS value cannot express (-0, 1e309, 5,000 levels). */
export class RawJson {
  constructor(readonly text: string) {}
}
const raw = (text: string) => new RawJson(text);

/** JSON text of `value`, with RawJson pieces inserted verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface EdgeValue {
  label: string;
  value: unknown;
}

const MIB = 1024 * 1024;
const edge = (label: string, value: unknown): EdgeValue => ({ label, value });

/** Values tried in every field, whatever its type. */
export const EDGE_VALUES: readonly EdgeValue[] = [
  // Wrong types.
  edge('null', null),
  edge('true', true),
  edge('false', false),
  edge('0', 0),
  edge('1', 1),
  edge('-1', -1),
  edge('empty text', ''),
  edge('blank text', '   '),
  edge('a number as text', '42'),
  edge('empty array', []),
  edge('empty object', {}),
  edge('array of texts', ['a', 'b']),
  edge('object', { a: 1 }),
  edge('query operator object', { $gt: '' }),
  edge('prototype key', raw('{"__proto__":{"polluted":1}}')),
  edge('constructor key', raw('{"constructor":{"prototype":{"polluted":1}}}')),
  // Extreme numbers.
  edge('1e308', 1e308),
  edge('-1e308', -1e308),
  edge('1e309 (overflows to Infinity)', raw('1e309')),
  edge('-1e309', raw('-1e309')),
  edge('2^31', 2 ** 31),
  edge('2^31 - 1', 2 ** 31 - 1),
  edge('-2^31', -(2 ** 31)),
  edge('-2^31 - 1', -(2 ** 31) - 1),
  edge('2^32', 2 ** 32),
  edge('2^53', 2 ** 53),
  edge('-2^53', -(2 ** 53)),
  edge('2^53 + 1 (rounds)', raw('9007199254740993')),
  edge('2^64', raw('18446744073709551616')),
  edge('-0', raw('-0')),
  edge('1.5', 1.5),
  edge('-1.5', -1.5),
  edge('0.1', 0.1),
  edge('5e-324', 5e-324),
  edge('1e-7', 1e-7),
  edge('exponent form 1E2', raw('1E2')),
  edge('1.0', raw('1.0')),
  // Broken and unusual text.
  edge('NUL', '\u0000'),
  edge('NUL inside', 'ab\u0000cd'),
  edge('control characters', '\u0001\u0007\u001b[31m\u007f'),
  edge('C1 controls', 'a\u0085b\u009f'),
  edge('tab and new lines', 'a\tb\nc\r\nd'),
  edge('line and paragraph separators', 'a\u2028b\u2029c'),
  edge('lone high surrogate', '\uD800'),
  edge('lone low surrogate', '\uDC00'),
  edge('surrogate halves reversed', 'a\uDC00\uD800b'),
  edge('right-to-left text', 'שלום עולם مرحبا بالعالم'),
  edge('right-to-left override', '\u202Eevil.exe\u202C'),
  edge('emoji', '🐔🐣🥚'),
  edge('emoji joined by ZWJ', '👩‍👩‍👧‍👦'),
  edge('combining marks', 'Z̴̡̪a̸͙l̷g̵o̶'),
  edge('zero-width and BOM', '\u200B\uFEFFx'),
  edge('full-width letters', 'ＡＢＣ１２３'),
  edge('SQL quote', "' OR '1'='1"),
  edge('SQL statement', "x'); DROP TABLE users; --"),
  edge('LIKE wildcards', '%_%'),
  edge('backslashes', '\\\\x00\\'),
  edge('HTML', '<script>alert(1)</script>'),
  edge('format directives', '%s%n%x%d'),
  edge('e-mail without domain dot', 'a@b'),
  edge('e-mail in capitals with spaces', '  Someone@Example.TEST  '),
  edge('e-mail with NUL', 'a\u0000b@example.test'),
  edge('internationalised e-mail', 'joão@exämple.test'),
  edge('300 characters', 'a'.repeat(300)),
  edge('10,000 accented characters', 'é'.repeat(10_000)),
  edge('900 KB text (under the body limit)', 'x'.repeat(900 * 1024)),
  edge('2 MB text', 'x'.repeat(2 * MIB)),
  // Deep documents.
  edge('arrays 5,000 deep', raw('['.repeat(5000) + ']'.repeat(5000))),
  edge('objects 5,000 deep', raw('{"a":'.repeat(5000) + '1' + '}'.repeat(5000))),
];

/** Values at and just past the bounds of one field's schema, and valid-looking oddities for its kind. */
export function boundaryEdges(input: JsonSchema, name: string): EdgeValue[] {
  const schema = mergeAllOf(input);
  const types = typesOf(schema);
  const edges: EdgeValue[] = [];
  if (schema.enum) {
    for (const option of schema.enum) edges.push(edge(`enum value ${JSON.stringify(option)}`, option));
    const text = schema.enum.find((option): option is string => typeof option === 'string');
    if (text !== undefined) {
      edges.push(
        edge('enum value in capitals', text.toUpperCase()),
        edge('enum value with a space', ` ${text}`),
        edge('enum value with NUL', `${text}\u0000`),
      );
    }
  }
  if (types.includes('string') || schema.minLength !== undefined || schema.maxLength !== undefined) {
    const { minLength: min = 0, maxLength: max } = schema;
    if (min > 0) edges.push(edge(`${min - 1} characters (under minLength)`, 'a'.repeat(min - 1)));
    if (max !== undefined && max <= MIB) {
      edges.push(
        edge(`${max} characters (maxLength)`, 'a'.repeat(max)),
        edge(`${max + 1} characters (over maxLength)`, 'a'.repeat(max + 1)),
        edge(`${max} accented characters`, 'ã'.repeat(max)),
        edge(`${max} emoji (maxLength code points, twice the UTF-16 units)`, '🐔'.repeat(max)),
        edge(`${max} characters padded with spaces`, `  ${'b'.repeat(max)}  `),
        edge(`${max} spaces`, ' '.repeat(max)),
      );
    }
    if (isEmailField(name, schema)) {
      const domain = '@example.test';
      const longest = max ?? 254;
      edges.push(
        edge('longest e-mail', `${'a'.repeat(Math.max(1, longest - domain.length))}${domain}`),
        edge('e-mail one past the longest', `${'a'.repeat(Math.max(1, longest - domain.length + 1))}${domain}`),
        edge('e-mail with 64-character local part', `${'b'.repeat(64)}${domain}`),
        edge('e-mail with plus and quote', "o'neil+tag@example.test"),
      );
    }
    if (isPasswordField(name)) {
      const longest = max ?? 200;
      edges.push(
        edge('password of letters only', 'abcdefghij'),
        edge('password of digits only', '1234567890'),
        edge('password with Arabic-Indic digits', 'senha١٢٣٤'),
        edge('password of emoji and digits', '🐔🐔🐔🐔1234'),
        edge('password with NUL', 'abc\u0000def123'),
        edge('longest password', `a1${'z'.repeat(Math.max(0, longest - 2))}`),
        edge('longest password in emoji', `a1${'🐔'.repeat(Math.max(0, longest - 2))}`),
      );
    }
  }
  if (types.includes('integer') || types.includes('number') || schema.minimum !== undefined || schema.maximum !== undefined) {
    const { minimum, maximum, multipleOf } = schema;
    const step = types.includes('integer') ? 1 : (multipleOf ?? 0.5);
    if (minimum !== undefined) edges.push(edge(`minimum ${minimum}`, minimum), edge(`under minimum ${minimum - step}`, minimum - step));
    if (maximum !== undefined) edges.push(edge(`maximum ${maximum}`, maximum), edge(`over maximum ${maximum + step}`, maximum + step));
    if (multipleOf !== undefined) edges.push(edge(`not a multiple of ${multipleOf}`, (minimum ?? 0) + multipleOf / 3));
    if (types.includes('integer')) edges.push(edge('integer written 3.0', raw('3.0')));
  }
  if (types.includes('boolean')) edges.push(edge('boolean as text', 'true'), edge('boolean as 1', 1));
  return edges;
}

/** Every edge value worth trying in one field. */
export const edgesFor = (schema: JsonSchema, name: string): EdgeValue[] => [...boundaryEdges(schema, name), ...EDGE_VALUES];

/** Percent-encoding that also writes lone surrogates (as the invalid UTF-8 they would become, WTF-8). */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const wtf8 = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      encoded += wtf8.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

/** `name=value` pairs of a query parameter holding `value` (arrays repeat the name, objects go as JSON). */
export function queryPairs(name: string, value: unknown): string[] {
  const key = percentEncode(name);
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(name, item));
  if (value instanceof RawJson) return [`${key}=${percentEncode(value.text)}`];
  if (value !== null && typeof value === 'object') return [`${key}=${percentEncode(JSON.stringify(value))}`];
  return [`${key}=${percentEncode(String(value))}`];
}

/** Query shapes a URL parser must survive, as the text replacing one parameter's `name=value`. */
export const QUERY_SHAPES: ReadonlyArray<{ label: string; build: (name: string, validPair: string) => string }> = [
  { label: 'name only, no =', build: (name) => percentEncode(name) },
  { label: 'empty value', build: (name) => `${percentEncode(name)}=` },
  { label: 'given twice', build: (_name, pair) => `${pair}&${pair}` },
  { label: 'array brackets', build: (name, pair) => pair.replace(percentEncode(name), `${percentEncode(name)}[]`) },
  { label: 'object brackets', build: (name) => `${percentEncode(name)}[a]=1` },
  { label: 'name in capitals', build: (name, pair) => pair.replace(percentEncode(name), percentEncode(name.toUpperCase())) },
  { label: 'lone %', build: (name) => `${percentEncode(name)}=%` },
  { label: 'truncated escape %E0%A4%A', build: (name) => `${percentEncode(name)}=%E0%A4%A` },
  { label: 'invalid UTF-8 %C3%28', build: (name) => `${percentEncode(name)}=%C3%28` },
  { label: 'invalid UTF-8 %FF', build: (name) => `${percentEncode(name)}=%FF` },
  { label: 'encoded NUL', build: (name) => `${percentEncode(name)}=%00` },
  { label: 'plus signs for spaces', build: (_name, pair) => `${pair.replace('=', '=+')}+` },
  { label: 'NUL in the name', build: (name, pair) => pair.replace(percentEncode(name), `${percentEncode(name)}%00`) },
  { label: '2 MB value', build: (name) => `${percentEncode(name)}=${'a'.repeat(2 * MIB)}` },
];

/** Whole query strings added to any call. */
export const ODD_QUERIES: readonly string[] = [
  '',
  '&&&',
  '=',
  '==x',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '%',
  '%ZZ=1',
  `padding=${'q'.repeat(2 * MIB)}`,
];

/** A request body, possibly not JSON at all. */
export interface BodyPart {
  label: string;
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer>;
}

const JSON_TYPE = 'application/json';
const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part)))));
const formOf = (text: string) => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return new URLSearchParams(Object.entries(parsed).map(([key, value]): [string, string] => [key, String(value)])).toString();
    }
  } catch {
    // Not an object: send the text itself.
  }
  return `body=${encodeURIComponent(text)}`;
};

/** Broken versions of a valid JSON body, and the same body under the wrong content type. */
export const MALFORMED_BODIES: ReadonlyArray<(valid: string) => BodyPart> = [
  () => ({ label: 'empty body, JSON type', contentType: JSON_TYPE, body: '' }),
  () => ({ label: 'blank body, JSON type', contentType: JSON_TYPE, body: '  \n ' }),
  () => ({ label: 'no body, no content type' }),
  () => ({ label: 'null', contentType: JSON_TYPE, body: 'null' }),
  () => ({ label: 'a number', contentType: JSON_TYPE, body: '12' }),
  () => ({ label: 'a string', contentType: JSON_TYPE, body: '"text"' }),
  (valid) => ({ label: 'array where an object is expected', contentType: JSON_TYPE, body: `[${valid}]` }),
  (valid) => ({ label: 'truncated JSON', contentType: JSON_TYPE, body: valid.slice(0, Math.max(1, valid.length - 2)) }),
  (valid) => ({ label: 'trailing garbage', contentType: JSON_TYPE, body: `${valid} x` }),
  () => ({ label: 'trailing comma', contentType: JSON_TYPE, body: '{"a":1,}' }),
  () => ({ label: 'single quotes', contentType: JSON_TYPE, body: "{'a':1}" }),
  () => ({ label: 'NaN literal', contentType: JSON_TYPE, body: '{"a":NaN}' }),
  (valid) => ({ label: 'duplicate keys', contentType: JSON_TYPE, body: valid.replace('{', '{"a":1,"a":[],') }),
  () => ({ label: 'arrays 5,000 deep', contentType: JSON_TYPE, body: '['.repeat(5000) + ']'.repeat(5000) }),
  () => ({ label: 'objects 5,000 deep', contentType: JSON_TYPE, body: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) }),
  (valid) => ({ label: '2 MB of spaces before the body', contentType: JSON_TYPE, body: ' '.repeat(2 * MIB) + valid }),
  () => ({ label: 'invalid UTF-8 C3 28', contentType: JSON_TYPE, body: bytes([0xc3, 0x28]) }),
  () => ({ label: 'invalid UTF-8 FF', contentType: JSON_TYPE, body: bytes([0xff]) }),
  () => ({ label: 'overlong UTF-8 C0 AF', contentType: JSON_TYPE, body: bytes('{"a":"', [0xc0, 0xaf], '"}') }),
  () => ({ label: 'UTF-8 encoded surrogate ED A0 80', contentType: JSON_TYPE, body: bytes('{"a":"', [0xed, 0xa0, 0x80], '"}') }),
  (valid) => {
    const inFirstString = valid.indexOf('"') + 1;
    const body = bytes(valid.slice(0, inFirstString), [0xff], valid.slice(inFirstString));
    return { label: 'invalid UTF-8 FF inside a string', contentType: JSON_TYPE, body };
  },
  (valid) => ({ label: 'UTF-8 byte order mark', contentType: JSON_TYPE, body: bytes([0xef, 0xbb, 0xbf], valid) }),
  (valid) => ({
    label: 'UTF-16 body declared so',
    contentType: 'application/json; charset=utf-16le',
    body: new Uint8Array(Buffer.from(valid, 'utf16le')),
  }),
  (valid) => ({ label: 'JSON type in capitals', contentType: 'APPLICATION/JSON', body: valid }),
  (valid) => ({ label: 'JSON with a Latin-1 charset', contentType: 'application/json; charset=latin1', body: valid }),
  (valid) => ({ label: 'vendor JSON type', contentType: 'application/vnd.api+json', body: valid }),
  (valid) => ({ label: 'text/plain', contentType: 'text/plain', body: valid }),
  (valid) => ({ label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', body: formOf(valid) }),
  (valid) => ({
    label: 'multipart',
    contentType: 'multipart/form-data; boundary=fuzzboundary',
    body: `--fuzzboundary\r\nContent-Disposition: form-data; name="json"\r\n\r\n${valid}\r\n--fuzzboundary--\r\n`,
  }),
  (valid) => ({ label: 'multipart without boundary', contentType: 'multipart/form-data', body: valid }),
  (valid) => ({ label: 'XML type', contentType: 'application/xml', body: `<json>${valid}</json>` }),
  (valid) => ({ label: 'no content type', body: bytes(valid) }),
  (valid) => ({ label: 'garbage content type', contentType: '; ; =', body: valid }),
  (valid) => ({ label: 'content type of 8 KB', contentType: `application/json; x=${'y'.repeat(8192)}`, body: valid }),
];

const HEADER_CHARACTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/=!"#$%&\'()*,:;<>?@[\\]^`{|} é\u00ff'];

/** Authorization headers that carry no valid session. */
export const garbageAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'Bearer x',
    'Bearer',
    'bearer null',
    'Bearer undefined',
    'Basic dXNlcjpwYXNzd29yZA==',
    'Token abc',
    'Bearer a b',
    "Bearer ' OR '1'='1",
    'Bearer %00',
    'Bearer é\u00ff',
    `Bearer ${'x'.repeat(8000)}`,
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((token) => `Bearer ${token}`),
  fc.string({ unit: fc.constantFrom(...HEADER_CHARACTERS), minLength: 1, maxLength: 80 }).map((token) => `Bearer ${token.trim() || 'x'}`),
);

/** Other headers the server reads: the user agent is stored with a session, the language picks mail. */
export const ODD_HEADERS: ReadonlyArray<Record<string, string>> = [
  { 'user-agent': 'é'.repeat(400) },
  { 'user-agent': 'x'.repeat(10_000) },
  { 'user-agent': "'; DROP TABLE sessions; --" },
  { 'accept-language': 'zz, *;q=0, pt-BR;q=abc,,,' },
  { 'accept-language': 'é'.repeat(200) },
  // The portals trust X-Forwarded-For, so its first entry becomes the client address that is stored and keyed on.
  { 'x-forwarded-for': '999.1.1.1, <script>' },
  { 'x-forwarded-for': 'x'.repeat(400) },
  { 'x-forwarded-for': `${'ab:'.repeat(40)}, 10.0.0.1` },
  { 'x-forwarded-for': 'é\u00ff unknown' },
  { 'x-forwarded-for': ', , ,' },
];

export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { arbitrary: fc.constant({}), weight: 3 },
  { arbitrary: fc.constantFrom(...ODD_HEADERS), weight: 1 },
);
