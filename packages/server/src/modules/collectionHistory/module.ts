import type { FeatureModule } from '../context.js';
import { collectionHistoryRoutes } from './routes.js';

/**
 * Collection-point history (coletores/historico): gethistoricopontocoleta, gethistoricopontocoletagrafico.
 * Both run on the report runner (reports/heavy-calls.ts), whose services createServices builds.
 */
export const collectionHistoryModule: FeatureModule = ({ reports, requireAccount, scopes }) => collectionHistoryRoutes(reports, requireAccount, scopes);
