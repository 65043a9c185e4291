import type { FeatureModule } from '../context.js';
import { troughsRoutes } from './routes.js';

/** Feeder troughs (screen calhas): getcalhas, getgraph_calha. */
export const troughsModule: FeatureModule = ({ services, reports, requireAccount, scopes }) => troughsRoutes(services.troughs, reports, requireAccount, scopes);
