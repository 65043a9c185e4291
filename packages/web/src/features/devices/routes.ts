import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'devices', path: '/balancas' };
// addbalanca and d/:key are one screen: one module and one load function.
const loadAdd = () => import('./DeviceAddPage');

/** Weighing devices: list, detail, add (also reached by a device key), remote view and pictures folder. */
export const deviceRoutes: ScreenRoute[] = [
  { path: 'balancas', screen: 'devices', load: () => import('./DevicesListPage') },
  { path: 'balancas/:id', screen: 'deviceDetail', parents: [list], load: () => import('./DevicePage') },
  { path: 'addbalanca', screen: 'deviceAdd', parents: [list], load: loadAdd },
  { path: 'd/:key', screen: 'deviceAdd', parents: [list], load: loadAdd },
  { path: 'remoto/:id', screen: 'deviceRemote', parents: [list], load: () => import('./RemotePage') },
  { path: 'folder/:id', screen: 'folder', parents: [list], load: () => import('./FolderPage') },
];
