import type { FeatureModule } from '../context.js';
import { feedRoutes } from './routes.js';

/** Feed consumption report: getracao (run by the report runner, reports/heavy-calls.ts); silos' "empty by": getsilofim. */
export const feedModule: FeatureModule = ({ services, reports, requireAccount, scopes }) => feedRoutes(services.feed, reports, requireAccount, scopes);
