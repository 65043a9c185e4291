import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { IntegrationConfigsService } from './service.js';

/** The configuration screens integracao and mtech: three calls each, named as in spec section 7. */
export function integrationsRoutes(
  services: { integracao: IntegrationConfigsService<'integracao'>; mtech: IntegrationConfigsService<'mtech'> },
  requireAccount: onRequestHookHandler,
  scopes: OwnerScopes,
) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'register_config_integracao', get: 'getintegracao_config', del: 'delintegracao' },
        idKey: 'idindice',
        service: services.integracao,
        requireAccount,
        scopes,
      }),
    );
    await instance.register(
      recordCalls({
        names: { register: 'register_config_mtech', get: 'getmtech_config', del: 'delmtech' },
        idKey: 'idindice',
        service: services.mtech,
        requireAccount,
        scopes,
      }),
    );
  };
}
