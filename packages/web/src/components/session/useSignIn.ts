import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { returnTarget, type LoginResponse } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { clearSession, storeSession } from '../../api/authStorage';
import { clearOfflineCaches } from '../../offline/serviceWorker';
import { liveChannel } from '../../api/live';
import { applyLanguage } from '../../i18n';
import { currentHashPath, loginPath, USER_QUERY_KEY } from './session';

/**
 * After a successful login (spec section 4): keep the token, use the user's language and go to
 * the saved page (never /login or /cadastro; /dashboard by default). The session-cookie frame
 * follows the stored token by itself.
 */
export function useFinishLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (answer: LoginResponse, savedTarget: string | null) => {
      storeSession(answer.token);
      queryClient.setQueryData(USER_QUERY_KEY, answer.user);
      await applyLanguage(answer.user.language);
      await navigate(returnTarget(savedTarget), { replace: true });
    },
    [navigate, queryClient],
  );
}

/**
 * Leaves on this device (logout, or a token the server refused): forget token and user, then
 * login with this page as the return url (not when already there).
 */
export function useLeaveSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const here = currentHashPath();
    clearSession();
    // The live socket signed in with the old token: close it (it opens again when a screen wants devices).
    liveChannel.stop();
    queryClient.removeQueries();
    // The API answers kept for offline use are this user's data: not for the next one on a shared phone.
    void clearOfflineCaches();
    if (!here.startsWith('/login')) void navigate(loginPath(here), { replace: true });
  }, [navigate, queryClient]);
}

/** Logout (spec section 4): revoke the token on the server, then leave. */
export function useLogout() {
  const leave = useLeaveSession();
  const mutation = useMutation({
    mutationFn: accountsApi.logout,
    // Leave locally even when the server cannot be reached: the user asked to go.
    onSettled: leave,
  });
  return { logout: () => mutation.mutate(), busy: mutation.isPending };
}
