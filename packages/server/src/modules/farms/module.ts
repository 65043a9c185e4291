import type { FeatureModule } from '../context.js';
import { nucleosRepository } from './nucleos.repository.js';
import { farmsRoutes } from './routes.js';
import { farmsService } from './service.js';

/** Farms (nucleos): registernucleo, getnucleo, delnucleo, updatenucleomanual. */
export const farmsModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  farmsRoutes(farmsService({ nucleos: nucleosRepository(database.db), clock }), requireAccount, scopes);
