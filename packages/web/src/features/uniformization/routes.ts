import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/** A flock's uniformity before and after a grader's selection. */
export const uniformizationRoutes: ScreenRoute[] = [{ path: 'uniformizacao', screen: 'uniformization', load: () => import('./UniformizationPage') }];
