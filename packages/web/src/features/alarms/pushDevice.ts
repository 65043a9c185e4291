import { pushSubscribeBody } from '@portal/shared';
import { call } from '../../api/client';
import { base64UrlToBytes } from './pushKey';

/**
 * Web Push on this device: the browser's permission, the service worker's subscription (signed for
 * the portal's VAPID public key, getpushchave) and the portal's copy of it (push_subscribe). The
 * service worker (public/push-sw.js, imported by the generated sw.js) shows what arrives.
 */

/** Why this device cannot get notifications; each a locale key under alarms.preferences.push.problems. */
export type PushProblem = 'unsupported' | 'denied' | 'noWorker';

export class PushDeviceError extends Error {
  constructor(readonly problem: PushProblem) {
    super(`push: ${problem}`);
  }
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
};

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // The worker is registered after the first paint (offline/serviceWorker.ts); none in development.
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new PushDeviceError('noWorker');
  return found;
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

/**
 * Asks the user's permission, subscribes with the portal's key (a subscription made for another
 * key is replaced) and hands it to the portal. Throws PushDeviceError, or the API's error
 * (PUSH_UNAVAILABLE when the portal has no keys).
 */
export async function subscribeThisDevice(): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushDeviceError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeviceError('denied');
  const worker = await registration();
  const { chave_publica } = await call('getpushchave');
  const key = base64UrlToBytes(chave_publica);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await call('push_subscribe', { body: pushSubscribeBody.parse(subscription.toJSON()) });
  return subscription;
}

/** Tells the portal to stop sending to this device, then drops the browser's subscription. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await call('push_unsubscribe', { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
