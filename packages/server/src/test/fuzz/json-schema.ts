/**
 * The part of JSON Schema (as fastify-swagger publishes it in OpenAPI 3.0) the fuzzer understands,
 * and a tiny checker for it: enough to prove that generated "valid" values really are valid.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  /** OpenAPI 3.0 spelling of `type: [..., 'null']`. */
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** Boolean in OpenAPI 3.0, a bound in later JSON Schema. */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

/** The schema's types, 'null' included when it is nullable; empty when it says nothing about type. */
export function typesOf(schema: JsonSchema): string[] {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? [...schema.type] : [schema.type];
  if (schema.nullable && !types.includes('null')) types.push('null');
  return types;
}

/** One schema for an `allOf`: constraints merged shallowly (later ones win, required lists add up). */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const { allOf, ...rest } = schema;
  return allOf.map(mergeAllOf).reduce<JsonSchema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...merged.properties, ...part.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    rest,
  );
}

const typeOfValue = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

const matchesType = (type: string, value: unknown) => {
  const actual = typeOfValue(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

/** Every way `value` breaks `schema` (empty when it satisfies it), each naming the place. */
export function schemaErrors(input: JsonSchema, value: unknown, at = '$'): string[] {
  const schema = mergeAllOf(input);
  const errors: string[] = [];
  const types = typesOf(schema);
  if (value === null && schema.nullable) return [];
  if (types.length > 0 && !types.some((type) => matchesType(type, value))) return [`${at}: ${typeOfValue(value)} is not ${types.join('|')}`];
  if (schema.enum && !schema.enum.some((option) => Object.is(option, value) || option === value)) errors.push(`${at}: not one of the enum`);
  if ('const' in schema && schema.const !== value) errors.push(`${at}: not the constant`);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && !alternatives.some((option) => schemaErrors(option, value, at).length === 0)) errors.push(`${at}: matches no alternative`);

  if (typeof value === 'string') {
    const length = [...value].length; // JSON Schema counts code points
    if (schema.minLength !== undefined && length < schema.minLength) errors.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && length > schema.maxLength) errors.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) errors.push(`${at}: does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) errors.push(`${at}: not finite`);
    const { minimum, maximum, exclusiveMinimum: exMin, exclusiveMaximum: exMax, multipleOf } = schema;
    if (minimum !== undefined && (exMin === true ? value <= minimum : value < minimum)) errors.push(`${at}: below ${minimum}`);
    if (maximum !== undefined && (exMax === true ? value >= maximum : value > maximum)) errors.push(`${at}: above ${maximum}`);
    if (typeof exMin === 'number' && value <= exMin) errors.push(`${at}: not above ${exMin}`);
    if (typeof exMax === 'number' && value >= exMax) errors.push(`${at}: not below ${exMax}`);
    if (multipleOf !== undefined && !isMultipleOf(value, multipleOf)) {
      errors.push(`${at}: not a multiple of ${multipleOf}`);
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, index) => errors.push(...schemaErrors(schema.items!, item, `${at}[${index}]`)));
  }
  if (typeOfValue(value) === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!Object.hasOwn(record, name)) errors.push(`${at}.${name}: missing`);
    for (const [name, item] of Object.entries(record)) {
      const property = schema.properties?.[name];
      if (property) errors.push(...schemaErrors(property, item, `${at}.${name}`));
      else if (schema.additionalProperties === false) errors.push(`${at}.${name}: not allowed`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...schemaErrors(schema.additionalProperties, item, `${at}.${name}`));
    }
  }
  return errors;
}

/** The schema of the property at `path` (object properties only), if the schema names one. */
export function schemaAt(schema: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const name of path) current = current && mergeAllOf(current).properties?.[name];
  return current;
}

/**
 * The object shapes a body may take, each swept field by field: its object alternatives when it has
 * some (devupdt takes a bare list or an object), else the schema itself.
 */
export function objectShapes(schema: JsonSchema): JsonSchema[] {
  const merged = mergeAllOf(schema);
  const alternatives = merged.anyOf ?? merged.oneOf;
  return alternatives ? alternatives.map(mergeAllOf).filter((alternative) => alternative.properties !== undefined) : [schema];
}

/** Paths of every named property, nested objects included (down to `depth` levels). */
export function propertyPaths(schema: JsonSchema, depth = 3, prefix: string[] = []): string[][] {
  if (depth === 0) return [];
  const properties = mergeAllOf(schema).properties ?? {};
  return Object.entries(properties).flatMap(([name, property]) => [
    [...prefix, name],
    ...propertyPaths(property, depth - 1, [...prefix, name]),
  ]);
}

/** Decimal-safe, as Zod checks it: 1234567.8 is a multiple of 0.1 though 1234567.8 / 0.1 is not whole in binary. */
function isMultipleOf(value: number, step: number): boolean {
  const decimals = (number: number) => (String(number).split('.')[1] ?? '').length;
  const scale = 10 ** Math.max(decimals(value), decimals(step));
  return Math.round(value * scale) % Math.round(step * scale) === 0;
}
