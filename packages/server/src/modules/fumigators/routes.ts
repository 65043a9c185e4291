import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { FumigatorsService } from './service.js';

export function fumigatorsRoutes(fumigators: FumigatorsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registerfumigador', get: 'getfumigador', del: 'delfumigador' },
        idKey: 'idfumigador',
        service: fumigators,
        requireAccount,
        scopes,
      }),
    );
  };
}
