import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { FlocksService } from './service.js';

export function flocksRoutes(flocks: FlocksService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registerlote', get: 'getlote', del: 'dellote' },
        idKey: 'idlote',
        service: flocks,
        requireAccount,
        scopes,
      }),
    );
  };
}
