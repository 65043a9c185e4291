import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ApiTokensService } from './service.js';

/** registertokenapi, gettokenapi, revogatokenapi: the owner's alone (a grantee of any level gets 403). */
export function apiTokensRoutes(apiTokens: ApiTokensService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const options = { onRequest: requireAccount };
    route(instance, 'registertokenapi', options, async (request) => apiTokens.create(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body));
    route(instance, 'gettokenapi', options, async (request) => apiTokens.list(await scopes.resolve(accountOf(request), request.query.prop, 'read')));
    route(instance, 'revogatokenapi', options, async (request) =>
      apiTokens.revoke(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body.idtoken),
    );
  };
}
