import { delGraficoBody, grafico, registerGraficoBody } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { ChartsService } from './service.js';

export function chartsRoutes(charts: ChartsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        tag: 'charts',
        names: { register: 'registergrafico', get: 'getgrafico', del: 'delgrafico' },
        idKey: 'idgrafico',
        body: registerGraficoBody,
        delBody: delGraficoBody,
        record: grafico,
        service: charts,
        requireAccount,
        scopes,
      }),
    );
  };
}
