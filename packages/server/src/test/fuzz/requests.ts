import fc from 'fast-check';
import { validParameters, validValue } from './arbitraries.js';
import {
  EDGE_VALUES,
  MALFORMED_BODIES,
  ODD_HEADERS,
  ODD_QUERIES,
  QUERY_SHAPES,
  edgesFor,
  garbageAuthorization,
  oddHeaders,
  percentEncode,
  queryPairs,
  toJsonText,
  type BodyPart,
  type EdgeValue,
} from './edges.js';
import { objectShapes, propertyPaths, schemaAt, type JsonSchema } from './json-schema.js';
import { csvFiles, isMultipart, multipartBody } from './multipart.js';
import type { Operation, Parameter } from './openapi.js';

/** One request, fully built: the same bytes go to every portal and with every kind of token. */
export interface FuzzRequest {
  operation: string;
  /** What was changed from a valid request. */
  label: string;
  method: string;
  /** Path and query string, percent-encoded. */
  url: string;
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  /** The Authorization header of the "garbage token" send. */
  garbageAuthorization: string;
  headers: Record<string, string>;
}

interface QueryPart {
  label?: string;
  fragments: string[];
}
interface PathPart {
  label?: string;
  values: Record<string, string>;
}

const MIB = 1024 * 1024;
const NO_BODY: BodyPart = { label: '' };
const canHaveBody = (operation: Operation) => !['GET', 'HEAD'].includes(operation.method);
const parametersIn = (operation: Operation, place: Parameter['in']) => operation.parameters.filter((parameter) => parameter.in === place);
/** Any UTF-16 code units, lone surrogates and controls included. */
const anyCodeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 40 });

/** A copy of `value` with `path` set to `replacement` (or removed when `remove`), creating objects on the way. */
export function withValueAt(value: unknown, path: readonly string[], replacement: unknown, remove = false): unknown {
  const [name, ...rest] = path;
  if (name === undefined) return replacement;
  const record: Record<string, unknown> = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  if (remove && rest.length === 0) {
    delete record[name];
    return record;
  }
  // defineProperty, so a key like "__proto__" stays an ordinary property.
  const inner = withValueAt(record[name], rest, replacement, remove);
  Object.defineProperty(record, name, { value: inner, enumerable: true, writable: true, configurable: true });
  return record;
}

const jsonBody = (operation: Operation, value: unknown, label: string): BodyPart =>
  isMultipart(operation.body?.contentType)
    ? multipartBody(operation.body!.schema, value, label)
    : { label, contentType: operation.body?.contentType ?? 'application/json', body: toJsonText(value) };

/** The valid body of a call, as a JSON value (no body at all for calls that take none). */
function validBodyValue(operation: Operation, optional: 'random' | 'none' | 'all' = 'random'): fc.Arbitrary<unknown> {
  return operation.body ? validValue(operation.body.schema, '', optional) : fc.constant(undefined);
}

function validBody(operation: Operation): fc.Arbitrary<BodyPart> {
  if (!operation.body) return fc.constant(NO_BODY);
  return validBodyValue(operation).map((value) => jsonBody(operation, value, ''));
}

/** Every kind of broken body; calls that take no body get them too. */
function bodyMutations(operation: Operation): fc.Arbitrary<BodyPart> {
  const schema: JsonSchema = operation.body?.schema ?? { type: 'object', properties: {} };
  const valid = validBodyValue(operation).map((value) => value ?? {});
  const fields = objectShapes(schema).flatMap((shape) => propertyPaths(shape).map((path) => ({ path, schema: schemaAt(shape, path) ?? {} })));
  const paths = fields.map(({ path }) => path);
  const names = Object.keys(schema.properties ?? {});
  const junkValue = fc.oneof(fc.jsonValue(), anyCodeUnits, fc.constantFrom(...EDGE_VALUES).map((edge) => edge.value));
  const extraFields = fc.dictionary(fc.string({ maxLength: 20 }), junkValue, { minKeys: 1, maxKeys: 4 });
  const mutations: Array<fc.Arbitrary<BodyPart>> = [
    valid.map((value) => jsonBody(operation, value, 'valid body')),
    fc.tuple(valid, fc.jsonValue()).map(([value, junk]) => jsonBody(operation, [value, junk], 'array where an object is expected')),
    fc.tuple(valid, extraFields).map(([value, extra]) =>
      jsonBody(operation, { ...(value as object), ...extra }, `extra fields ${Object.keys(extra).map((key) => JSON.stringify(key)).join(', ')}`),
    ),
    fc.jsonValue().map((value) => jsonBody(operation, value, 'arbitrary JSON document')),
    fc.constantFrom(...EDGE_VALUES).map((edge) => jsonBody(operation, edge.value, `whole body = ${edge.label}`)),
    fc.tuple(valid, fc.constantFrom(...MALFORMED_BODIES)).map(([value, malform]) => malform(toJsonText(value))),
  ];
  if (paths.length > 0) {
    mutations.push(
      fc.constantFrom(...fields).chain(({ path, schema: fieldSchema }) =>
        fc.tuple(valid, fc.constantFrom(...edgesFor(fieldSchema, path.at(-1)!))).map(([value, edge]) =>
          jsonBody(operation, withValueAt(value, path, edge.value), `${path.join('.')} = ${edge.label}`),
        ),
      ),
      fc.tuple(valid, fc.constantFrom(...paths), fc.oneof(fc.jsonValue(), anyCodeUnits)).map(([value, path, junk]) =>
        jsonBody(operation, withValueAt(value, path, junk), `${path.join('.')} = random ${JSON.stringify(junk)?.slice(0, 60)}`),
      ),
    );
  }
  if (isMultipart(operation.body?.contentType)) {
    const files = names.filter((name) => (schema.properties?.[name] as JsonSchema | undefined)?.format === 'binary');
    for (const name of files) {
      mutations.push(fc.tuple(valid, csvFiles()).map(([value, csv]) => jsonBody(operation, withValueAt(value, [name], csv), `${name} = a CSV of random rows`)));
    }
  }
  if (names.length > 0) {
    mutations.push(
      fc.tuple(valid, fc.subarray(names, { minLength: 1 })).map(([value, missing]) => {
        const body = missing.reduce<unknown>((partial, name) => withValueAt(partial, [name], undefined, true), value);
        return jsonBody(operation, body, `without ${missing.join(', ')}`);
      }),
    );
  }
  return fc.oneof(...mutations);
}

/** `name=value` fragments of valid values, one list per parameter. */
const fragmentsOf = (parameters: Parameter[], values: Record<string, unknown>) =>
  parameters
    .filter((parameter) => Object.hasOwn(values, parameter.name))
    .map((parameter) => queryPairs(parameter.name, values[parameter.name]).join('&'));

function validQuery(operation: Operation): fc.Arbitrary<QueryPart> {
  const parameters = parametersIn(operation, 'query');
  return validParameters(parameters).map((values) => ({ fragments: fragmentsOf(parameters, values) }));
}

/** A valid query with one parameter's fragment replaced. */
function replaceParameter(
  parameters: Parameter[],
  values: Record<string, unknown>,
  target: Parameter,
  fragment: string | undefined,
  label: string,
): QueryPart {
  const fragments = parameters.flatMap((parameter) => {
    if (parameter !== target) return fragmentsOf([parameter], values);
    return fragment === undefined ? [] : [fragment];
  });
  return { label: `query ${target.name} ${label}`, fragments };
}

function queryMutations(operation: Operation): fc.Arbitrary<QueryPart> {
  const parameters = parametersIn(operation, 'query');
  const values = validParameters(parameters);
  const junkValue = fc.oneof(anyCodeUnits, fc.constantFrom(...EDGE_VALUES).map((edge) => edge.value));
  const extraPairs = fc.dictionary(fc.string({ maxLength: 12 }), junkValue, { minKeys: 1, maxKeys: 3 });
  const mutations: Array<fc.Arbitrary<QueryPart>> = [
    values.map((valid) => ({ label: 'valid query', fragments: fragmentsOf(parameters, valid) })),
    fc.tuple(values, extraPairs).map(([valid, extra]) => ({
      label: `extra query parameters ${Object.keys(extra).join(', ')}`,
      fragments: [...fragmentsOf(parameters, valid), ...Object.entries(extra).flatMap(([name, value]) => queryPairs(name, value))],
    })),
    fc.tuple(values, fc.constantFrom(...ODD_QUERIES)).map(([valid, odd]) => ({
      label: `odd query ${JSON.stringify(odd.slice(0, 40))}${odd.length > 40 ? ` (${odd.length} characters)` : ''}`,
      fragments: [...fragmentsOf(parameters, valid), odd],
    })),
  ];
  if (parameters.length > 0) {
    const target = fc.constantFrom(...parameters);
    mutations.push(
      fc.tuple(values, target).chain(([valid, parameter]) =>
        fc.constantFrom(...edgesFor(parameter.schema, parameter.name)).map((edge) =>
          replaceParameter(parameters, valid, parameter, queryPairs(parameter.name, edge.value).join('&'), `= ${edge.label}`),
        ),
      ),
      fc.tuple(values, target, fc.constantFrom(...QUERY_SHAPES)).map(([valid, parameter, shape]) => {
        const validPair = fragmentsOf([parameter], { [parameter.name]: valid[parameter.name] ?? 'x' })[0]!;
        return replaceParameter(parameters, valid, parameter, shape.build(parameter.name, validPair), shape.label);
      }),
      fc.tuple(values, target).map(([valid, parameter]) => replaceParameter(parameters, valid, parameter, undefined, 'missing')),
    );
  }
  return fc.oneof(...mutations);
}

const encodePathValue = (value: unknown) => percentEncode(typeof value === 'string' ? value : toJsonText(value));

function validPath(operation: Operation): fc.Arbitrary<PathPart> {
  return validParameters(parametersIn(operation, 'path'), 'all').map((values) => ({
    values: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, encodePathValue(value)])),
  }));
}

function pathMutations(operation: Operation): fc.Arbitrary<PathPart> {
  const parameters = parametersIn(operation, 'path');
  return fc.tuple(validPath(operation), fc.constantFrom(...parameters)).chain(([valid, parameter]) =>
    fc.constantFrom(...edgesFor(parameter.schema, parameter.name)).map((edge) => ({
      label: `path ${parameter.name} = ${edge.label}`,
      values: { ...valid.values, [parameter.name]: encodePathValue(edge.value) },
    })),
  );
}

/** Assembles a request from its parts, with a readable form for fast-check's reports. */
export function buildRequest(
  operation: Operation,
  parts: { path: PathPart; query: QueryPart; body: BodyPart },
  { garbage = 'Bearer not-a-session', clientAddress, headers = {} }: { garbage?: string; clientAddress: string; headers?: Record<string, string> },
): FuzzRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => parts.path.values[name] ?? 'x');
  const query = parts.query.fragments.join('&');
  const header = Object.keys(headers).length > 0 ? `odd headers ${Object.keys(headers).join(', ')}` : '';
  const request: FuzzRequest = {
    operation: operation.name,
    label: [parts.path.label, parts.query.label, parts.body.label, header].filter(Boolean).join('; ') || 'valid request',
    method: operation.method,
    url: query ? `${path}?${query}` : path,
    ...(parts.body.contentType ? { contentType: parts.body.contentType } : {}),
    ...(parts.body.body !== undefined && canHaveBody(operation) ? { body: parts.body.body } : {}),
    garbageAuthorization: garbage,
    // The portals trust X-Forwarded-For: a client address per request keeps the per-address
    // throttles from turning every later request into a 429 that never reaches the handler.
    headers: { 'x-forwarded-for': clientAddress, ...headers },
  };
  Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
  return request;
}

/** Random requests to one call: everything valid but one part, which is broken in some way. */
export function fuzzRequest(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const path = validPath(operation);
  const query = validQuery(operation);
  const groups: Array<fc.WeightedArbitrary<{ path: PathPart; query: QueryPart; body: BodyPart }>> = [
    { arbitrary: fc.record({ path, query: queryMutations(operation), body: validBody(operation) }), weight: 1 },
  ];
  if (canHaveBody(operation)) groups.push({ arbitrary: fc.record({ path, query, body: bodyMutations(operation) }), weight: 4 });
  if (parametersIn(operation, 'path').length > 0) {
    groups.push({ arbitrary: fc.record({ path: pathMutations(operation), query, body: validBody(operation) }), weight: 1 });
  }
  return fc
    .tuple(fc.oneof(...groups), garbageAuthorization, oddHeaders, fc.ipV4())
    .map(([parts, garbage, headers, clientAddress]) => buildRequest(operation, parts, { garbage, clientAddress, headers }));
}

let sweptRequests = 0;
/** A new client address per swept request (10.0.0.0/8 holds 16 million). */
const nextSweepAddress = () => {
  sweptRequests += 1;
  return `10.${(sweptRequests >> 16) & 255}.${(sweptRequests >> 8) & 255}.${sweptRequests & 255}`;
};

type Parts = Parameters<typeof buildRequest>[1];

/**
 * The edge-value sweep of one call: a valid request, then the same with ONE field (body property,
 * query or path parameter) replaced by each edge value in turn, then with each odd header.
 * Deterministic for a given seed, so every database gets the identical list.
 */
export function sweepRequests(operation: Operation, seed: number): FuzzRequest[] {
  let draw = 0;
  const sample = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { seed: seed + draw++, numRuns: 1 })[0]!;
  const query = parametersIn(operation, 'query');
  const body = (value: unknown, label = ''): BodyPart => (operation.body ? jsonBody(operation, value, label) : NO_BODY);
  const requests = [
    buildRequest(
      operation,
      {
        path: sample(validPath(operation)),
        query: { fragments: fragmentsOf(query, sample(validParameters(query, 'all'))) },
        body: body(sample(validBodyValue(operation, 'all')), 'valid, every field'),
      },
      { clientAddress: nextSweepAddress() },
    ),
  ];
  // Built once: building an arbitrary (e-mail and pattern generators parse their expressions) costs
  // more than drawing from it, and a call's sweep draws hundreds of bases.
  const bases = { path: validPath(operation), values: validParameters(query, 'none'), body: validBodyValue(operation, 'none') };
  /** Adds a fresh valid request (required fields only, new e-mails) with `change` applied. */
  const addVariant = (
    change: (base: { path: PathPart; values: Record<string, unknown>; body: unknown }) => Partial<Parts>,
    headers = {},
    validBody = bases.body,
  ) => {
    const base = { path: sample(bases.path), values: sample(bases.values), body: sample(validBody) };
    const parts: Parts = { path: base.path, query: { fragments: fragmentsOf(query, base.values) }, body: body(base.body), ...change(base) };
    requests.push(buildRequest(operation, parts, { clientAddress: nextSweepAddress(), headers }));
  };

  const bodySchema = operation.body?.schema;
  for (const shape of bodySchema ? objectShapes(bodySchema) : []) {
    // A body of several shapes is swept once per object shape, from a valid body of that shape.
    const shapeBody = shape === bodySchema ? bases.body : validValue(shape, '', 'none');
    for (const path of propertyPaths(shape)) {
      const edges: EdgeValue[] = [{ label: 'missing', value: undefined }, ...edgesFor(schemaAt(shape, path) ?? {}, path.at(-1)!)];
      for (const edge of edges) {
        const label = `${path.join('.')} = ${edge.label}`;
        addVariant((base) => ({ body: body(withValueAt(base.body, path, edge.value, edge.value === undefined), label) }), {}, shapeBody);
      }
    }
  }
  for (const parameter of query) {
    const valid = sample(validParameters([parameter], 'all'));
    const replace = (base: { values: Record<string, unknown> }, fragment: (validPair: string) => string, label: string) => {
      const values = { ...valid, ...base.values };
      return { query: replaceParameter(query, values, parameter, fragment(fragmentsOf([parameter], values)[0]!), label) };
    };
    for (const edge of edgesFor(parameter.schema, parameter.name)) {
      addVariant((base) => replace(base, () => queryPairs(parameter.name, edge.value).join('&'), `= ${edge.label}`));
    }
    for (const shape of QUERY_SHAPES) addVariant((base) => replace(base, (pair) => shape.build(parameter.name, pair), shape.label));
  }
  for (const parameter of parametersIn(operation, 'path')) {
    for (const edge of edgesFor(parameter.schema, parameter.name)) {
      const label = `path ${parameter.name} = ${edge.label}`;
      addVariant((base) => ({ path: { label, values: { ...base.path.values, [parameter.name]: encodePathValue(edge.value) } } }));
    }
  }
  for (const headers of ODD_HEADERS) addVariant(() => ({}), headers);
  return requests;
}

/** Requests this large must be refused (the body limit is 1 MiB; a URL that long is never valid). */
export const mustBeRefused = (request: FuzzRequest): boolean => {
  // File uploads have their own, larger limit.
  if (isMultipart(request.contentType)) return request.url.length > MIB;
  const bodyBytes = typeof request.body === 'string' ? Buffer.byteLength(request.body) : (request.body?.byteLength ?? 0);
  return request.url.length > MIB || bodyBytes > MIB;
};

const preview = (text: string, limit = 300) =>
  text.length > limit ? `${JSON.stringify(text.slice(0, limit))}… (${text.length} characters)` : JSON.stringify(text);
const hexPreview = (bytes: Uint8Array, limit = 120) =>
  `${Buffer.from(bytes.slice(0, limit)).toString('hex')}${bytes.byteLength > limit ? `… (${bytes.byteLength} bytes)` : ''}`;

/** The request in one readable paragraph: enough to replay it by hand. */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined ? 'no body' : typeof request.body === 'string' ? `body ${preview(request.body)}` : `body bytes ${hexPreview(request.body)}`;
  const headers = Object.entries(request.headers).map(([name, value]) => `, ${name}: ${preview(value, 60)}`);
  const contentType = `content-type ${request.contentType ?? 'none'}`;
  return `${request.operation} [${request.label}] ${request.method} ${preview(request.url, 200)}, ${contentType}, ${body}${headers.join('')}`;
}
