import { apiCalls, CSRF_COOKIE, CSRF_HEADER, TOKEN_API_PREFIXO, tokenMayCall, type CallName, type TokenEscopo, type User } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { AccountsService } from '../modules/accounts/index.js';
import type { ApiTokensService } from '../modules/apiTokens/index.js';
import type { ApiTokenGrant } from '../modules/permissions/index.js';
import { AppError } from './errors.js';
import { hashToken } from './tokens.js';

export const SESSION_COOKIE = 'portal_session';

/** A call made with a session (a person signed in). */
export interface SessionAuth {
  userId: number;
  sessionId: number;
  token: string;
  /** The caller's public record, read with the session (as fresh as SESSION_CACHE_SECONDS). */
  user: User;
  apiToken?: undefined;
}

/** A call made with an API token (a machine client acting for the token's owner, `userId`). */
export interface ApiTokenAuth {
  userId: number;
  apiToken: ApiTokenGrant;
}

export type RequestAuth = SessionAuth | ApiTokenAuth;

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

/** The call a route serves (`/api/<name>`), or undefined for any other path (/img_cs, /ws). */
function callNameOf(request: FastifyRequest): CallName | undefined {
  const url = request.routeOptions.url;
  if (!url?.startsWith('/api/')) return undefined;
  const name = url.slice('/api/'.length);
  return Object.hasOwn(apiCalls, name) ? (name as CallName) : undefined;
}

/** Routes outside the call table a token of either scope may read: the pictures getfotos lists (their `url`). */
const TOKEN_READ_ROUTES = new Set(['/img_cs/:id']);

/** Whether an API token of this scope may make this request (shared calls/tokenAccess.ts for the calls). */
function tokenMayRequest(escopo: TokenEscopo, request: FastifyRequest): boolean {
  const name = callNameOf(request);
  if (name !== undefined) return tokenMayCall(escopo, name);
  return request.method === 'GET' && TOKEN_READ_ROUTES.has(request.routeOptions.url ?? '');
}

/**
 * An API token's call: refused (401) when unknown, revoked or expired, and (403 TOKEN_SCOPE) when
 * the call is not one a token of its scope may make. Other paths than the calls' are not for
 * tokens, but for the pictures at /img_cs (TOKEN_READ_ROUTES).
 */
async function authenticateApiToken(apiTokens: Pick<ApiTokensService, 'authenticate'>, request: FastifyRequest, token: string): Promise<ApiTokenAuth> {
  const found = await apiTokens.authenticate(token);
  if (!found) throw new AppError('UNAUTHENTICATED');
  if (!tokenMayRequest(found.apiToken.escopo, request)) throw new AppError('TOKEN_SCOPE');
  return { userId: found.ownerId, apiToken: found.apiToken };
}

/**
 * onRequest hook of every call that needs an account. A cookie-authenticated write must also
 * carry the anti-forgery cookie's value in a header (double submit, checked against the session).
 * A bearer starting with TOKEN_API_PREFIXO is an API token (the calls it may make are gated here).
 */
export function authenticate(accounts: AccountsService, apiTokens: Pick<ApiTokensService, 'authenticate'>) {
  return async function requireAccount(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const given = credentials(request);
    if (!given) throw new AppError('UNAUTHENTICATED');
    if (!given.viaCookie && given.token.startsWith(TOKEN_API_PREFIXO)) {
      request.auth = await authenticateApiToken(apiTokens, request, given.token);
      return;
    }
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

/** The caller of a request that passed `authenticate`: a session's user or an API token's owner (a Principal for scopes.resolve). */
export function accountOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** The session of a request that passed `authenticate`, for the calls about the signed-in person (the token gate keeps tokens off them). */
export function sessionOf(request: FastifyRequest): SessionAuth {
  const auth = accountOf(request);
  if (auth.apiToken) throw new AppError('TOKEN_SCOPE');
  return auth;
}
