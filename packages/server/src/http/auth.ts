import { CSRF_COOKIE, CSRF_HEADER, type User } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { AccountsService } from '../modules/accounts/index.js';
import { AppError } from './errors.js';
import { hashToken } from './tokens.js';

export const SESSION_COOKIE = 'portal_session';

export interface RequestAuth {
  userId: number;
  sessionId: number;
  token: string;
  /** The caller's public record, read with the session (as fresh as SESSION_CACHE_SECONDS). */
  user: User;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The bearer token of the Authorization header, else the session cookie's. */
function credentials(request: FastifyRequest): { token: string; viaCookie: boolean } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ? { token: match[1], viaCookie: false } : undefined;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : undefined;
}

/** Whether a cookie-authenticated write carries the session's anti-forgery token (double submit). */
function csrfValid(request: FastifyRequest, csrfHash: string | null): boolean {
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  const cookie = request.cookies[CSRF_COOKIE];
  return typeof header === 'string' && cookie !== undefined && csrfHash !== null && sameText(header, cookie) && sameText(hashToken(header), csrfHash);
}

/**
 * onRequest hook of every call that needs an account. A cookie-authenticated write must also
 * carry the anti-forgery cookie's value in a header (double submit, checked against the session).
 */
export function authenticate(accounts: AccountsService) {
  return async function requireAccount(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const given = credentials(request);
    if (!given) throw new AppError('UNAUTHENTICATED');
    let session = await accounts.authenticate(given.token);
    if (!session) throw new AppError('UNAUTHENTICATED');
    if (given.viaCookie && !SAFE_METHODS.has(request.method) && !csrfValid(request, session.csrf_hash)) {
      // The copy may predate a setcookie served by another instance: refuse only on the database's word.
      session = await accounts.authenticate(given.token, { fresh: true });
      if (!session) throw new AppError('UNAUTHENTICATED');
      if (!csrfValid(request, session.csrf_hash)) throw new AppError('CSRF_TOKEN_INVALID');
    }
    request.auth = { userId: session.user_id, sessionId: session.id, token: given.token, user: session.user };
  };
}

/** The account of a request that passed `authenticate`. */
export function accountOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
