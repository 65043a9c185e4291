import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScopes } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { IngestionService } from './ingestion.js';
import type { WeighingsService } from './service.js';
import { summaryCsv } from './summary-csv.js';

/** Reports that read many weighings run through `reports` (a worker pool); the filters' lists stay on the request thread. */
export function weighingsRoutes(
  { weighings, ingestion, clock }: { weighings: WeighingsService; ingestion: Pick<IngestionService, 'storeManual'>; clock: () => number },
  reports: ReportRunner,
  requireAccount: onRequestHookHandler,
  scopes: OwnerScopes,
) {
  return async function register(instance: FastifyInstance) {
    const readScope = (request: Parameters<typeof accountOf>[0], prop: number | undefined) => scopes.resolve(accountOf(request), prop, 'read');

    route(instance, 'avesheader', { onRequest: requireAccount }, async (request) => weighings.header(await readScope(request, request.body.prop), false));
    route(instance, 'incubatorioheader', { onRequest: requireAccount }, async (request) => weighings.header(await readScope(request, request.body.prop), true));
    route(instance, 'avespesos', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'avespesos', await readScope(request, request.body.prop), request.body),
    );
    route(instance, 'v2/resumo', { onRequest: requireAccount }, async (request, reply) => {
      const scope = await readScope(request, request.query.prop);
      if (request.query.tipo === 'json') return reports.reply(reply, 'resumo', scope, request.query);
      const summary = await reports.run('resumo', scope, request.query);
      const { separador, decimal } = await weighings.readerSettings(scope.actorId);
      // A text body skips the JSON serializer; the BOM lets spreadsheets read the accents as UTF-8.
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="resumo_${summary.inicio}_${summary.fim}.csv"`)
        .send(`\uFEFF${summaryCsv(summary, separador, decimal)}`);
    });
    route(instance, 'gettotaisselauto', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'gettotaisselauto', await readScope(request, request.query.prop), request.query),
    );
    route(instance, 'getuniestrutura', { onRequest: requireAccount }, async (request) => weighings.structure(await readScope(request, request.query.prop)));
    // A manual weighing writes the flock's farm: manage rights, like registerlote.
    route(instance, 'registerpesagemmanual', { onRequest: requireAccount }, async (request) =>
      ingestion.storeManual(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body, clock()),
    );
    // Weighing quality (quality/): the day-by-day judging (the audit, a day's set-aside list) runs on the report workers; the settings are the flock's farm's (manage rights).
    route(instance, 'getqualidade', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getqualidade', await readScope(request, request.query.prop), request.query),
    );
    route(instance, 'setqualidadeconfig', { onRequest: requireAccount }, async (request) =>
      weighings.quality.setConfig(await scopes.resolve(accountOf(request), request.body.prop, 'manage'), request.body),
    );
    route(instance, 'getpesagensdescartadas', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getpesagensdescartadas', await readScope(request, request.query.prop), request.query),
    );
    route(instance, 'usrstats', { onRequest: requireAccount }, async (request, reply) => reports.reply(reply, 'usrstats', await readScope(request, request.query.prop), undefined));
  };
}
