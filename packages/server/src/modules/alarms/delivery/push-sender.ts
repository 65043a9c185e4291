import webpush from 'web-push';
import type { PushEndpointCheck } from './push-endpoints.js';
import type { VapidKeys } from './vapid-keys.js';

/** What a notification carries; the web app's service worker shows it and opens `url` on a click. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** One notification per alarm on the device: a reminder replaces the earlier one. */
  tag: string;
}

export type PushOutcome = { ok: true } | { ok: false; gone: boolean; reason: string };

/** How long a push service may keep an undelivered notification (seconds): a day, reminders follow anyway. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that does not answer in this time is taken as failed (logged), never retried. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends one Web Push notification: web-push builds the request (the payload encrypted as RFC 8291
 * aes128gcm for the subscription's keys, the VAPID JWT of RFC 8292, TTL and Urgency), fetch sends
 * it. web-push's own sendNotification speaks HTTPS only; fetch sends to any http(s) endpoint the
 * subscription names, so the same code is exercised against a local endpoint in tests.
 * 404 and 410 mean the browser dropped the subscription (`gone`).
 */
export function pushSender(keys: VapidKeys, endpointAllowed: PushEndpointCheck) {
  return async function send(subscription: { endpoint: string; p256dh: string; auth: string }, payload: PushPayload, urgent: boolean): Promise<PushOutcome> {
    // Stored before PUSH_SERVICE_HOSTS changed: kept (a restored setting finds it again), never posted to.
    if (!endpointAllowed(subscription.endpoint)) return { ok: false, gone: false, reason: 'endpoint is not at a push service of PUSH_SERVICE_HOSTS' };
    try {
      // Throws on keys that are no P-256 point: the subscription can never be pushed to.
      const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
        vapidDetails: keys,
        TTL: PUSH_TTL_SECONDS,
        urgency: urgent ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      // fetch computes the length itself.
      delete headers['Content-Length'];
      const response = await fetch(request.endpoint, { method: request.method, headers, body: request.body === null ? null : new Uint8Array(request.body), signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) });
      if (response.ok) return { ok: true };
      const text = (await response.text()).slice(0, 200);
      return { ok: false, gone: response.status === 404 || response.status === 410, reason: `push service answered ${response.status}${text ? `: ${text}` : ''}` };
    } catch (error) {
      return { ok: false, gone: false, reason: error instanceof Error ? error.message : String(error) };
    }
  };
}
export type PushSend = ReturnType<typeof pushSender>;
