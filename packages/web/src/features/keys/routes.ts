import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'keys', path: '/chaves' };

/** Access keys and their usage history. */
export const keyRoutes: ScreenRoute[] = [
  { path: 'chaves', screen: 'keys' },
  { path: 'chaves/add', screen: 'keyAdd', parents: [list] },
  { path: 'chaves/historico', screen: 'keyHistory', parents: [list] },
  { path: 'chaves/:id', screen: 'keyDetail', parents: [list] },
];
