import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'flocks', path: '/lotes' };
// One module and one load function for add and detail: after creating, the detail opens at once.
const loadFlock = () => import('./FlockPage');

/** Flocks (lotes) of the owner's farms. Screens load on first visit. */
export const flockRoutes: ScreenRoute[] = [
  { path: 'lotes', screen: 'flocks', load: () => import('./FlocksListPage') },
  { path: 'lotes/add', screen: 'flockAdd', parents: [list], load: loadFlock },
  { path: 'lotes/:id', screen: 'flockDetail', parents: [list], load: loadFlock },
];
