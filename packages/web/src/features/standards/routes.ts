import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'standards', path: '/padroes' };
// One module and one load function for add and detail: after creating, the detail opens at once.
const loadStandard = () => import('./StandardPage');

/** Breed standards that weighings are compared with. Screens load on first visit. */
export const standardRoutes: ScreenRoute[] = [
  { path: 'padroes', screen: 'standards', load: () => import('./StandardsListPage') },
  { path: 'padroes/add', screen: 'standardAdd', parents: [list], load: loadStandard },
  { path: 'padroes/:id', screen: 'standardDetail', parents: [list], load: loadStandard },
];
