import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { setUnauthorizedHandler } from './api/client';
import { useCurrentUser } from './components/session/session';
import { useLeaveSession } from './components/session/useSignIn';
import { SessionCookieFrame } from './features/auth/SessionCookieFrame';

/** Spec section 1: the portal title, with the user's e-mail once signed in. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  useEffect(() => {
    document.title = user.email ? t('app.documentTitleWithEmail', { email: user.email }) : t('app.documentTitle');
  }, [t, user.email]);
}

/** Above every route: page title, session cookie frame and where a 401 leads. */
export function Root() {
  const leave = useLeaveSession();
  useDocumentTitle();

  // The token was refused: forget what was loaded with it and sign in again, back to this page.
  useEffect(() => setUnauthorizedHandler(leave), [leave]);

  return (
    <>
      <SessionCookieFrame />
      <Outlet />
    </>
  );
}
