import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { CollectionPointsService } from './service.js';

export function collectionPointsRoutes(points: CollectionPointsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registerpontocoleta', get: 'getpontocoleta', del: 'delpontocoleta' },
        idKey: 'idponto',
        service: points,
        requireAccount,
        scopes,
      }),
    );
  };
}
