import type { FeatureModule } from '../context.js';
import { graficosRepository } from './graficos.repository.js';
import { graphDataRepository } from './graphdata.repository.js';
import { graphDataService } from './graphdata.service.js';
import { chartsRoutes } from './routes.js';
import { chartsService } from './service.js';

/** Charts (graficos): registergrafico, getgrafico, delgrafico, setgraficopainel, and getgraphdata to draw them. */
export const chartsModule: FeatureModule = ({ database, clock, requireAccount, scopes }) => {
  const graficos = graficosRepository(database.db);
  const graphData = graphDataService({ graficos, data: graphDataRepository(database.db), clock });
  return chartsRoutes(chartsService({ graficos, clock }), graphData, requireAccount, scopes);
};
