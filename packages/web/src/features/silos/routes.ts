import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'silos', path: '/silos' };

/** Silos and their feed movements. */
export const siloRoutes: ScreenRoute[] = [
  { path: 'silos', screen: 'silos' },
  { path: 'silos/add', screen: 'siloAdd', parents: [list] },
  { path: 'silos/:id', screen: 'siloDetail', parents: [list] },
  { path: 'silos/:id/:mov', screen: 'siloMovement', parents: [list, { screen: 'siloDetail', path: '/silos/:id' }] },
];
