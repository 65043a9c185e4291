import type { FeatureModule } from '../context.js';
import { fumigatorsRoutes } from './routes.js';

/** Fumigators and dosers: registerfumigador, getfumigador, delfumigador. */
export const fumigatorsModule: FeatureModule = ({ services, requireAccount, scopes }) => fumigatorsRoutes(services.fumigators, requireAccount, scopes);
