import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'charts', path: '/graficos' };
// One module and one load function for add and edit: after saving, the chart itself opens.
const loadChartForm = () => import('./ChartPage');

/** Charts: the list, a chart drawn with its data (getgraphdata), and its form. Screens load on first visit. */
export const chartRoutes: ScreenRoute[] = [
  { path: 'graficos', screen: 'charts', load: () => import('./ChartsListPage') },
  { path: 'graficos/add', screen: 'chartAdd', parents: [list], load: loadChartForm },
  { path: 'graficos/:id', screen: 'chartDetail', parents: [list], load: () => import('./ChartViewPage') },
  { path: 'graficos/:id/editar', screen: 'chartEdit', parents: [list, { screen: 'chartDetail', path: '/graficos/:id' }], load: loadChartForm },
];
