import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { KeysService } from './service.js';

export function keysRoutes(keys: KeysService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registerchave', get: 'getchave', del: 'delchave' },
        idKey: 'idchave',
        service: keys,
        requireAccount,
        scopes,
      }),
    );

    route(instance, 'getchavehist', { onRequest: requireAccount }, async (request) =>
      keys.history(await scopes.resolve(accountOf(request), request.body.prop, 'read'), request.body),
    );
  };
}
