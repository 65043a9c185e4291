import type { FeatureModule } from '../context.js';
import { farmsRoutes } from './routes.js';

/** Farms (nucleos): registernucleo, getnucleo, delnucleo, updatenucleomanual. */
export const farmsModule: FeatureModule = ({ services, requireAccount, scopes }) => farmsRoutes(services.farms, requireAccount, scopes);
