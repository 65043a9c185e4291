import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/**
 * dashboard, loaded when first opened: the login page's first download (under its 300 KB budget)
 * leaves out the dashboard's tiles and live cards; after login they arrive while the user loads.
 */
export const dashboardRoute: ScreenRoute = {
  path: 'dashboard',
  screen: 'dashboard',
  load: () => import('./DashboardPage').then(({ DashboardPage }) => ({ default: DashboardPage })),
};
