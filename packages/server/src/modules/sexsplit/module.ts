import type { FeatureModule } from '../context.js';
import { sexSplitRoutes } from './routes.js';

/** Sex split of a mixed weighing: getseparacaosexo (run by the report runner, reports/heavy-calls.ts). */
export const sexSplitModule: FeatureModule = ({ reports, requireAccount, scopes }) => sexSplitRoutes(reports, requireAccount, scopes);
