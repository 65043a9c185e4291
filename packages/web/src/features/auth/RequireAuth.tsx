import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { clearSession } from '../../api/authStorage';
import { FullPageLoader } from '../../components/FullPageLoader';
import { loginPath, useCurrentUser, useLogged } from './session';

/**
 * Spec section 4: when not logged, or when loading the user fails, the current url is remembered
 * and the user goes to /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const logged = useLogged();
  const { user, failed } = useCurrentUser();
  const location = useLocation();

  useEffect(() => {
    if (failed) clearSession();
  }, [failed]);

  if (!logged || failed) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (user.loadded !== 'T') return <FullPageLoader />;
  return children;
}
