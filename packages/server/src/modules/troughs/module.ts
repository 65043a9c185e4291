import type { FeatureModule } from '../context.js';
import { troughsRoutes } from './routes.js';
import { troughsService } from './service.js';
import { troughsRepository } from './troughs.repository.js';

/** Feeder troughs (screen calhas): getcalhas, getgraph_calha. */
export const troughsModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  troughsRoutes(troughsService({ troughs: troughsRepository(database.db), clock }), requireAccount, scopes);
