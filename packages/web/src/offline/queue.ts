import type { CallAnswer, CallBody, CallName } from '@portal/shared';
import { ApiError, call, isTemporaryFailure, type CallOptions } from '../api/client';
import { errorText } from '../api/errorText';
import i18n from '../i18n';
import { readAll, readOne, remove, write, type PendingCall, type PendingMeta } from './store';

/**
 * The offline queue (issue 18): writes made in the shed without signal wait in IndexedDB and are
 * sent when the connection returns, once each, in the order they were made. The server keeps each
 * by its client-made `uid`, so a write re-sent after a lost answer changes nothing there.
 * Two tabs never send at the same time: the sending holds a Web Lock.
 */

export type SubmitResult<N extends CallName> = { state: 'sent'; response: CallAnswer<N> } | { state: 'pending' };
/** A call's body that carries the client-made uid the server deduplicates by. */
export type QueuedBody<N extends CallName> = CallBody<N> & { uid: string };

const LOCK = 'portal-offline-queue';
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('portal-offline-queue');
const listeners = new Set<() => void>();
/** The signed-in user whose entries this tab lists and sends (set by the app shell, useOfflineQueue). */
let currentUser: number | null = null;
/** Answers of entries this tab sent, for the submit that queued them behind older ones. */
const answers = new Map<string, unknown>();
const failures = new Map<string, ApiError>();
let running: Promise<void> | undefined;

function changed(): void {
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}
channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));

/** Tells `listener` whenever the queue changes, in this tab or another. */
export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setQueueUser(userId: number | null): void {
  currentUser = userId && userId > 0 ? userId : null;
  listeners.forEach((listener) => listener());
}

/** The signed-in user's queued entries, oldest first (a group: only those, e.g. `lote:12`). */
export async function pendingCalls(group?: string): Promise<PendingCall[]> {
  if (currentUser === null) return [];
  return (await readAll()).filter((entry) => entry.userId === currentUser && (group === undefined || entry.meta.group === group));
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const send = <N extends CallName>(name: N, body: unknown) => call(name, { body } as unknown as CallOptions<N>);

/** One entry sent: removed after a 2xx, kept failed after a refusal (4xx); false to stop the round (no network, 5xx). */
async function sendEntry(entry: PendingCall): Promise<boolean> {
  try {
    answers.set(entry.uid, await send(entry.name, entry.body));
    await remove(entry.uid);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || isTemporaryFailure(error) || error.status === 401 || error.status === 429) return false;
    failures.set(entry.uid, error);
    await write({ ...entry, state: 'failed', error: { code: error.code, message: errorText(error, i18n.t) } });
    return true;
  } finally {
    changed();
  }
}

/** One pass over the queue: 'stop' when an entry cannot be sent now, 'more' when some were handled (new ones may have come). */
async function sendPass(user: number): Promise<'stop' | 'more' | 'done'> {
  let handled = false;
  for (const listed of await readAll()) {
    if (listed.userId !== user || listed.state !== 'pending') continue;
    // Another tab may have sent it since the list was read.
    const entry = await readOne(listed.uid);
    if (!entry || entry.state !== 'pending') continue;
    if (!(await sendEntry(entry))) return 'stop';
    handled = true;
  }
  return handled ? 'more' : 'done';
}

async function sendRound(): Promise<void> {
  const user = currentUser;
  while (user !== null && user === currentUser && (await sendPass(user)) === 'more');
}

/**
 * Sends the signed-in user's pending entries, one at a time, oldest first; stops at the first
 * that cannot be sent now (they keep their order). Does nothing while another round runs, in this
 * tab or another (Web Lock; without Web Locks, this tab's guard only).
 */
export function replayPending(): Promise<void> {
  if (currentUser === null || isOffline()) return Promise.resolve();
  running ??= (async () => {
    try {
      if (navigator.locks) await navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => (lock ? sendRound() : undefined));
      else await sendRound();
    } catch (error) {
      console.warn('[offline] sending the queued writes failed', error);
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/** A failed entry the user gave up on (or any entry): removed from this device. */
export async function discardPending(uid: string): Promise<void> {
  await remove(uid);
  changed();
}

async function enqueue<N extends CallName>(name: N, body: QueuedBody<N>, meta: PendingMeta, userId: number): Promise<void> {
  await write({ uid: body.uid, name, body: body as Record<string, unknown>, meta, createdAt: Date.now(), userId, state: 'pending' });
  changed();
}

/**
 * Sends a write now when possible: `{ state: 'sent', response }`. Without a connection (the
 * browser offline, or no answer at all) it is kept on this device and sent later: `{ state:
 * 'pending' }`. An answer of the server refusing it (4xx, 5xx) is thrown as the API client's error,
 * as for `call`. When older writes are still waiting, this one queues behind them (so the server
 * takes them in the order they were made) and the queue is sent now.
 */
export async function submitOrQueue<N extends CallName>(name: N, body: QueuedBody<N>, meta: PendingMeta): Promise<SubmitResult<N>> {
  const userId = currentUser;
  if (userId === null) return { state: 'sent', response: await send(name, body) };
  const waiting = (await pendingCalls()).some((entry) => entry.state === 'pending');
  if (!waiting && !isOffline()) {
    try {
      return { state: 'sent', response: await send(name, body) };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'NETWORK_ERROR') throw error;
    }
    await enqueue(name, body, meta, userId);
    return { state: 'pending' };
  }
  await enqueue(name, body, meta, userId);
  await replayPending();
  if (answers.has(body.uid)) return { state: 'sent', response: answers.get(body.uid) as CallAnswer<N> };
  const refused = failures.get(body.uid);
  if (refused) {
    await discardPending(body.uid);
    throw refused;
  }
  return { state: 'pending' };
}
