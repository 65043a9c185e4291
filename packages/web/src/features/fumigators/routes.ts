import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'fumigators', path: '/fumigadores' };
const history = { screen: 'fumigatorHistory', path: '/fumigadores/historico/:id' };

/** Fumigators and their dosing history. */
export const fumigatorRoutes: ScreenRoute[] = [
  { path: 'fumigadores', screen: 'fumigators' },
  { path: 'fumigadores/add', screen: 'fumigatorAdd', parents: [list] },
  { path: 'fumigadores/:id', screen: 'fumigatorDetail', parents: [list] },
  { path: 'fumigadores/historico/:id', screen: 'fumigatorHistory', parents: [list] },
  { path: 'fumigadores/historico/:id/detalhe/:iddosagens', screen: 'fumigatorDosing', parents: [list, history] },
];
