import type { FeatureModule } from '../context.js';
import { chartsRoutes } from './routes.js';

/** Charts (graficos): registergrafico, getgrafico, delgrafico, setgraficopainel, and getgraphdata to draw them. */
export const chartsModule: FeatureModule = ({ services, reports, requireAccount, scopes }) => chartsRoutes(services.charts, reports, requireAccount, scopes);
