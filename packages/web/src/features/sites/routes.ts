import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'sites', path: '/nucleos' };
// One module and one load function for add and detail: after creating, the detail opens at once.
const loadSite = () => import('./SitePage');

/** Farms (nucleos), with hatcheries on accounts that have them. Screens load on first visit. */
export const siteRoutes: ScreenRoute[] = [
  { path: 'nucleos', screen: 'sites', load: () => import('./SitesListPage') },
  {
    path: 'nucleos/add',
    screen: 'siteAdd',
    parents: [list],
    load: loadSite,
  },
  {
    path: 'nucleos/:id',
    screen: 'siteDetail',
    parents: [list],
    load: loadSite,
  },
];
