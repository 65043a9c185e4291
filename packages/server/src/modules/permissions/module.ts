import type { FeatureModule } from '../context.js';
import { usersRepository } from '../accounts/users.repository.js';
import { grantsRepository } from './grants.repository.js';
import { permissionsRoutes } from './routes.js';
import { permissionsService } from './service.js';

/** Permissions: permissoes, proprietarios, setpermissoes. */
export const permissionsModule: FeatureModule = ({ database, clock, requireAccount, gateway }) =>
  permissionsRoutes(
    permissionsService({
      grants: grantsRepository(database.db),
      users: usersRepository(database.db),
      clock,
      grantsChanged: (granteeId) => gateway.announceGrantsChanged(granteeId),
    }),
    requireAccount,
  );
