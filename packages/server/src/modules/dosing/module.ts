import { fotosRepository } from '../../mqtt/fotos.repository.js';
import type { FeatureModule, ServiceSource } from '../context.js';
import { fumigatorsRepository } from '../fumigators/fumigators.repository.js';
import { dosagensRepository } from './dosagens.repository.js';
import { dosingRoutes } from './routes.js';
import { dosingService, type DosingService } from './service.js';

/**
 * Dosing and fumigation history: reldosagem, reldosagemdetalhe, getfumigacao, getfumigacaodetalhe,
 * getfotosdosagem, registerdosagem, deldosagem. Device events are derived by sync.ts (syncDosagens),
 * called from the live path (mqtt/messages.ts) and the history backfill.
 */
export const dosingModule: FeatureModule = (context) => dosingRoutes(dosingServiceOf(context), context.reports, context.requireAccount, context.scopes);

/** The service on a database: the request thread's, or a report worker's own (reports/heavy-calls.ts). */
export function dosingServiceOf({ database, clock }: ServiceSource): DosingService {
  return dosingService({ dosagens: dosagensRepository(database.db), fumigators: fumigatorsRepository(database.db), fotos: fotosRepository(database.db), clock });
}
