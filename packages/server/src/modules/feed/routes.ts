import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { FeedService } from './service.js';

/**
 * getracao reads a flock's silo series: it runs through `reports` (a worker pool). getsilofim
 * reads a day of each scale's readings (a few hundred rows a silo): on the request thread.
 */
export function feedRoutes(feed: FeedService, reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    route(instance, 'getracao', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getracao', await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query),
    );
    route(instance, 'getsilofim', { onRequest: requireAccount }, async (request) =>
      feed.silofim(await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query),
    );
  };
}
