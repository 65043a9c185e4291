import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'collectionPoints', path: '/coletores' };
// One module and one load function for add and detail: after creating, the detail opens at once.
const loadPoint = () => import('./CollectionPointPage');

/** Collection points and their history (coletores/historico/:id, under the point's detail in the trail). */
export const collectionPointRoutes: ScreenRoute[] = [
  { path: 'coletores', screen: 'collectionPoints', load: () => import('./CollectionPointsListPage') },
  { path: 'coletores/add', screen: 'collectionPointAdd', parents: [list], load: loadPoint },
  { path: 'coletores/:id', screen: 'collectionPointDetail', parents: [list], load: loadPoint },
  {
    path: 'coletores/historico/:id',
    screen: 'collectionPointHistory',
    parents: [list, { screen: 'collectionPointDetail', path: '/coletores/:id' }],
    load: () => import('./CollectionPointHistoryPage'),
  },
];
