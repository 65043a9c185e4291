import type { FeatureModule } from '../context.js';
import { integrationsRoutes } from './routes.js';

/**
 * Integration and Mtech settings: register_config_integracao, getintegracao_config, delintegracao,
 * the mtech three, and the export's calls (the export job is started by app.ts).
 */
export const integrationsModule: FeatureModule = ({ services, requireAccount, scopes }) =>
  integrationsRoutes({ ...services.integrations, exports: services.integrationExports }, requireAccount, scopes);
