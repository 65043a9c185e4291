import type { FeatureModule } from '../context.js';
import { usersRepository } from '../accounts/users.repository.js';
import { nucleosRepository } from '../farms/nucleos.repository.js';
import { padroesRepository } from '../standards/padroes.repository.js';
import { lotesRepository } from './lotes.repository.js';
import { flocksRoutes } from './routes.js';
import { flocksService } from './service.js';

/** Flocks (lotes): registerlote, getlote, dellote. */
export const flocksModule: FeatureModule = ({ database, clock, requireAccount, scopes }) =>
  flocksRoutes(
    flocksService({
      lotes: lotesRepository(database.db),
      nucleos: nucleosRepository(database.db),
      padroes: padroesRepository(database.db),
      users: usersRepository(database.db),
      clock,
    }),
    requireAccount,
    scopes,
  );
