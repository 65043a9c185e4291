import type { FeatureModule } from '../context.js';
import { keysRoutes } from './routes.js';

/** Access keys (chaves): registerchave, getchave, delchave, getchavehist. */
export const keysModule: FeatureModule = ({ services, requireAccount, scopes }) => keysRoutes(services.keys, requireAccount, scopes);
