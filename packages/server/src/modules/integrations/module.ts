import type { FeatureModule } from '../context.js';
import { integrationsRoutes } from './routes.js';

/** Integration and Mtech settings: register_config_integracao, getintegracao_config, delintegracao, and the mtech three. */
export const integrationsModule: FeatureModule = ({ services, requireAccount, scopes }) => integrationsRoutes(services.integrations, requireAccount, scopes);
