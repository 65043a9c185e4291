import type { ApiCalls, CallName } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Need, OwnerScope, OwnerScopes, Principal } from '../modules/permissions/index.js';
import { accountOf } from './auth.js';
import { registerCall } from './route.js';

/** What a farm record's service offers; every method gets the scope its call resolved. */
export interface RecordService<Body, Saved, Rec = Saved> {
  list(scope: OwnerScope): Promise<Rec[]>;
  get(scope: OwnerScope, id: number): Promise<Rec>;
  save(scope: OwnerScope, body: Body): Promise<Saved>;
  remove(scope: OwnerScope, id: number): Promise<void>;
}

type BodyOf<N extends CallName> = ApiCalls[N] extends { body: infer B extends z.ZodType } ? z.output<B> : never;
type AnswerOf<N extends CallName> = z.input<ApiCalls[N]['response']>;
/** getX answers one record (?id) or the list: the record is the answer that is not a list. */
type RecordOf<N extends CallName> = Exclude<AnswerOf<N>, readonly unknown[]>;

interface RecordCallsOptions<R extends CallName, G extends CallName, D extends CallName> {
  /** The names of section 7, declared together in the call table (recordFamily): registerX, getX[?id], delX. */
  names: { register: R; get: G; del: D };
  /** The id field of the delete body (idnucleo, idlote, …). */
  idKey: string;
  service: RecordService<BodyOf<R>, AnswerOf<R>, RecordOf<G>>;
  requireAccount: onRequestHookHandler;
  scopes: OwnerScopes;
}

/**
 * Registers the three calls every farm record has, the same way for all of them: the bearer
 * session, the owner acted for (`prop`: query on GET, body on POST), read or manage rights.
 * Their schemas and words come from the call table, like every other route's.
 */
export function recordCalls<R extends CallName, G extends CallName, D extends CallName>(options: RecordCallsOptions<R, G, D>) {
  const { names, idKey, requireAccount, scopes } = options;
  // The table ties each name to its schemas (validated before these run); the handlers are the same for every record.
  const service = options.service as RecordService<{ prop?: number }, unknown, unknown>;
  const scopeFor = (principal: Principal, prop: number | undefined, need: Need) => scopes.resolve(principal, prop, need);

  return async function register(app: FastifyInstance) {
    registerCall(app, names.register, requireAccount, async (request) => {
      const body = request.body as { prop?: number };
      return service.save(await scopeFor(accountOf(request), body.prop, 'manage'), body);
    });

    registerCall(app, names.get, requireAccount, async (request) => {
      const { id, prop } = request.query as { id?: number; prop?: number };
      const scope = await scopeFor(accountOf(request), prop, 'read');
      return id === undefined ? service.list(scope) : service.get(scope, id);
    });

    registerCall(app, names.del, requireAccount, async (request) => {
      const body = request.body as Record<string, number | undefined>;
      const id = body[idKey] as number;
      await service.remove(await scopeFor(accountOf(request), body.prop, 'manage'), id);
      return { ok: true as const, id };
    });
  };
}
