import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { FarmsService } from './service.js';

export function farmsRoutes(farms: FarmsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registernucleo', get: 'getnucleo', del: 'delnucleo' },
        idKey: 'idnucleo',
        service: farms,
        requireAccount,
        scopes,
      }),
    );

    route(instance, 'updatenucleomanual', { onRequest: requireAccount }, async (request) =>
      farms.saveHouses(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body),
    );
  };
}
