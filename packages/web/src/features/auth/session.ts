import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { User } from '@portal/shared';
import { DEFAULT_CSV_SEPARATOR, DEFAULT_LANGUAGE, DEFAULT_TIMEZONE } from '@portal/shared';
import { accountsApi } from '../../api/accounts';
import { getToken, isLogged, subscribeSession } from '../../api/authStorage';

export const USER_QUERY_KEY = ['user'] as const;

/** The user before one is loaded, or after logout (spec section 4: loadded 'F'). */
export const PLACEHOLDER_USER: User = {
  id: 0,
  loadded: 'F',
  name: '',
  email: '',
  company: '',
  separador_csv: DEFAULT_CSV_SEPARATOR,
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

/** The signed-in user (the placeholder while logged out or loading). */
export function useCurrentUser() {
  const logged = useLogged();
  const query = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: accountsApi.getUser,
    enabled: logged,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return {
    user: logged ? (query.data ?? PLACEHOLDER_USER) : PLACEHOLDER_USER,
    failed: logged && query.isError,
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
