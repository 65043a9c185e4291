import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { SiloBalanceService } from './balance.service.js';
import type { SiloMovementsService } from './movements.service.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { SilosService } from './service.js';

/** getsiloleituras reads a scale's series: it runs through `reports` (a worker pool); confirmentrega writes, on the request thread. */
export function silosRoutes(
  silos: SilosService,
  movements: SiloMovementsService,
  balance: SiloBalanceService,
  reports: ReportRunner,
  requireAccount: onRequestHookHandler,
  scopes: OwnerScopes,
) {
  return async function register(instance: FastifyInstance) {
    await instance.register(
      recordCalls({
        names: { register: 'registersilo', get: 'getsilo', del: 'delsilo' },
        idKey: 'idsilo',
        service: silos,
        requireAccount,
        scopes,
      }),
    );

    route(instance, 'registersilomov', { onRequest: requireAccount }, async (request) =>
      movements.add(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body),
    );
    route(instance, 'getsilomov', { onRequest: requireAccount }, async (request) =>
      movements.list(await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query.id),
    );
    route(instance, 'delsilomov', { onRequest: requireAccount }, async (request) => {
      await movements.remove(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body.idmov);
      return { ok: true as const, id: request.body.idmov };
    });
    route(instance, 'getsiloleituras', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getsiloleituras', await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query),
    );
    route(instance, 'confirmentrega', { onRequest: requireAccount }, async (request) =>
      balance.decide(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body),
    );
  };
}
