import type { FeatureModule } from '../context.js';
import { padroesRepository } from './padroes.repository.js';
import { loadPresets } from './presets.js';
import { standardsRoutes } from './routes.js';
import { standardsService } from './service.js';

/** Standards (padroes): registerpadrao, getpadrao, delpadrao, getpadrao_presets. */
export const standardsModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  standardsRoutes(
    // Presets are read once, at start: a broken preset file stops the start instead of failing a call.
    standardsService({ padroes: padroesRepository(database.db), presets: loadPresets(), clock }),
    requireAccount,
    scopes,
  );
