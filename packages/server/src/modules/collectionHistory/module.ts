import type { FeatureModule, ServiceSource } from '../context.js';
import { collectionPointsRepository } from '../collectionPoints/collection-points.repository.js';
import { coletasRepository } from './coletas.repository.js';
import { collectionHistoryRoutes } from './routes.js';
import { collectionHistoryService } from './service.js';

/** Collection-point history (coletores/historico): gethistoricopontocoleta, gethistoricopontocoletagrafico. */
export const collectionHistoryModule: FeatureModule = ({ reports, requireAccount, scopes }) => collectionHistoryRoutes(reports, requireAccount, scopes);

/** The service on a database: run by the report runner (reports/heavy-calls.ts), in a worker or inline. */
export function collectionHistoryServiceOf({ database }: ServiceSource) {
  return collectionHistoryService({ points: collectionPointsRepository(database.db), coletas: coletasRepository(database.db) });
}
