import type { FeatureModule } from '../context.js';
import { fumigatorsRepository } from './fumigators.repository.js';
import { fumigatorsRoutes } from './routes.js';
import { fumigatorsService } from './service.js';

/** Fumigators and dosers: registerfumigador, getfumigador, delfumigador. */
export const fumigatorsModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  fumigatorsRoutes(fumigatorsService({ fumigators: fumigatorsRepository(database.db), clock }), requireAccount, scopes);
