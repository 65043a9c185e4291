import { chartDataResponse, delGraficoBody, getGraphDataBody, grafico, registerGraficoBody, setGraficoPainelBody } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { ChartsService } from './service.js';

const tags = ['charts'];

/** getgraphdata reads a chart's series: it runs through `reports` (a worker pool). */
export function chartsRoutes(charts: ChartsService, reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
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

    const app = instance.withTypeProvider<ZodTypeProvider>();
    const scope = (request: Parameters<typeof accountOf>[0], prop: number | undefined, need: 'read' | 'manage') => scopes.resolve(accountOf(request).userId, prop, need);

    app.post(
      '/api/getgraphdata',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "A chart's data per day (di/df: days in the owner's timezone; without them, the chart's period); null on days without data",
          body: getGraphDataBody,
          response: { 200: chartDataResponse },
        },
      },
      async (request, reply) => reports.reply(reply, 'getgraphdata', await scope(request, request.body.prop, 'read'), request.body),
    );

    app.post(
      '/api/setgraficopainel',
      { onRequest: requireAccount, schema: { tags, summary: 'Pins a chart to the dashboard (painel true) or unpins it', body: setGraficoPainelBody, response: { 200: grafico } } },
      async (request) => charts.setPainel(await scope(request, request.body.prop, 'manage'), request.body.idgrafico, request.body.painel),
    );
  };
}
