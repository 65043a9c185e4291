import { calhaGraphQuery, calhaGraphResponse, calhasQuery, calhasResponse } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { TroughsService } from './service.js';

const tags = ['troughs'];

/** getgraph_calha reads a trough's minute rows: it runs through `reports` (a worker pool). */
export function troughsRoutes(troughs: TroughsService, reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const readScope = (request: Parameters<typeof accountOf>[0], prop: number | undefined) => scopes.resolve(accountOf(request).userId, prop, 'read');

    app.get(
      '/api/getcalhas',
      { onRequest: requireAccount, schema: { tags, summary: 'Trough monitors (MCALHA, SAC) in reach, with the trough numbers each has sent', querystring: calhasQuery, response: { 200: calhasResponse } } },
      async (request) => troughs.monitors(await readScope(request, request.query.prop)),
    );

    app.get(
      '/api/getgraph_calha',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "A trough's rotation, motor, turns and feed presence over the days asked (default: today), with gaps, stoppages and a summary per day (owner's timezone)",
          querystring: calhaGraphQuery,
          response: { 200: calhaGraphResponse },
        },
      },
      async (request, reply) => reports.reply(reply, 'getgraph_calha', await readScope(request, request.query.prop), request.query),
    );
  };
}
