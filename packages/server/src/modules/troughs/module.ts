import type { FeatureModule, ServiceSource } from '../context.js';
import { troughsRoutes } from './routes.js';
import { troughsService } from './service.js';
import { troughsRepository } from './troughs.repository.js';

/** Feeder troughs (screen calhas): getcalhas, getgraph_calha. */
export const troughsModule: FeatureModule = (context) => troughsRoutes(troughsServiceOf(context), context.reports, context.requireAccount, context.scopes);

/** The service on a database: the request thread's, or a report worker's own (reports/heavy-calls.ts). */
export function troughsServiceOf({ database, clock }: ServiceSource) {
  return troughsService({ troughs: troughsRepository(database.db), clock });
}
