import { resolveSecretKey } from '../../secret-key.js';
import type { FeatureModule } from '../context.js';
import { integrationConfigsRepository } from './configs.repository.js';
import { passwordCipher } from './password-cipher.js';
import { integrationsRoutes } from './routes.js';
import { integrationConfigsService } from './service.js';

/** Integration and Mtech settings: register_config_integracao, getintegracao_config, delintegracao, and the mtech three. */
export const integrationsModule: FeatureModule = ({ config, database, clock, log, requireAccount, scopes }) => {
  // Resolved at start, so a missing or broken key file shows before the first save.
  const deps = { configs: integrationConfigsRepository(database.db), cipher: passwordCipher(resolveSecretKey(config, log)), clock, log };
  return integrationsRoutes(
    { integracao: integrationConfigsService('integracao', deps), mtech: integrationConfigsService('mtech', deps) },
    requireAccount,
    scopes,
  );
};
