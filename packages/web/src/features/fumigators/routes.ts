import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'fumigators', path: '/fumigadores' };
const history = { screen: 'fumigatorHistory', path: '/fumigadores/historico/:id' };
// One module and one load function for add and detail: after creating, the detail opens at once.
const loadFumigator = () => import('./FumigatorPage');

/** Fumigators and their dosing history (reldosagem, getfumigacao…: DosingHistoryPage, DosingDetailPage). */
export const fumigatorRoutes: ScreenRoute[] = [
  { path: 'fumigadores', screen: 'fumigators', load: () => import('./FumigatorsListPage') },
  { path: 'fumigadores/add', screen: 'fumigatorAdd', parents: [list], load: loadFumigator },
  { path: 'fumigadores/:id', screen: 'fumigatorDetail', parents: [list], load: loadFumigator },
  { path: 'fumigadores/historico/:id', screen: 'fumigatorHistory', parents: [list], load: () => import('./DosingHistoryPage') },
  { path: 'fumigadores/historico/:id/detalhe/:iddosagens', screen: 'fumigatorDosing', parents: [list, history], load: () => import('./DosingDetailPage') },
];
