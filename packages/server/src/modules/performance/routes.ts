import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { route } from '../../http/route.js';
import type { OwnerScope, OwnerScopes, PermissionsService } from '../permissions/index.js';
import type { ReportRunner } from '../../reports/runner.js';
import type { ComparativoInput } from './comparison.js';

/**
 * getdesempenho and getcomparativo read a flock's (or many flocks') records, weighings and silo
 * series: both run through `reports` (a worker pool). The owners a ranking spans are resolved
 * here, on the request thread, each with the caller's own grant (farm-limited grants stay limited).
 */
export function performanceRoutes(reports: ReportRunner, requireAccount: onRequestHookHandler, scopes: OwnerScopes, permissions: Pick<PermissionsService, 'owners'>) {
  return async function register(instance: FastifyInstance) {
    route(instance, 'getdesempenho', { onRequest: requireAccount }, async (request, reply) =>
      reports.reply(reply, 'getdesempenho', await scopes.resolve(accountOf(request), request.query.prop, 'read'), request.query),
    );
    route(instance, 'getcomparativo', { onRequest: requireAccount }, async (request, reply) => {
      const principal = accountOf(request);
      const { prop, todos, ...query } = request.query;
      const scope = await scopes.resolve(principal, prop, 'read');
      // An API token reads its owner's data alone, never the owners that granted its owner.
      const known = (await permissions.owners(principal.userId)).filter((owner) => !principal.apiToken || owner.id === principal.userId);
      const nameOf = (id: number) => known.find((owner) => owner.id === id)?.nome ?? '';
      let owners: { scope: OwnerScope; nome: string }[] = [{ scope, nome: nameOf(scope.ownerId) }];
      if (todos === true) {
        owners = [];
        for (const owner of known) owners.push({ scope: await scopes.resolve(principal, owner.id, 'read'), nome: owner.nome });
      }
      const input: ComparativoInput = { query, owners };
      return reports.reply(reply, 'getcomparativo', scope, input);
    });
  };
}
