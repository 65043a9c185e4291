import type { FeatureModule } from '../context.js';
import { healthRepository } from './health.repository.js';
import { healthRoutes } from './routes.js';

/** health and ready, for load balancers and orchestrators; no account needed. */
export const healthModule: FeatureModule = ({ database }) => healthRoutes(healthRepository(database));
