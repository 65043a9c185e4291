import type { ScreenRoute } from '../screens/ScreenFrame';

/** Weighing and consumption reports, and uniformization. */
export const reportRoutes: ScreenRoute[] = [
  { path: 'aves', screen: 'weight', load: () => import('./WeightReportPage') },
  { path: 'aves-incubatorio', screen: 'hatcheryWeighing', load: () => import('./HatcheryReportPage') },
  { path: 'racao', screen: 'consumption', load: () => import('../feed/FeedConsumptionPage') },
  { path: 'calhas', screen: 'troughs', load: () => import('../troughs/TroughsPage') },
  { path: 'uniformizacao', screen: 'uniformization', load: () => import('../uniformization/UniformizationPage') },
];
