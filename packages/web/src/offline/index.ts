/**
 * Offline entry (issue 18): the queue of writes made without a connection (IndexedDB, sent once
 * when it returns) and the service worker that keeps the app and its last reads for offline use.
 */
export { discardPending, replayPending, submitOrQueue, type QueuedBody, type SubmitResult } from './queue';
export type { PendingCall, PendingMeta } from './store';
export { useOfflineQueue, useOnline, usePendingCalls } from './usePendingCalls';
