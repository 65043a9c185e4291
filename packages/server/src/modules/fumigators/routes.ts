import { delFumigadorBody, fumigador, registerFumigadorBody } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { FumigatorsService } from './service.js';

export function fumigatorsRoutes(fumigators: FumigatorsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        tag: 'fumigators',
        names: { register: 'registerfumigador', get: 'getfumigador', del: 'delfumigador' },
        idKey: 'idfumigador',
        body: registerFumigadorBody,
        delBody: delFumigadorBody,
        record: fumigador,
        service: fumigators,
        requireAccount,
        scopes,
      }),
    );
  };
}
