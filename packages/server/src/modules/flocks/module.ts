import type { FeatureModule } from '../context.js';
import { flocksRoutes } from './routes.js';

/** Flocks (lotes): registerlote, getlote, dellote. */
export const flocksModule: FeatureModule = ({ services, requireAccount, scopes }) => flocksRoutes(services.flocks, requireAccount, scopes);
