import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { ChartsService } from './service.js';

/** getgraphdata reads a chart's series: it runs through `reports` (a worker pool). */
export function chartsRoutes(charts: ChartsService, reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registergrafico', get: 'getgrafico', del: 'delgrafico' },
        idKey: 'idgrafico',
        service: charts,
        requireAccount,
        scopes,
      }),
    );

    const scope = (request: Parameters<typeof accountOf>[0], prop: number | undefined, need: 'read' | 'manage') => scopes.resolve(accountOf(request), prop, need);

    route(instance, 'getgraphdata', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getgraphdata', await scope(request, request.body.prop, 'read'), request.body),
    );

    route(instance, 'setgraficopainel', { onRequest: requireAccount }, async (request) =>
      charts.setPainel(await scope(request, request.body.prop, 'manage'), request.body.idgrafico, request.body.painel),
    );
  };
}
