import type { FeatureModule } from '../context.js';
import { accountsRoutes } from './routes.js';

/** Accounts: signup, login and sessions, password recovery, the user's profile. */
export const accountsModule: FeatureModule = ({ config, services, requireAccount }) => accountsRoutes(services.accounts, config, requireAccount);
