import type { FeatureModule } from '../context.js';
import { forecastRoutes } from './routes.js';

/** Growth forecast: getprevisao (run by the report runner, reports/heavy-calls.ts). */
export const forecastModule: FeatureModule = ({ reports, requireAccount, scopes }) => forecastRoutes(reports, requireAccount, scopes);
