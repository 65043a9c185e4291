import type { FeatureModule } from '../context.js';
import { collectionPointsRepository } from '../collectionPoints/collection-points.repository.js';
import { coletasRepository } from './coletas.repository.js';
import { collectionHistoryRoutes } from './routes.js';
import { collectionHistoryService } from './service.js';

/** Collection-point history (coletores/historico): gethistoricopontocoleta, gethistoricopontocoletagrafico. */
export const collectionHistoryModule: FeatureModule = ({ database, requireAccount, scopes }) =>
  collectionHistoryRoutes(
    collectionHistoryService({ points: collectionPointsRepository(database.db), coletas: coletasRepository(database.db) }),
    requireAccount,
    scopes,
  );
