import type { FeatureModule } from '../context.js';
import { weighingsRoutes } from './routes.js';

/** The weight reports: avesheader, incubatorioheader, avespesos, v2/resumo, gettotaisselauto, getuniestrutura, usrstats; registerpesagemmanual; weighing quality (getqualidade, setqualidadeconfig, getpesagensdescartadas). */
export const weighingsModule: FeatureModule = ({ services, reports, requireAccount, scopes, clock }) =>
  weighingsRoutes({ weighings: services.weighings, ingestion: services.ingestion, clock }, reports, requireAccount, scopes);
