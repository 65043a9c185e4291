import type { ScreenRoute } from '../screens/ScreenFrame';

/** Configuration screens, the manual import, the doser and folders. */
export const settingRoutes: ScreenRoute[] = [
  { path: 'mtech', screen: 'mtech' },
  { path: 'integracao', screen: 'integration' },
  { path: 'importacao', screen: 'import' },
  { path: 'dosador', screen: 'doser' },
  { path: 'folder/:id', screen: 'folder' },
];
