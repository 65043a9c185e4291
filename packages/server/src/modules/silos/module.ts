import type { FeatureModule } from '../context.js';
import { silosRoutes } from './routes.js';

/**
 * Silos (registersilo, getsilo, delsilo), their feed movements (registersilomov, getsilomov,
 * delsilomov) and their balance from a scale (getsiloleituras, confirmentrega).
 */
export const silosModule: FeatureModule = ({ services, reports, requireAccount, scopes }) =>
  silosRoutes(services.silos, services.siloMovements, services.siloBalance, reports, requireAccount, scopes);
