import { usersRepository } from '../accounts/users.repository.js';
import type { FeatureModule } from '../context.js';
import { siloBalanceService } from './balance.service.js';
import { movementsRepository } from './movements.repository.js';
import { siloReadingsRepository } from './readings.repository.js';
import { siloMovementsService } from './movements.service.js';
import { silosRoutes } from './routes.js';
import { silosService } from './service.js';
import { silosRepository } from './silos.repository.js';

/**
 * Silos (registersilo, getsilo, delsilo), their feed movements (registersilomov, getsilomov,
 * delsilomov) and their balance from a scale (getsiloleituras, confirmentrega).
 */
export const silosModule: FeatureModule = ({ database, clock, requireAccount, scopes }) => {
  const silos = silosRepository(database);
  const movements = movementsRepository(database);
  const balance = siloBalanceService({ silos, movements, readings: siloReadingsRepository(database), users: usersRepository(database.db), clock });
  return silosRoutes(silosService({ silos, clock }), siloMovementsService({ silos, movements, clock }), balance, requireAccount, scopes);
};
