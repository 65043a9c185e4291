import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece (web-push's own dependency) ships no types.
import ece from 'http_ece';

/** A browser's side of a push subscription: the key pair and auth secret the payload is encrypted for. */
export interface TestSubscriber {
  ecdh: ECDH;
  auth: Buffer;
  /** As PushSubscription.toJSON() gives it, for push_subscribe. */
  keys: { p256dh: string; auth: string };
}

export function testSubscriber(): TestSubscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local push service on port 0: records every request, answers 201, or the status a path was
 * given (410 for a subscription the browser dropped).
 */
export async function startPushService(): Promise<{ url: string; received: ReceivedPush[]; answer: Map<string, number>; close(): Promise<void> }> {
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answer.get(request.url ?? '') ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, answer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The payload as the browser reads it: aes128gcm (RFC 8188/8291) decrypted with the subscriber's private key and auth secret. */
export function decryptPush(push: ReceivedPush, subscriber: TestSubscriber): unknown {
  const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: subscriber.ecdh, authSecret: subscriber.auth.toString('base64url') }) as Buffer;
  return JSON.parse(plain.toString('utf8'));
}

/**
 * Checks a push request's VAPID Authorization (RFC 8292: `vapid t=<JWT>, k=<public key>`): the
 * ES256 signature against k, and answers k and the JWT's claims.
 */
export function vapidClaims(push: ReceivedPush): { k: string; claims: { aud: string; exp: number; sub: string } } {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [token, k] = [match[1]!, match[2]!];
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const jwtHeader = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT alg ${jwtHeader.alg}`);
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID JWT signature does not verify against k');
  return { k, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string } };
}
