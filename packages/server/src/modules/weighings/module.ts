import type { FeatureModule } from '../context.js';
import { weighingsRoutes } from './routes.js';

/** The weight reports: avesheader, incubatorioheader, avespesos, v2/resumo, gettotaisselauto, getuniestrutura, usrstats. */
export const weighingsModule: FeatureModule = ({ services, reports, requireAccount, scopes }) => weighingsRoutes(services.weighings, reports, requireAccount, scopes);
