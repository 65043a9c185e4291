import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'charts', path: '/graficos' };

export const chartRoutes: ScreenRoute[] = [
  { path: 'graficos', screen: 'charts' },
  { path: 'graficos/add', screen: 'chartAdd', parents: [list] },
  { path: 'graficos/:id', screen: 'chartDetail', parents: [list] },
];
