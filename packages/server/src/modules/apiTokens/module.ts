import type { FeatureModule } from '../context.js';
import { apiTokensRoutes } from './routes.js';

/** API tokens for machine clients: registertokenapi, gettokenapi, revogatokenapi. */
export const apiTokensModule: FeatureModule = ({ services, requireAccount, scopes }) => apiTokensRoutes(services.apiTokens, requireAccount, scopes);
