import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/** Configuration screens, the manual import and the doser (folder/:id is a device's pictures, in devices). */
export const settingRoutes: ScreenRoute[] = [
  { path: 'mtech', screen: 'mtech', load: () => import('./MtechPage') },
  { path: 'integracao', screen: 'integration', load: () => import('./IntegrationPage') },
  { path: 'importacao', screen: 'import', load: () => import('../import/ImportPage') },
  { path: 'dosador', screen: 'doser', load: () => import('./DoserPage') },
];
