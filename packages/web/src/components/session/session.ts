import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { User } from '@portal/shared';
import { DEFAULT_CSV_SEPARATOR, DEFAULT_LANGUAGE, DEFAULT_TIMEZONE } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { getToken, isLogged, subscribeSession } from '../../api/authStorage';
import { ApiError, isTemporaryFailure } from '../../api/client';

export const USER_QUERY_KEY = ['user'] as const;

/** The user before one is loaded, or after logout (spec section 4: loadded 'F'). */
export const PLACEHOLDER_USER: User = {
  id: 0,
  loadded: 'F',
  name: '',
  email: '',
  company: '',
  separador_csv: DEFAULT_CSV_SEPARATOR,
  separador_decimal: null,
  timezone: DEFAULT_TIMEZONE,
  language: DEFAULT_LANGUAGE,
  reports_language: DEFAULT_LANGUAGE,
};

export function useLogged(): boolean {
  return useSyncExternalStore(subscribeSession, isLogged);
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken);
}

/** How often the user is asked for again while the portal cannot reach it, unless the server says. */
const USER_RETRY_SECONDS = 5;
const MAX_RETRY_SECONDS = 60;

/** Seconds until the next automatic attempt after `error`, or null when asking again will not help. */
export function userRetrySeconds(error: unknown): number | null {
  if (!isTemporaryFailure(error)) return null;
  const asked = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return Math.min(asked ?? USER_RETRY_SECONDS, MAX_RETRY_SECONDS);
}

/**
 * The signed-in user (the placeholder while logged out or loading). A refused token (401) is
 * handled by the API client, which forgets it and leads to login; any other failure is reported
 * as `loadFailure`, keeping the token, and a temporary one is asked again every few seconds.
 */
export function useCurrentUser() {
  const logged = useLogged();
  const query = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: accountsApi.getUser,
    enabled: logged,
    staleTime: 5 * 60_000,
    // No quick retries: the "try again" panel shows at once, then the interval below asks again.
    retry: false,
    refetchInterval: ({ state }) => {
      const seconds = state.status === 'error' ? userRetrySeconds(state.error) : null;
      return seconds === null ? false : seconds * 1000;
    },
  });
  return {
    user: logged ? (query.data ?? PLACEHOLDER_USER) : PLACEHOLDER_USER,
    // Once a user is loaded, a failed refresh keeps it: the screens report their own failures.
    loadFailure: logged && query.isError && query.data === undefined ? query.error : null,
    retrying: query.isFetching,
    retry: () => void query.refetch(),
  };
}

/** `/login?url=<page>`: the login page that returns to `page` afterwards. */
export function loginPath(returnTo: string): string {
  return `/login?url=${encodeURIComponent(returnTo)}`;
}

/** The page being shown, as a router path with its query (for the return url). */
export function currentHashPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}
