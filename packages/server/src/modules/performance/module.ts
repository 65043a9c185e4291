import type { FeatureModule } from '../context.js';
import { performanceRoutes } from './routes.js';

/** Flock performance: getdesempenho and getcomparativo (run by the report runner, reports/heavy-calls.ts). */
export const performanceModule: FeatureModule = ({ reports, requireAccount, scopes, services }) =>
  performanceRoutes(reports, requireAccount, scopes, services.permissions);
