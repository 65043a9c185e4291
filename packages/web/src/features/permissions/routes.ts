import type { ScreenRoute } from '../../components/screens/ScreenFrame';

const list = { screen: 'permissions', path: '/permissoes' };
// One module for adding a grant and editing one: after granting, the grant's page opens at once.
const loadPermission = () => import('./PermissionPage');

export const permissionRoutes: ScreenRoute[] = [
  { path: 'permissoes', screen: 'permissions', load: () => import('./PermissionsPage') },
  { path: 'permissoes/add', screen: 'permissionAdd', parents: [list], load: loadPermission },
  { path: 'permissoes/:iduser', screen: 'permissionUser', parents: [list], load: loadPermission },
];
