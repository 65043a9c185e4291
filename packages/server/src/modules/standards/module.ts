import type { FeatureModule } from '../context.js';
import { standardsRoutes } from './routes.js';

/** Standards (padroes): registerpadrao, getpadrao, delpadrao, getpadrao_presets. */
export const standardsModule: FeatureModule = ({ services, requireAccount, scopes }) => standardsRoutes(services.standards, requireAccount, scopes);
