import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'collectionPoints', path: '/coletores' };

export const collectionPointRoutes: ScreenRoute[] = [
  { path: 'coletores', screen: 'collectionPoints' },
  { path: 'coletores/add', screen: 'collectionPointAdd', parents: [list] },
  { path: 'coletores/:id', screen: 'collectionPointDetail', parents: [list] },
  { path: 'coletores/historico/:id', screen: 'collectionPointHistory', parents: [list] },
];
