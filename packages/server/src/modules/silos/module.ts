import { usersRepository } from '../accounts/users.repository.js';
import type { FeatureModule, ServiceSource } from '../context.js';
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
export const silosModule: FeatureModule = (context) => {
  const { database, clock, reports, requireAccount, scopes } = context;
  const silos = silosRepository(database);
  const movements = movementsRepository(database);
  return silosRoutes(silosService({ silos, clock }), siloMovementsService({ silos, movements, clock }), siloBalanceServiceOf(context), reports, requireAccount, scopes);
};

/** The balance service on a database: the request thread's, or a report worker's own (reports/heavy-calls.ts). */
export function siloBalanceServiceOf({ database, clock }: ServiceSource) {
  return siloBalanceService({
    silos: silosRepository(database),
    movements: movementsRepository(database),
    readings: siloReadingsRepository(database),
    users: usersRepository(database.db),
    clock,
  });
}
