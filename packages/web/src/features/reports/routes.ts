import type { ScreenRoute } from '../screens/ScreenFrame';

/** Weighing and consumption reports, and uniformization. */
export const reportRoutes: ScreenRoute[] = [
  { path: 'aves', screen: 'weight' },
  { path: 'aves-incubatorio', screen: 'hatcheryWeighing' },
  { path: 'racao', screen: 'consumption' },
  { path: 'calhas', screen: 'troughs' },
  { path: 'uniformizacao', screen: 'uniformization' },
];
