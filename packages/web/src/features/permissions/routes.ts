import type { ScreenRoute } from '../screens/ScreenFrame';

const list = { screen: 'permissions', path: '/permissoes' };

export const permissionRoutes: ScreenRoute[] = [
  { path: 'permissoes', screen: 'permissions' },
  { path: 'permissoes/add', screen: 'permissionAdd', parents: [list] },
  { path: 'permissoes/:iduser', screen: 'permissionUser', parents: [list] },
];
