import type { FeatureModule } from '../context.js';
import { movementsRepository } from './movements.repository.js';
import { siloMovementsService } from './movements.service.js';
import { silosRoutes } from './routes.js';
import { silosService } from './service.js';
import { silosRepository } from './silos.repository.js';

/** Silos (registersilo, getsilo, delsilo) and their feed movements (registersilomov, getsilomov, delsilomov). */
export const silosModule: FeatureModule = ({ database, clock, requireAccount, scopes }) => {
  const silos = silosRepository(database);
  const movements = movementsRepository(database);
  return silosRoutes(silosService({ silos, clock }), siloMovementsService({ silos, movements, clock }), requireAccount, scopes);
};
