import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'sites', path: '/nucleos' };

/** Farms (nucleos), with hatcheries on accounts that have them. */
export const siteRoutes: ScreenRoute[] = [
  { path: 'nucleos', screen: 'sites' },
  { path: 'nucleos/add', screen: 'siteAdd', parents: [list] },
  { path: 'nucleos/:id', screen: 'siteDetail', parents: [list] },
];
