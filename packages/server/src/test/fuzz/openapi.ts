import type { JsonSchema } from './json-schema.js';

/** One parameter of a call, its schema with every `$ref` resolved. */
export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

/** One path and method of the OpenAPI document. */
export interface Operation {
  /** Upper case, as sent. */
  method: string;
  /** The OpenAPI path template, e.g. `/api/things/{id}`. */
  path: string;
  /** `METHOD /path`, for test names and messages. */
  name: string;
  parameters: Parameter[];
  body?: { schema: JsonSchema; required: boolean; contentType: string };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

interface OpenApiDocument {
  paths?: Record<string, Record<string, any>>;
  components?: Record<string, Record<string, unknown>>;
}

/** A copy of `node` with every local `$ref` replaced by what it points at (cycles stop at `depth`). */
function resolveRefs(node: unknown, document: OpenApiDocument, depth = 20): any {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, document, depth));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  if (typeof $ref === 'string' && $ref.startsWith('#/') && depth > 0) {
    const target = $ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<any>((current, part) => current?.[part], document);
    if (target === undefined) throw new Error(`OpenAPI $ref ${$ref} points at nothing`);
    return resolveRefs({ ...target, ...rest }, document, depth - 1);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolveRefs(value, document, depth)]));
}

/** Every path and method of the document, in its order. */
export function operationsOf(rawDocument: OpenApiDocument): Operation[] {
  const document = resolveRefs(rawDocument, rawDocument) as OpenApiDocument;
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method): Operation => {
      const operation = item[method];
      const byKey = new Map<string, Parameter>();
      // Operation-level parameters override path-level ones of the same name and place.
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        byKey.set(`${parameter.in}:${parameter.name}`, {
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true || parameter.in === 'path',
          schema: parameter.schema ?? {},
        });
      }
      const content: Record<string, { schema?: JsonSchema }> = operation.requestBody?.content ?? {};
      const contentType = Object.keys(content).find((type) => type.includes('json')) ?? Object.keys(content)[0];
      return {
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        parameters: [...byKey.values()],
        ...(contentType
          ? { body: { schema: content[contentType]?.schema ?? {}, required: operation.requestBody.required === true, contentType } }
          : {}),
      };
    }),
  );
}

/** Reads the running portal's OpenAPI document and lists its operations. */
export async function readOperations(baseUrl: string): Promise<Operation[]> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const operations = operationsOf((await response.json()) as OpenApiDocument);
  if (operations.length === 0) throw new Error('the OpenAPI document lists no operation');
  return operations;
}

/** A GET that can be called with nothing but a token: what a snapshot of an account's data is made of. */
export const isPlainRead = (operation: Operation): boolean =>
  operation.method === 'GET' && !operation.parameters.some((parameter) => parameter.required);
