import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/**
 * perfil, loaded when first opened: its code stays out of the login page's first download, which
 * already carries the forms library (@mantine/form) for the signed-out forms.
 */
export const profileRoute: ScreenRoute = { path: 'perfil', screen: 'profile', load: () => import('./ProfilePage') };
