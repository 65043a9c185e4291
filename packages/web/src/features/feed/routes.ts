import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/** The feed consumption report of a flock. */
export const feedRoutes: ScreenRoute[] = [{ path: 'racao', screen: 'consumption', load: () => import('./FeedConsumptionPage') }];
