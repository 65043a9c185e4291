import type { ScreenRoute } from '../../components/screens/ScreenFrame';

/** API tokens for machine clients: one screen (list, create in a dialog, revoke). */
export const apiTokenRoutes: ScreenRoute[] = [{ path: 'tokens', screen: 'apiTokens', load: () => import('./ApiTokensPage') }];
