import {
  confirmEntregaBody,
  confirmEntregaResponse,
  delSiloBody,
  delSiloMovBody,
  deletedResponse,
  registerSiloBody,
  registerSiloMovBody,
  requiredIdQuery,
  silo,
  siloLeiturasQuery,
  siloLeiturasResponse,
  siloMovimentoList,
} from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import { recordCalls } from '../../http/record-calls.js';
import type { OwnerScopes } from '../permissions/scope.js';
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
        tag: 'silos',
        names: { register: 'registersilo', get: 'getsilo', del: 'delsilo' },
        idKey: 'idsilo',
        body: registerSiloBody,
        delBody: delSiloBody,
        record: silo,
        service: silos,
        requireAccount,
        scopes,
      }),
    );

    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['silos'];
    app.post(
      '/api/registersilomov',
      { onRequest: requireAccount, schema: { tags, summary: "Add a feed movement; answers the silo's movements", body: registerSiloMovBody, response: { 200: siloMovimentoList } } },
      async (request) => movements.add(await scopes.resolve(accountOf(request).userId, request.body.prop, 'manage'), request.body),
    );
    app.get(
      '/api/getsilomov',
      { onRequest: requireAccount, schema: { tags, summary: "A silo's movements, oldest first, with the running balance", querystring: requiredIdQuery, response: { 200: siloMovimentoList } } },
      async (request) => movements.list(await scopes.resolve(accountOf(request).userId, request.query.prop, 'read'), request.query.id),
    );
    app.post(
      '/api/delsilomov',
      { onRequest: requireAccount, schema: { tags, summary: 'Delete a feed movement', body: delSiloMovBody, response: { 200: deletedResponse } } },
      async (request) => {
        await movements.remove(await scopes.resolve(accountOf(request).userId, request.body.prop, 'manage'), request.body.idmov);
        return { ok: true as const, id: request.body.idmov };
      },
    );
    app.get(
      '/api/getsiloleituras',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "A silo's balance over a period: its scale's readings, days (start, deliveries, consumption, end) and detected deliveries; without a scale, the days its movements give",
          querystring: siloLeiturasQuery,
          response: { 200: siloLeiturasResponse },
        },
      },
      async (request, reply) => reports.reply(reply, 'getsiloleituras', await scopes.resolve(accountOf(request).userId, request.query.prop, 'read'), request.query),
    );
    app.post(
      '/api/confirmentrega',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "Confirm a delivery the silo's scale shows (records an 'entrada' movement) or dismiss it",
          body: confirmEntregaBody,
          response: { 200: confirmEntregaResponse },
        },
      },
      async (request) => balance.decide(await scopes.resolve(accountOf(request).userId, request.body.prop, 'manage'), request.body),
    );
  };
}
