import type { FeatureModule, ServiceSource } from '../context.js';
import { graficosRepository } from './graficos.repository.js';
import { graphDataRepository } from './graphdata.repository.js';
import { graphDataService } from './graphdata.service.js';
import { chartsRoutes } from './routes.js';
import { chartsService } from './service.js';

/** Charts (graficos): registergrafico, getgrafico, delgrafico, setgraficopainel, and getgraphdata to draw them. */
export const chartsModule: FeatureModule = ({ database, clock, reports, requireAccount, scopes }) =>
  chartsRoutes(chartsService({ graficos: graficosRepository(database.db), clock }), reports, requireAccount, scopes);

/** getgraphdata's service on a database: run by the report runner (reports/heavy-calls.ts), in a worker or inline. */
export function graphDataServiceOf({ database, clock }: ServiceSource) {
  return graphDataService({ graficos: graficosRepository(database.db), data: graphDataRepository(database.db), clock });
}
