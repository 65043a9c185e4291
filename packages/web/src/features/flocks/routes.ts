import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'flocks', path: '/lotes' };
const detail = { screen: 'flockDetail', path: '/lotes/:id' };
// One module and one load function for add and detail: after creating, the detail opens at once.
const loadFlock = () => import('./FlockPage');

/** Flocks (lotes) of the owner's farms. Screens load on first visit. */
export const flockRoutes: ScreenRoute[] = [
  { path: 'lotes', screen: 'flocks', load: () => import('./FlocksListPage') },
  { path: 'lotes/add', screen: 'flockAdd', parents: [list], load: loadFlock },
  { path: 'lotes/:id', screen: 'flockDetail', parents: [list], load: loadFlock },
  { path: 'lotes/:id/editar', screen: 'flockEdit', parents: [list, detail], load: loadFlock },
  { path: 'lotes/:id/fechamento', screen: 'flockCloseOut', parents: [list, detail], load: () => import('./CloseOutReportPage') },
  { path: 'lotes/:id/qualidade', screen: 'flockQuality', parents: [list, detail], load: () => import('./QualityPage') },
];
