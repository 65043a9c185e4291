import type { FeatureModule } from '../context.js';
import { chavesRepository } from './chaves.repository.js';
import { keysRoutes } from './routes.js';
import { keysService } from './service.js';

/** Access keys (chaves): registerchave, getchave, delchave, getchavehist. */
export const keysModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  keysRoutes(keysService({ chaves: chavesRepository(database.db), clock }), requireAccount, scopes);
