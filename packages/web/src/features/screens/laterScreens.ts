import { chartRoutes } from '../charts/routes';
import { collectionPointRoutes } from '../collectionPoints/routes';
import { deviceRoutes } from '../devices/routes';
import { flockRoutes } from '../flocks/routes';
import { fumigatorRoutes } from '../fumigators/routes';
import { keyRoutes } from '../keys/routes';
import { permissionRoutes } from '../permissions/routes';
import { reportRoutes } from '../reports/routes';
import { settingRoutes } from '../settings/routes';
import { siloRoutes } from '../silos/routes';
import { siteRoutes } from '../sites/routes';
import { standardRoutes } from '../standards/routes';
import type { ScreenRoute } from './ScreenFrame';

/** Every signed-in screen of spec section 2 other than dashboard and perfil. */
export const LATER_SCREENS: ScreenRoute[] = [
  ...reportRoutes,
  ...flockRoutes,
  ...standardRoutes,
  ...siloRoutes,
  ...chartRoutes,
  ...deviceRoutes,
  ...siteRoutes,
  ...fumigatorRoutes,
  ...collectionPointRoutes,
  ...permissionRoutes,
  ...keyRoutes,
  ...settingRoutes,
];
