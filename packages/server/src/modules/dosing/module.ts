import type { FeatureModule } from '../context.js';
import { dosingRoutes } from './routes.js';

/**
 * Dosing and fumigation history: reldosagem, reldosagemdetalhe, getfumigacao, getfumigacaodetalhe,
 * getfotosdosagem, registerdosagem, deldosagem. Device events are derived by sync.ts (syncDosagens),
 * called from the live path (mqtt/messages.ts) and the history backfill.
 */
export const dosingModule: FeatureModule = ({ services, reports, requireAccount, scopes }) => dosingRoutes(services.dosing, reports, requireAccount, scopes);
