import { racaoQuery, racaoResponse } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { ReportRunner } from '../../reports/runner.js';

/** getracao reads a flock's silo series: it runs through `reports` (a worker pool). */
export function feedRoutes(reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['feed'];

    app.get(
      '/api/getracao',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "A flock's feed per day over a period: per silo and house, cumulative, per bird, and feed conversion where it was weighed",
          querystring: racaoQuery,
          response: { 200: racaoResponse },
        },
      },
      async (request, reply) => reports.reply(reply, 'getracao', await scopes.resolve(accountOf(request).userId, request.query.prop, 'read'), request.query),
    );
  };
}
