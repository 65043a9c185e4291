import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'keys', path: '/chaves' };
// One module and one load function for add and detail: after creating, the key's page opens at once.
const loadKey = () => import('./KeyPage');

/** Access keys and their usage history. */
export const keyRoutes: ScreenRoute[] = [
  { path: 'chaves', screen: 'keys', load: () => import('./KeysListPage') },
  { path: 'chaves/add', screen: 'keyAdd', parents: [list], load: loadKey },
  { path: 'chaves/historico', screen: 'keyHistory', parents: [list], load: () => import('./KeyHistoryPage') },
  { path: 'chaves/:id', screen: 'keyDetail', parents: [list], load: loadKey },
];
