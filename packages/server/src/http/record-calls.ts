import { deletedResponse, recordQuery } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Need, OwnerScope, OwnerScopes } from '../modules/permissions/scope.js';
import { accountOf } from './auth.js';

/** What a farm record's service offers; every method gets the scope its call resolved. */
export interface RecordService<Body, Saved, Rec = Saved> {
  list(scope: OwnerScope): Promise<Rec[]>;
  get(scope: OwnerScope, id: number): Promise<Rec>;
  save(scope: OwnerScope, body: Body): Promise<Saved>;
  remove(scope: OwnerScope, id: number): Promise<void>;
}

interface RecordCallsOptions<Body extends { prop?: number | undefined }, Saved, Rec> {
  tag: string;
  /** The names of section 7: registerX (create with no id, update with id), getX[?id], delX. */
  names: { register: string; get: string; del: string };
  /** The id field of the delete body (idnucleo, idlote, …). */
  idKey: string;
  body: z.ZodType<Body>;
  /** The shared delete body: {<idKey>, prop}. */
  delBody: z.ZodType;
  record: z.ZodType<Rec>;
  /** The register answer when it differs from the record (a new key carries the key once). */
  saved?: z.ZodType<Saved>;
  service: RecordService<Body, Saved, Rec>;
  requireAccount: onRequestHookHandler;
  scopes: OwnerScopes;
}

/**
 * Registers the three calls every farm record has, the same way for all of them: the bearer
 * session, the owner acted for (`prop`: query on GET, body on POST), read or manage rights.
 */
export function recordCalls<Body extends { prop?: number | undefined }, Saved, Rec>(options: RecordCallsOptions<Body, Saved, Rec>) {
  const { tag, names, idKey, service, requireAccount, scopes } = options;
  const scopeFor = (userId: number, prop: number | undefined, need: Need) => scopes.resolve(userId, prop, need);

  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = [tag];

    app.post(
      `/api/${names.register}`,
      {
        onRequest: requireAccount,
        schema: { tags, summary: `Create (no id) or update (id) a ${tag} record`, body: options.body, response: { 200: options.saved ?? options.record } },
      },
      async (request) => {
        const body = request.body as Body;
        return service.save(await scopeFor(accountOf(request).userId, body.prop, 'manage'), body);
      },
    );

    app.get(
      `/api/${names.get}`,
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: `One ${tag} record (?id) or the list`,
          querystring: recordQuery,
          response: { 200: z.union([options.record, z.array(options.record)]) },
        },
      },
      async (request) => {
        const { id, prop } = request.query as { id?: number; prop?: number };
        const scope = await scopeFor(accountOf(request).userId, prop, 'read');
        return id === undefined ? service.list(scope) : service.get(scope, id);
      },
    );

    app.post(
      `/api/${names.del}`,
      { onRequest: requireAccount, schema: { tags, summary: `Delete a ${tag} record`, body: options.delBody, response: { 200: deletedResponse } } },
      async (request) => {
        const body = request.body as Record<string, number | undefined>;
        const id = body[idKey] as number;
        await service.remove(await scopeFor(accountOf(request).userId, body.prop, 'manage'), id);
        return { ok: true as const, id };
      },
    );
  };
}
