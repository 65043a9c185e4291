import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/** The weighing reports (the other reports of the menu route from their own features). */
export const reportRoutes: ScreenRoute[] = [
  { path: 'aves', screen: 'weight', load: () => import('./WeightReportPage') },
  { path: 'aves-incubatorio', screen: 'hatcheryWeighing', load: () => import('./HatcheryReportPage') },
];
