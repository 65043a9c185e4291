import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/** The report of a trough monitor's trough. */
export const troughRoutes: ScreenRoute[] = [{ path: 'calhas', screen: 'troughs', load: () => import('./TroughsPage') }];
