import { delLoteBody, lote, registerLoteBody } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { FlocksService } from './service.js';

export function flocksRoutes(flocks: FlocksService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        tag: 'flocks',
        names: { register: 'registerlote', get: 'getlote', del: 'dellote' },
        idKey: 'idlote',
        body: registerLoteBody,
        delBody: delLoteBody,
        record: lote,
        service: flocks,
        requireAccount,
        scopes,
      }),
    );
  };
}
