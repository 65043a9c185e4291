import { delPontoColetaBody, pontoColeta, registerPontoColetaBody } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { CollectionPointsService } from './service.js';

export function collectionPointsRoutes(points: CollectionPointsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        tag: 'collection points',
        names: { register: 'registerpontocoleta', get: 'getpontocoleta', del: 'delpontocoleta' },
        idKey: 'idponto',
        body: registerPontoColetaBody,
        delBody: delPontoColetaBody,
        record: pontoColeta,
        service: points,
        requireAccount,
        scopes,
      }),
    );
  };
}
