import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { Need, OwnerScopes } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { DosingService } from './service.js';

/**
 * The dosing and fumigation history calls (schemas and shapes: packages/shared/src/schemas/reports/dosagem.ts).
 * The daily report and the doser's chart read every reading of the period: they run through `reports` (a worker pool).
 */
export function dosingRoutes(dosing: DosingService, reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const scopeOf = (request: Parameters<typeof accountOf>[0], prop: number | undefined, need: Need = 'read') => scopes.resolve(accountOf(request), prop, need);

    route(instance, 'reldosagem', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'reldosagem', await scopeOf(request, request.body.prop), request.body),
    );

    route(instance, 'reldosagemdetalhe', { onRequest: requireAccount }, async (request) => dosing.detalhe(await scopeOf(request, request.body.prop), request.body));

    route(instance, 'getfumigacao', { onRequest: requireAccount }, async (request) => dosing.lista(await scopeOf(request, request.query.prop), request.query));

    route(instance, 'getfumigacaodetalhe', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getfumigacaodetalhe', await scopeOf(request, request.query.prop), request.query),
    );

    route(instance, 'getfotosdosagem', { onRequest: requireAccount }, async (request) => dosing.fotos(await scopeOf(request, request.query.prop), request.query.id));

    route(instance, 'registerdosagem', { onRequest: requireAccount }, async (request) => dosing.register(await scopeOf(request, request.body.prop, 'manage'), request.body));

    route(instance, 'deldosagem', { onRequest: requireAccount }, async (request) => dosing.remove(await scopeOf(request, request.body.prop, 'manage'), request.body.iddosagem));
  };
}
