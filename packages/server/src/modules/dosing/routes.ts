import {
  chartDataResponse,
  delDosagemBody,
  deletedResponse,
  dosagem,
  dosagemDetalhe,
  dosagemRelatorio,
  fotosDosagem,
  fotosDosagemQuery,
  fumigacaoLista,
  periodQuery,
  registerDosagemBody,
  reldosagemBody,
  reldosagemDetalheBody,
} from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf } from '../../http/auth.js';
import type { Need, OwnerScopes } from '../permissions/scope.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { DosingService } from './service.js';

const tags = ['dosing'];

/**
 * The dosing and fumigation history calls (schemas and shapes: packages/shared/src/schemas/reports/dosagem.ts).
 * The daily report and the doser's chart read every reading of the period: they run through `reports` (a worker pool).
 */
export function dosingRoutes(dosing: DosingService, reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const scopeOf = (request: Parameters<typeof accountOf>[0], prop: number | undefined, need: Need = 'read') => scopes.resolve(accountOf(request).userId, prop, need);

    app.post(
      '/api/reldosagem',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: "A fumigator's dosing per day (owner's timezone): events, ml, minutes, scheduled applications and those done; days without data null",
          body: reldosagemBody,
          response: { 200: dosagemRelatorio },
        },
      },
      async (request, reply) => reports.reply(reply, 'reldosagem', await scopeOf(request, request.body.prop), request.body),
    );

    app.post(
      '/api/reldosagemdetalhe',
      {
        onRequest: requireAccount,
        schema: { tags, summary: "One dosing event of a fumigator with its doser's readings (flow curve) and pictures count", body: reldosagemDetalheBody, response: { 200: dosagemDetalhe } },
      },
      async (request) => dosing.detalhe(await scopeOf(request, request.body.prop), request.body),
    );

    app.get(
      '/api/getfumigacao',
      {
        onRequest: requireAccount,
        schema: { tags, summary: "A fumigator's dosing events that started in the period, newest first", querystring: periodQuery, response: { 200: fumigacaoLista } },
      },
      async (request) => dosing.lista(await scopeOf(request, request.query.prop), request.query),
    );

    app.get(
      '/api/getfumigacaodetalhe',
      {
        onRequest: requireAccount,
        schema: { tags, summary: "Chart of a fumigator's doser over the period: mean flow (ml/min) and day counter (ml) per step", querystring: periodQuery, response: { 200: chartDataResponse } },
      },
      async (request, reply) => reports.reply(reply, 'getfumigacaodetalhe', await scopeOf(request, request.query.prop), request.query),
    );

    app.get(
      '/api/getfotosdosagem',
      {
        onRequest: requireAccount,
        schema: { tags, summary: "The doser's pictures from a minute before a dosing event to five minutes after it", querystring: fotosDosagemQuery, response: { 200: fotosDosagem } },
      },
      async (request) => dosing.fotos(await scopeOf(request, request.query.prop), request.query.id),
    );

    app.post(
      '/api/registerdosagem',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: 'Records a manual dosing event (no id) or annotates one (id): operator, notes, product; time and volume of manual events only',
          body: registerDosagemBody,
          response: { 200: dosagem },
        },
      },
      async (request) => dosing.register(await scopeOf(request, request.body.prop, 'manage'), request.body),
    );

    app.post(
      '/api/deldosagem',
      { onRequest: requireAccount, schema: { tags, summary: 'Deletes a manual dosing event', body: delDosagemBody, response: { 200: deletedResponse } } },
      async (request) => dosing.remove(await scopeOf(request, request.body.prop, 'manage'), request.body.iddosagem),
    );
  };
}
