import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'devices', path: '/balancas' };

/** Weighing devices: list, detail, add (also reached by a device key) and remote view. */
export const deviceRoutes: ScreenRoute[] = [
  { path: 'balancas', screen: 'devices' },
  { path: 'balancas/:id', screen: 'deviceDetail', parents: [list] },
  { path: 'addbalanca', screen: 'deviceAdd', parents: [list] },
  { path: 'd/:key', screen: 'deviceAdd', parents: [list] },
  { path: 'remoto/:id', screen: 'deviceRemote', parents: [list] },
];
