import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'silos', path: '/silos' };
// One module and one load function for add and detail: after creating, the detail opens at once.
const loadSilo = () => import('./SiloPage');

/** Silos, their feed movements and their balance from a scale. Screens load on first visit. */
export const siloRoutes: ScreenRoute[] = [
  { path: 'silos', screen: 'silos', load: () => import('./SilosListPage') },
  { path: 'silos/add', screen: 'siloAdd', parents: [list], load: loadSilo },
  { path: 'silos/:id', screen: 'siloDetail', parents: [list], load: loadSilo },
  // Before silos/:id/:mov in reading order; the router ranks the fixed segment first anyway.
  {
    path: 'silos/:id/saldo',
    screen: 'siloBalance',
    parents: [list, { screen: 'siloDetail', path: '/silos/:id' }],
    load: () => import('./SiloBalancePage'),
  },
  {
    path: 'silos/:id/:mov',
    screen: 'siloMovement',
    parents: [list, { screen: 'siloDetail', path: '/silos/:id' }],
    load: () => import('./SiloMovementPage'),
  },
];
