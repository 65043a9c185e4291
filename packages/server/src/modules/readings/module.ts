import type { FeatureModule } from '../context.js';
import { readingsRoutes } from './routes.js';

/** How long device readings are kept (getretencao, setretencao); the summing and purge run in maintenance.ts. */
export const readingsModule: FeatureModule = ({ services, requireAccount, scopes }) => readingsRoutes(services.retention, requireAccount, scopes);
