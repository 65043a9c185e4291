import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { proprietarioList, type Proprietario } from '@portal/shared';
import { apiRequest } from '../../api/client';
import { useCurrentUser } from '../auth/session';

/**
 * The owner (proprietario) whose records the screens show and edit (spec section 6: owners can
 * be chosen). The choice lives in localStorage, per signed-in user, so it survives moving between
 * record screens through the side menu (whose links carry no query), a reload and a new tab, and
 * a second account on the same device starts from its own data.
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

function writeChoice(userId: number, ownerId: number | null): void {
  memory.set(userId, ownerId);
  try {
    if (ownerId === null) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), String(ownerId));
  } catch {
    // Kept in memory above.
  }
  listeners.forEach((listener) => listener());
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
    queryFn: () => apiRequest('proprietarios', { method: 'POST', body: {}, schema: proprietarioList }),
    enabled: user.id > 0,
    staleTime: 5 * 60_000,
  });
  const chosen = useSyncExternalStore(subscribe, () => readChoice(user.id));
  const list = owners.data ?? [];
  // A stored choice no longer granted (or of an owner not loaded) falls back to self.
  const owner = list.find((entry) => entry.id === chosen) ?? list[0];
  const isOther = owner !== undefined && owner.id !== user.id && owner.nivel !== 'proprietario';

  const choose = useCallback(
    (ownerId: number) => writeChoice(user.id, ownerId === user.id ? null : ownerId),
    [user.id],
  );

  return {
    prop: isOther ? owner.id : undefined,
    owner,
    owners: list,
    canWrite: !isOther || owner.nivel !== 'leitura',
    isOther,
    ready: user.id > 0 && !owners.isPending,
    choose,
  };
}
