import {
  avesPesosBody,
  avesPesosResponse,
  headerBody,
  ownerQuery,
  reportHeader,
  resumoQuery,
  resumoResponse,
  totaisSelauto,
  totaisSelautoQuery,
  uniEstrutura,
  usrStats,
} from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf } from '../../http/auth.js';
import type { OwnerScopes } from '../permissions/scope.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { WeighingsService } from './service.js';
import { summaryCsv } from './summary-csv.js';

/** Reports that read many weighings run through `reports` (a worker pool); the filters' lists stay on the request thread. */
export function weighingsRoutes(weighings: WeighingsService, reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes) {
  return async function register(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['weighings'];
    const readScope = (request: Parameters<typeof accountOf>[0], prop: number | undefined) => scopes.resolve(accountOf(request).userId, prop, 'read');

    app.post(
      '/api/avesheader',
      { onRequest: requireAccount, schema: { tags, summary: "What the weight report's filters offer (farms)", body: headerBody, response: { 200: reportHeader } } },
      async (request) => weighings.header(await readScope(request, request.body.prop), false),
    );
    app.post(
      '/api/incubatorioheader',
      { onRequest: requireAccount, schema: { tags, summary: "What the hatchery report's filters offer (hatcheries)", body: headerBody, response: { 200: reportHeader } } },
      async (request) => weighings.header(await readScope(request, request.body.prop), true),
    );
    app.post(
      '/api/avespesos',
      {
        onRequest: requireAccount,
        schema: { tags, summary: 'Weight report: date | flock | sex → category → side → box, with statistics and histograms', body: avesPesosBody, response: { 200: avesPesosResponse } },
      },
      async (request, reply) => reports.reply(reply, 'avespesos', await readScope(request, request.body.prop), request.body),
    );
    app.get(
      '/api/v2/resumo',
      {
        onRequest: requireAccount,
        schema: {
          tags,
          summary: 'Summary per flock, house, side and box; tipo=csv answers a file in the reader’s separator and number format',
          querystring: resumoQuery,
          response: { 200: z.union([resumoResponse, z.string().describe('The CSV file (tipo=csv)')]) },
        },
      },
      async (request, reply) => {
        const scope = await readScope(request, request.query.prop);
        if (request.query.tipo === 'json') return reports.reply(reply, 'resumo', scope, request.query);
        const summary = await reports.run('resumo', scope, request.query);
        const { separador, decimal } = await weighings.readerSettings(scope.actorId);
        // A text body skips the JSON serializer; the BOM lets spreadsheets read the accents as UTF-8.
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="resumo_${summary.inicio}_${summary.fim}.csv"`)
          .send(`\uFEFF${summaryCsv(summary, separador, decimal)}`);
      },
    );
    app.get(
      '/api/gettotaisselauto',
      { onRequest: requireAccount, schema: { tags, summary: "A grader's birds, weight and statistics per category over a period (lote_id: one flock's), and of all its birds together", querystring: totaisSelautoQuery, response: { 200: totaisSelauto } } },
      async (request, reply) => reports.reply(reply, 'gettotaisselauto', await readScope(request, request.query.prop), request.query),
    );
    app.get(
      '/api/getuniestrutura',
      { onRequest: requireAccount, schema: { tags, summary: 'Farm → flock → house, with the graders on each farm', querystring: ownerQuery, response: { 200: uniEstrutura } } },
      async (request) => weighings.structure(await readScope(request, request.query.prop)),
    );
    app.get(
      '/api/usrstats',
      { onRequest: requireAccount, schema: { tags, summary: 'Dashboard tiles: counts and the latest weighing of each active flock', querystring: ownerQuery, response: { 200: usrStats } } },
      async (request, reply) => reports.reply(reply, 'usrstats', await readScope(request, request.query.prop), undefined),
    );
  };
}
