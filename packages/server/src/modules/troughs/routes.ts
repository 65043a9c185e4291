import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { TroughsService } from './service.js';

/** getgraph_calha reads a trough's minute rows: it runs through `reports` (a worker pool). */
export function troughsRoutes(troughs: TroughsService, reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const readScope = (request: Parameters<typeof accountOf>[0], prop: number | undefined) => scopes.resolve(accountOf(request), prop, 'read');

    route(instance, 'getcalhas', { onRequest: requireAccount }, async (request) => troughs.monitors(await readScope(request, request.query.prop)));

    route(instance, 'getgraph_calha', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getgraph_calha', await readScope(request, request.query.prop), request.query),
    );
  };
}
