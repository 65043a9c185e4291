import type { FeatureModule } from '../context.js';
import { collectionPointsRepository } from './collection-points.repository.js';
import { collectionPointsRoutes } from './routes.js';
import { collectionPointsService } from './service.js';

/** Collection points (pontocoleta): registerpontocoleta, getpontocoleta, delpontocoleta. */
export const collectionPointsModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  collectionPointsRoutes(collectionPointsService({ points: collectionPointsRepository(database.db), clock }), requireAccount, scopes);
