import type { FeatureModule } from '../context.js';
import { feedRoutes } from './routes.js';

/** Feed consumption report: getracao (run by the report runner, reports/heavy-calls.ts). */
export const feedModule: FeatureModule = ({ reports, requireAccount, scopes }) => feedRoutes(reports, requireAccount, scopes);
