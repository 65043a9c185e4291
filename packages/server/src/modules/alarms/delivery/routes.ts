import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../../http/auth.js';
import { route } from '../../../http/route.js';
import type { OwnerScopes } from '../../permissions/index.js';
import type { DeliveryPreferencesService } from './preferences.service.js';

/** Delivery preferences (any grant: each user sets its own for an owner it reads) and the caller's Web Push subscriptions. */
export function deliveryRoutes(service: DeliveryPreferencesService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    route(instance, 'getalarmepreferencias', { onRequest: requireAccount }, async (request) =>
      service.get(await scopes.resolve(accountOf(request), request.query.prop, 'read')),
    );
    route(instance, 'setalarmepreferencias', { onRequest: requireAccount }, async (request) =>
      service.set(await scopes.resolve(accountOf(request), request.body.prop, 'read'), request.body),
    );
    route(instance, 'getpushchave', { onRequest: requireAccount }, async () => service.pushKey());
    route(instance, 'push_subscribe', { onRequest: requireAccount }, async (request) => service.subscribe(accountOf(request).userId, request.body));
    route(instance, 'push_unsubscribe', { onRequest: requireAccount }, async (request) => service.unsubscribe(accountOf(request).userId, request.body.endpoint));
  };
}
