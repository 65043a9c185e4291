import type { FeatureModule } from '../context.js';
import { usersRepository } from '../accounts/users.repository.js';
import { importacoesRepository } from './importacoes.repository.js';
import { importsRoutes } from './routes.js';
import { importsService } from './service.js';

/** Manual import of weighing files: POST /api/importacao (multipart). */
export const importsModule: FeatureModule = ({ config, database, clock, log, requireAccount, scopes }) =>
  importsRoutes(
    importsService({ importacoes: importacoesRepository(database), users: usersRepository(database.db), clock, log }),
    requireAccount,
    scopes,
    config.IMPORT_MAX_MB * 1024 * 1024,
  );
