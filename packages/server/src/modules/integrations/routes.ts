import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ExportService } from './export/service.js';
import type { IntegrationConfigsService } from './service.js';

/**
 * The configuration screens integracao and mtech: three calls each, named as in spec section 7;
 * and the export's (issue 21): enviarintegracao, getintegracaoenvios, novosegredointegracao.
 */
export function integrationsRoutes(
  services: { integracao: IntegrationConfigsService<'integracao'>; mtech: IntegrationConfigsService<'mtech'>; exports: ExportService },
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
    const { exports } = services;
    const options = { onRequest: requireAccount };
    route(instance, 'enviarintegracao', options, async (request) => exports.send(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body));
    route(instance, 'getintegracaoenvios', options, async (request) => exports.deliveries(await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query));
    route(instance, 'novosegredointegracao', options, async (request) => exports.renewSecret(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body));
  };
}
