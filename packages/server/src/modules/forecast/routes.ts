import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';

/** getprevisao fits a curve and bootstraps it per group: it runs through `reports` (a worker pool). */
export function forecastRoutes(reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    route(instance, 'getprevisao', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getprevisao', await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query),
    );
  };
}
