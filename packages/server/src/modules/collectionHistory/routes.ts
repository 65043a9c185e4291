import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';

/** Both calls read a point's batches over the period: they run through `reports` (a worker pool). */
export function collectionHistoryRoutes(reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const readScope = (request: Parameters<typeof accountOf>[0], prop: number | undefined) => scopes.resolve(accountOf(request), prop, 'read');

    route(instance, 'gethistoricopontocoleta', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'gethistoricopontocoleta', await readScope(request, request.query.prop), request.query),
    );

    route(instance, 'gethistoricopontocoletagrafico', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'gethistoricopontocoletagrafico', await readScope(request, request.query.prop), request.query),
    );
  };
}
