import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'standards', path: '/padroes' };

/** Breed standards that weighings are compared with. */
export const standardRoutes: ScreenRoute[] = [
  { path: 'padroes', screen: 'standards' },
  { path: 'padroes/add', screen: 'standardAdd', parents: [list] },
  { path: 'padroes/:id', screen: 'standardDetail', parents: [list] },
];
