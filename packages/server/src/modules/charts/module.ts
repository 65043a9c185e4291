import type { FeatureModule } from '../context.js';
import { graficosRepository } from './graficos.repository.js';
import { chartsRoutes } from './routes.js';
import { chartsService } from './service.js';

/** Charts (graficos): registergrafico, getgrafico, delgrafico. */
export const chartsModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  chartsRoutes(chartsService({ graficos: graficosRepository(database.db), clock }), requireAccount, scopes);
