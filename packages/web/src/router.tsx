import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './components/AppLayout';
import { LoginPage } from './features/auth/LoginPage';
import { RequireAuth } from './features/auth/RequireAuth';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage';
import { SignupPage } from './features/auth/SignupPage';
import { LazyAlarmBell } from './features/alarms/HeaderBell';
import { dashboardRoute } from './features/dashboard/routes';
import { profileRoute } from './features/profile/routes';
import { LATER_SCREENS } from './laterScreens';
import { NotFoundRoute } from './features/screens/NotFoundPage';
import { ScreenFrame } from './components/screens/ScreenFrame';
import { Root } from './Root';

/** The hash routes of spec section 2 (plus recuperar/{token}, the recovery link's page). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'cadastro', element: <SignupPage /> },
      { path: 'cadastro/:url', element: <SignupPage /> },
      { path: 'recuperar/:token', element: <ResetPasswordPage /> },
      {
        element: (
          <RequireAuth>
            <AppLayout headerParts={<LazyAlarmBell />} />
          </RequireAuth>
        ),
        children: [
          { path: dashboardRoute.path, element: <ScreenFrame route={dashboardRoute} /> },
          { path: profileRoute.path, element: <ScreenFrame route={profileRoute} /> },
          // Keyed by path: two routes on one screen (addbalanca, d/:key) never share state.
          ...LATER_SCREENS.map((route) => ({ path: route.path, element: <ScreenFrame key={route.path} route={route} /> })),
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const router = createHashRouter(routes);
