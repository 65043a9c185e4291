import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { CallName } from '@portal/shared';

/** What the user sees of a queued write: a label ("Pesagem manual · Aviário 1") and a group (`lote:12`) to list it under. */
export interface PendingMeta {
  label: string;
  group: string;
}

/** A write kept on this device until the server takes it (IndexedDB: it survives a closed tab). */
export interface PendingCall {
  uid: string;
  name: CallName;
  body: Record<string, unknown>;
  meta: PendingMeta;
  /** Epoch ms: entries are sent in this order. */
  createdAt: number;
  /** The signed-in user who made it: only that user's session sends it. */
  userId: number;
  /** 'failed': the server refused it (4xx); kept, with the reason, until the user discards it. */
  state: 'pending' | 'failed';
  error?: { code: string; message: string } | undefined;
}

let store: UseStore | undefined;
const db = () => (store ??= createStore('portal-offline', 'pending-calls'));

export const readAll = async (): Promise<PendingCall[]> => (await values<PendingCall>(db())).sort((a, b) => a.createdAt - b.createdAt || a.uid.localeCompare(b.uid));
export const readOne = (uid: string): Promise<PendingCall | undefined> => get<PendingCall>(uid, db());
export const write = (entry: PendingCall): Promise<void> => set(entry.uid, entry, db());
export const remove = (uid: string): Promise<void> => del(uid, db());
