import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { proprietarioList, type Proprietario } from '@portal/shared';
import { ApiError, call } from '../../api/client';
import { useCurrentUser } from '../../components/session/session';
import { chooseOwner, isEmptyAccount, needsOwnCounts } from './ownerChoice';
import { fetchUsrStats, usrStatsKey } from './usrStats';

/**
 * The owner (proprietario) whose records the screens show and edit (spec section 6: owners can
 * be chosen). The choice lives in localStorage, per signed-in user, so it survives moving between
 * record screens through the side menu (whose links carry no query), a reload and a new tab, and
 * a second account on the same device starts from its own data. Until the user chooses, a user
 * with nothing of their own acts for the first owner who granted access (ownerChoice.ts).
 */

export const OWNERS_QUERY_KEY = ['proprietarios'] as const;

const storageKey = (userId: number) => `owner.${userId}`;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

// Where the browser refuses storage (some private modes) the choice lasts until a reload.
const memory = new Map<number, number | null>();

function readChoice(userId: number): number | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(storageKey(userId));
  } catch {
    return memory.get(userId) ?? null;
  }
  const value = Number(stored);
  return stored !== null && Number.isInteger(value) && value > 0 ? value : null;
}

// Self is stored too: a user who chose their own data keeps it over the landing default.
function writeChoice(userId: number, ownerId: number): void {
  memory.set(userId, ownerId);
  try {
    localStorage.setItem(storageKey(userId), String(ownerId));
  } catch {
    // Kept in memory above.
  }
  listeners.forEach((listener) => listener());
}

const ownersKey = (userId: number) => `owners.${userId}`;

function savedOwners(userId: number): Proprietario[] | undefined {
  try {
    const text = localStorage.getItem(ownersKey(userId));
    return text === null ? undefined : proprietarioList.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

const isNetworkError = (error: unknown) => error instanceof ApiError && error.code === 'NETWORK_ERROR';

/**
 * The owners the user may act for. The last list loaded is kept per user: in a shed without signal
 * the flock page (reloaded from the service worker) still acts for the owner chosen, instead of
 * waiting for the network or falling back to the user's own data.
 */
async function fetchOwners(userId: number): Promise<Proprietario[]> {
  try {
    const list = await call('proprietarios');
    try {
      localStorage.setItem(ownersKey(userId), JSON.stringify(list));
    } catch {
      // Storage refused (private mode): only the offline fallback is lost.
    }
    return list;
  } catch (error) {
    const saved = isNetworkError(error) ? savedOwners(userId) : undefined;
    if (saved) return saved;
    throw error;
  }
}

export interface OwnerState {
  /** The `prop` to send: undefined while acting for oneself (the server's default). */
  prop: number | undefined;
  /** The owner acted for, once the list is loaded. */
  owner: Proprietario | undefined;
  /** Every owner the user may see, self first (empty until loaded, or when the call failed). */
  owners: Proprietario[];
  /** False for a read-only ('leitura') grant: screens hide add, edit and delete. */
  canWrite: boolean;
  /** True when acting for someone else. */
  isOther: boolean;
  /**
   * False until the owners are known: record queries wait, so they never load the user's own
   * list first and another owner's a moment later. A failed owners call counts as known (self).
   */
  ready: boolean;
  /** Acts for `ownerId` from now on (self: the user's own id). */
  choose: (ownerId: number) => void;
}

/** The owner acted for; see the top of this file. */
export function useOwner(): OwnerState {
  const { user } = useCurrentUser();
  const owners = useQuery({
    queryKey: OWNERS_QUERY_KEY,
    queryFn: () => fetchOwners(user.id),
    // Offline, a retry would wait for the network: answer now (self) so the screens can use their cached data.
    retry: (failures, error) => failures < 3 && !(isNetworkError(error) && !navigator.onLine),
    enabled: user.id > 0,
    staleTime: 5 * 60_000,
  });
  const chosen = useSyncExternalStore(subscribe, () => readChoice(user.id));
  const list = owners.data ?? [];
  // Without a (still granted) choice, a user with grants lands where their data is: their own
  // counts decide. They fail → self, as before grants existed; the dashboard shows that failure.
  const waitsForCounts = needsOwnCounts(list, chosen);
  const own = useQuery({
    queryKey: usrStatsKey(undefined),
    queryFn: () => fetchUsrStats(undefined),
    enabled: user.id > 0 && waitsForCounts,
    staleTime: 60_000,
  });
  const ownAccountEmpty = own.data ? isEmptyAccount(own.data.contagens) : own.isError ? false : undefined;
  const owner = chooseOwner(list, chosen, ownAccountEmpty);
  const isOther = owner !== undefined && owner.id !== user.id && owner.nivel !== 'proprietario';

  const choose = useCallback((ownerId: number) => writeChoice(user.id, ownerId), [user.id]);

  return {
    prop: isOther ? owner.id : undefined,
    owner,
    owners: list,
    canWrite: !isOther || owner.nivel !== 'leitura',
    isOther,
    ready: user.id > 0 && !owners.isPending && (!waitsForCounts || ownAccountEmpty !== undefined),
    choose,
  };
}
