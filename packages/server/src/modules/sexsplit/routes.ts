import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';

/** getseparacaosexo fits a mixture by EM (up to a second on a loaded machine): it runs through `reports` (a worker pool). */
export function sexSplitRoutes(reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    route(instance, 'getseparacaosexo', { onRequest: requireAccount }, async (request, reply) => {
      const { prop, ...query } = request.query;
      return reports.reply(reply, 'getseparacaosexo', await scopes.resolve(accountOf(request), prop, 'read'), query);
    });
  };
}
