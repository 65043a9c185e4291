import { useEffect, useState, useSyncExternalStore } from 'react';
import { pendingCalls, replayPending, setQueueUser, subscribePending } from './queue';
import type { PendingCall } from './store';

/** How often the queue is tried again while it holds entries (besides the `online` event). */
const RETRY_MS = 30_000;

/** The signed-in user's queued writes (a group: only those), kept current as the queue changes in any tab. */
export function usePendingCalls(group?: string): PendingCall[] {
  const [entries, setEntries] = useState<PendingCall[]>([]);
  useEffect(() => {
    let current = true;
    const load = () =>
      void pendingCalls(group)
        .then((found) => current && setEntries(found))
        .catch((error: unknown) => console.warn('[offline] the queue could not be read', error));
    load();
    const stop = subscribePending(load);
    return () => {
      current = false;
      stop();
    };
  }, [group]);
  return entries;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser says it has a network (false: certainly offline; true may still mean no signal). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/**
 * Runs the queue for the signed-in user (`userId`, 0 while none): sends at once, when the
 * connection returns, and every 30 s while entries wait. Mounted once, in the signed-in shell.
 */
export function useOfflineQueue(userId: number): PendingCall[] {
  useEffect(() => {
    setQueueUser(userId);
    if (userId > 0) void replayPending();
    const online = () => void replayPending();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      setQueueUser(null);
    };
  }, [userId]);
  const entries = usePendingCalls();
  const waiting = entries.some((entry) => entry.state === 'pending');
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void replayPending(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
  return entries;
}
