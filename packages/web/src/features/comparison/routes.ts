import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/** comparativo: flocks, houses, farms or growers ranked on their indicators (issue 18). */
export const comparisonRoutes: ScreenRoute[] = [{ path: 'comparativo', screen: 'comparison', load: () => import('./ComparisonPage') }];
