import type { FeatureModule } from '../context.js';
import { collectionPointsRoutes } from './routes.js';

/** Collection points (pontocoleta): registerpontocoleta, getpontocoleta, delpontocoleta. */
export const collectionPointsModule: FeatureModule = ({ services, requireAccount, scopes }) => collectionPointsRoutes(services.collectionPoints, requireAccount, scopes);
