import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { RetentionService } from './retention.service.js';

/** getretencao (any grant reads it) and setretencao (the owner's alone: retention.service refuses grantees). */
export function readingsRoutes(retention: RetentionService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    route(instance, 'getretencao', { onRequest: requireAccount }, async (request) =>
      retention.get(await scopes.resolve(accountOf(request), request.query.prop, 'read')),
    );

    route(instance, 'setretencao', { onRequest: requireAccount }, async (request) =>
      retention.set(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body.leituras_dias),
    );
  };
}
