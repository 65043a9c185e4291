import { fotosRepository } from '../../devices/fotos.repository.js';
import type { FeatureModule } from '../context.js';
import { fumigatorsRepository } from '../fumigators/fumigators.repository.js';
import { dosagensRepository } from './dosagens.repository.js';
import { dosingRoutes } from './routes.js';
import { dosingService } from './service.js';

/**
 * Dosing and fumigation history: reldosagem, reldosagemdetalhe, getfumigacao, getfumigacaodetalhe,
 * getfotosdosagem, registerdosagem, deldosagem. Device events are derived by sync.ts (syncDosagens),
 * called from the live path (devices/messages.ts) and the history backfill.
 */
export const dosingModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  dosingRoutes(
    dosingService({ dosagens: dosagensRepository(database.db), fumigators: fumigatorsRepository(database.db), fotos: fotosRepository(database.db), clock }),
    requireAccount,
    scopes,
  );
