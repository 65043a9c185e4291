import { apiCalls, callDocs, TOKEN_API_PREFIXO, tokenAccess, type ApiCalls, type CallName, type CallSpec } from '@portal/shared';
import type { ContextConfigDefault, FastifyInstance, FastifySchema, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Spec<N extends CallName> = ApiCalls[N];

type SuccessStatus<N extends CallName> = Spec<N> extends { status: infer S extends number } ? S : 200;
/** A download call answers its JSON or the file's text. */
type SuccessSchema<N extends CallName> = Spec<N> extends { download: string } ? z.ZodUnion<[Spec<N>['response'], z.ZodString]> : Spec<N>['response'];

/** The route's Fastify schema as types: the handler's request and reply are typed by it as if written inline. */
type RouteSchemaOf<N extends CallName> = {
  body: Spec<N> extends { body: infer B } ? B : undefined;
  querystring: Spec<N> extends { query: infer Q } ? Q : undefined;
  response: { [S in SuccessStatus<N>]: SuccessSchema<N> } & (Spec<N> extends { errorResponses: infer E } ? E : unknown);
};

export type CallHandler<N extends CallName> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<N>,
  ZodTypeProvider
>;

type OnRequest = NonNullable<RouteShorthandOptions['onRequest']>;

/** A call that needs a session must name the hook that checks it (requireAccount); an anonymous one may have its own. */
export type CallRouteOptions<N extends CallName> = Spec<N> extends { anonymous: true } ? { onRequest?: OnRequest } : { onRequest: OnRequest };

/** Every call's words for the OpenAPI document, built once. */
const docs = callDocs();

/** How a caller authenticates, as the OpenAPI document describes it (app.ts). */
export const OPENAPI_SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: "A person's session token, answered by login (or the session cookie set by setcookie, with the anti-forgery header on writes).",
  },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${TOKEN_API_PREFIXO}…`,
    description:
      `A machine client's API token (registertokenapi), sent as \`Authorization: Bearer ${TOKEN_API_PREFIXO}…\`. ` +
      'Scope leitura: the read calls (those listing apiToken); scope importacao: those and importacao. Any other call answers 403 TOKEN_SCOPE; ' +
      'a revoked or expired token 401. Limited to some farms, it reads nothing outside them (404).',
  },
} as const;

/** Who may make the call: nobody signed in, a session, or a session or an API token. */
function securityOf(name: CallName, spec: CallSpec): Record<string, string[]>[] {
  if (spec.anonymous) return [];
  return tokenAccess(name) === null ? [{ bearer: [] }] : [{ bearer: [] }, { apiToken: [] }];
}

/** The route's schema: the call's schemas from the table, its words for the OpenAPI document from the docs. */
function routeSchema(name: CallName): FastifySchema {
  const spec: CallSpec = apiCalls[name];
  const doc = docs[name];
  const success = spec.download ? z.union([spec.response, z.string().describe(doc.download ?? `The file (${spec.download})`)]) : spec.response;
  return {
    tags: [doc.tag],
    summary: doc.summary,
    security: securityOf(name, spec),
    ...(doc.description === undefined ? {} : { description: doc.description }),
    ...(spec.upload ? { consumes: [spec.upload] } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    response: { [spec.status ?? 200]: success, ...spec.errorResponses },
  };
}

/**
 * Registers the route of call `name` (`/api/<name>`) from the call table (packages/shared/src/calls):
 * its method, schemas and status codes, so the route, the OpenAPI document and the web client cannot
 * disagree. The handler's request and reply are typed by the call's schemas.
 */
export function route<N extends CallName>(app: FastifyInstance, name: N, options: CallRouteOptions<N>, handler: CallHandler<N>): void {
  registerCall(app, name, (options as { onRequest?: OnRequest }).onRequest, handler as RouteHandlerMethod);
}

/** The same, for a handler typed by hand: record-calls.ts serves ten records' calls with one handler each. */
export function registerCall(app: FastifyInstance, name: CallName, onRequest: OnRequest | undefined, handler: RouteHandlerMethod): void {
  const spec: CallSpec = apiCalls[name];
  app.route({
    method: spec.method,
    url: `/api/${name}`,
    ...(onRequest === undefined ? {} : { onRequest }),
    // An upload's body is read as a stream by the handler: its schema documents the form only.
    ...(spec.upload ? { validatorCompiler: () => () => true } : {}),
    schema: routeSchema(name),
    handler,
  });
}
