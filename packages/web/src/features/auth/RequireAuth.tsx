import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { DataUnavailablePage } from './DataUnavailablePage';
import { loginPath, useCurrentUser, useLogged } from '../../components/session/session';
import { useFeatureTexts } from '../../i18n';

/**
 * Spec section 4: when not logged, or when loading the user fails, the current url is remembered
 * and the user goes to /login. "Fails" is read as the session being refused (401): the API client
 * then forgets the token, which lands here as not logged. An outage (database, network, server)
 * says nothing about the session, so the token is kept and a "try again" panel stands in for the
 * page until the user loads.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const logged = useLogged();
  const { user, loadFailure, retrying, retry } = useCurrentUser();
  const location = useLocation();
  const texts = useFeatureTexts();

  if (!logged) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  if (loadFailure) return <DataUnavailablePage error={loadFailure} retrying={retrying} onRetry={retry} />;
  if (user.loadded !== 'T') return <FullPageLoader />;
  // The signed-in screens' texts come after the sign-in page's (the first screen carries only those).
  if (texts.failure) return <DataUnavailablePage error={texts.failure} retrying={false} onRetry={() => window.location.reload()} />;
  if (!texts.ready) return <FullPageLoader />;
  return children;
}
