import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'flocks', path: '/lotes' };

export const flockRoutes: ScreenRoute[] = [
  { path: 'lotes', screen: 'flocks' },
  { path: 'lotes/add', screen: 'flockAdd', parents: [list] },
  { path: 'lotes/:id', screen: 'flockDetail', parents: [list] },
];
