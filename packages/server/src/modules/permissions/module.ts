import type { FeatureModule } from '../context.js';
import { permissionsRoutes } from './routes.js';

/** Permissions: permissoes, proprietarios, setpermissoes. */
export const permissionsModule: FeatureModule = ({ services, requireAccount }) => permissionsRoutes(services.permissions, requireAccount);
