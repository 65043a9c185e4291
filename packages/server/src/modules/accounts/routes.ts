import {
  CSRF_COOKIE,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
} from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config } from '../../config.js';
import { SESSION_COOKIE, sessionOf } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { pageVerdict } from '../../http/own-pages.js';
import { route } from '../../http/route.js';
import type { AccountsService, ClientInfo } from './service.js';

/** First supported language of Accept-Language, for mail sent to addresses without an account. */
function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** Longest textual IP address (IPv6 with an IPv4 tail is 45 characters); the sessions column holds 64. */
const IP_MAX_LENGTH = 64;
const USER_AGENT_MAX_LENGTH = 300;

/**
 * Who is calling, bounded once here: behind a proxy (TRUST_PROXY) the address comes from
 * X-Forwarded-For, which the client writes, and it keys the throttle rows and session rows.
 */
const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip.slice(0, IP_MAX_LENGTH),
  userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_LENGTH),
  language: requestLanguage(request),
});

/** `requireAccount` takes sessions and API tokens alike; the token gate keeps tokens off these calls (403 TOKEN_SCOPE). */
export function accountsRoutes(accounts: AccountsService, config: Config, requireAccount: onRequestHookHandler) {
  const secure = config.PUBLIC_URL.startsWith('https:');

  /**
   * Login CSRF: another site (or a link opened from a mail) loading setcookie with the attacker's
   * token would sign the victim's browser in as the attacker. Only the portal's own frame may.
   */
  const requireOwnPage = async (request: FastifyRequest) => {
    const verdict = pageVerdict(request, config.PUBLIC_URL);
    if (verdict.own) return;
    request.log.warn({ reason: verdict.reason }, "setcookie refused: not loaded by the portal's own pages; no cookie set");
    throw new AppError('CSRF_TOKEN_INVALID');
  };

  const clearCookies = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(CSRF_COOKIE, { path: '/' });
  };

  return async function register(instance: FastifyInstance) {
    route(instance, 'register', {}, async (request, reply) => reply.status(201).send(await accounts.register(request.body, clientOf(request))));

    route(instance, 'login', {}, async (request) => accounts.login(request.body.email, request.body.password, clientOf(request)));

    // The record read with the session: no second query.
    route(instance, 'getuser', { onRequest: requireAccount }, async (request) => sessionOf(request).user);

    route(instance, 'updateuser', { onRequest: requireAccount }, async (request) => {
      const { userId, sessionId } = sessionOf(request);
      return accounts.updateUser(userId, request.body, sessionId);
    });

    route(instance, 'password_recover', {}, async (request) => {
      await accounts.recoverPassword(request.query.email, clientOf(request));
      return { ok: true as const };
    });

    route(instance, 'password_reset', {}, async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return { ok: true as const };
    });

    route(instance, 'setcookie', { onRequest: requireOwnPage }, async (request, reply) => {
      const token = request.query['api-token'];
      const session = await accounts.authenticate(token);
      if (!session) {
        clearCookies(reply);
        throw new AppError('UNAUTHENTICATED');
      }
      const csrf = await accounts.issueCsrfToken(session);
      const maxAge = config.SESSION_TTL_DAYS * 24 * 60 * 60;
      reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
      reply.setCookie(CSRF_COOKIE, csrf, { path: '/', httpOnly: false, sameSite: 'strict', secure, maxAge });
      return reply.status(204).send(null);
    });

    route(instance, 'logout', { onRequest: requireAccount }, async (request, reply) => {
      const { userId, sessionId } = sessionOf(request);
      await accounts.logout(userId, sessionId);
      clearCookies(reply);
      return { ok: true as const };
    });

    route(instance, 'getsessions', { onRequest: requireAccount }, async (request) => {
      const { userId, sessionId } = sessionOf(request);
      return accounts.listSessions(userId, sessionId);
    });

    route(instance, 'delsession', { onRequest: requireAccount }, async (request) => {
      await accounts.endSession(sessionOf(request).userId, request.body.idsession);
      return { ok: true as const };
    });
  };
}
