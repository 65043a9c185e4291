import type { FeatureModule, ServiceSource } from '../context.js';
import { usersRepository } from '../accounts/users.repository.js';
import { devicesRepository } from '../devices/devices.repository.js';
import { nucleosRepository } from '../farms/nucleos.repository.js';
import { lotesRepository } from '../flocks/lotes.repository.js';
import { padroesRepository } from '../standards/padroes.repository.js';
import { pesagensRepository } from './pesagens.repository.js';
import { weighingsRoutes } from './routes.js';
import { weighingsService } from './service.js';

/** The weight reports: avesheader, incubatorioheader, avespesos, v2/resumo, gettotaisselauto, getuniestrutura, usrstats. */
export const weighingsModule: FeatureModule = (context) => weighingsRoutes(weighingsServiceOf(context), context.reports, context.requireAccount, context.scopes);

/** The service on a database: the request thread's, or a report worker's own (reports/heavy-calls.ts). */
export function weighingsServiceOf({ database, clock }: ServiceSource) {
  return weighingsService({
    pesagens: pesagensRepository(database),
    nucleos: nucleosRepository(database.db),
    lotes: lotesRepository(database.db),
    padroes: padroesRepository(database.db),
    devices: devicesRepository(database.db),
    users: usersRepository(database.db),
    clock,
  });
}
