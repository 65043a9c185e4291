import { usersRepository } from '../accounts/users.repository.js';
import type { FeatureModule, ServiceSource } from '../context.js';
import { lotesRepository } from '../flocks/lotes.repository.js';
import { silosRepository } from '../silos/silos.repository.js';
import { padroesRepository } from '../standards/padroes.repository.js';
import { feedRepository } from './feed.repository.js';
import { feedRoutes } from './routes.js';
import { feedService } from './service.js';

/** Feed consumption report: getracao. */
export const feedModule: FeatureModule = ({ reports, requireAccount, scopes }) => feedRoutes(reports, requireAccount, scopes);

/** The service on a database: run by the report runner (reports/heavy-calls.ts), in a worker or inline. */
export function feedServiceOf({ database, clock }: ServiceSource) {
  return feedService({
    feed: feedRepository(database.db),
    lotes: lotesRepository(database.db),
    silos: silosRepository(database),
    padroes: padroesRepository(database.db),
    users: usersRepository(database.db),
    clock,
  });
}
