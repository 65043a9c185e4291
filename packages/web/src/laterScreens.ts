import { alarmRoutes } from './features/alarms/routes';
import { apiTokenRoutes } from './features/apiTokens/routes';
import { chartRoutes } from './features/charts/routes';
import { collectionPointRoutes } from './features/collectionPoints/routes';
import { comparisonRoutes } from './features/comparison/routes';
import { deviceRoutes } from './features/devices/routes';
import { feedRoutes } from './features/feed/routes';
import { flockRoutes } from './features/flocks/routes';
import { fumigatorRoutes } from './features/fumigators/routes';
import { keyRoutes } from './features/keys/routes';
import { permissionRoutes } from './features/permissions/routes';
import { reportRoutes } from './features/reports/routes';
import { settingRoutes } from './features/settings/routes';
import { siloRoutes } from './features/silos/routes';
import { siteRoutes } from './features/sites/routes';
import { standardRoutes } from './features/standards/routes';
import { troughRoutes } from './features/troughs/routes';
import { uniformizationRoutes } from './features/uniformization/routes';
import type { ScreenRoute } from './components/screens/ScreenFrame';

/**
 * Every signed-in screen of spec section 2 other than dashboard and perfil: each feature's route
 * table, joined here beside router.tsx, so no feature imports another to be routed.
 */
export const LATER_SCREENS: ScreenRoute[] = [
  ...reportRoutes,
  ...feedRoutes,
  ...troughRoutes,
  ...uniformizationRoutes,
  ...flockRoutes,
  ...comparisonRoutes,
  ...standardRoutes,
  ...siloRoutes,
  ...alarmRoutes,
  ...chartRoutes,
  ...deviceRoutes,
  ...siteRoutes,
  ...fumigatorRoutes,
  ...collectionPointRoutes,
  ...permissionRoutes,
  ...keyRoutes,
  ...apiTokenRoutes,
  ...settingRoutes,
];
