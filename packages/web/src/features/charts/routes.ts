import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'charts', path: '/graficos' };
// One module and one load function for add and detail: after creating, the detail opens at once.
const loadChart = () => import('./ChartPage');

/** Charts: what each one plots (its data is drawn by getgraphdata). Screens load on first visit. */
export const chartRoutes: ScreenRoute[] = [
  { path: 'graficos', screen: 'charts', load: () => import('./ChartsListPage') },
  { path: 'graficos/add', screen: 'chartAdd', parents: [list], load: loadChart },
  { path: 'graficos/:id', screen: 'chartDetail', parents: [list], load: loadChart },
];
