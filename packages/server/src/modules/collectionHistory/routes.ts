import { chartDataResponse, historicoPontoColeta, periodQuery } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { ReportRunner } from '../../reports/runner.js';

const tags = ['collection points'];

/** Both calls read a point's batches over the period: they run through `reports` (a worker pool). */
export function collectionHistoryRoutes(reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const readScope = (request: Parameters<typeof accountOf>[0], prop: number | undefined) => scopes.resolve(accountOf(request).userId, prop, 'read');

    app.get(
      '/api/gethistoricopontocoleta',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "A collection point's batches per collector and day (owner's timezone): counts, kg, pesoMedio and sex (section 9); empty days null",
          querystring: periodQuery,
          response: { 200: historicoPontoColeta },
        },
      },
      async (request, reply) => reports.reply(reply, 'gethistoricopontocoleta', await readScope(request, request.query.prop), request.query),
    );

    app.get(
      '/api/gethistoricopontocoletagrafico',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "Chart of a collection point's history: daily pesoMedio per collector (g), then the point's machos and femeas (aves)",
          querystring: periodQuery,
          response: { 200: chartDataResponse },
        },
      },
      async (request, reply) => reports.reply(reply, 'gethistoricopontocoletagrafico', await readScope(request, request.query.prop), request.query),
    );
  };
}
