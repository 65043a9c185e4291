import {
  CSRF_COOKIE,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  delSessionBody,
  loginBody,
  loginResponse,
  okResponse,
  passwordRecoverQuery,
  passwordResetBody,
  registerBody,
  sessionList,
  setCookieQuery,
  updateUserBody,
  user,
  type Language,
} from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { accountOf, authenticate, SESSION_COOKIE } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { pageVerdict } from '../../http/own-pages.js';
import type { AccountsService, ClientInfo } from './service.js';

const TAGS = ['accounts'];

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

export function accountsRoutes(accounts: AccountsService, config: Config) {
  const secure = config.PUBLIC_URL.startsWith('https:');
  const requireAccount = authenticate(accounts);

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
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/register',
      { schema: { tags: TAGS, summary: 'Create an account', body: registerBody, response: { 201: user } } },
      async (request, reply) => reply.status(201).send(await accounts.register(request.body, clientOf(request))),
    );

    app.post(
      '/api/login',
      { schema: { tags: TAGS, summary: 'Sign in; answers a bearer token', body: loginBody, response: { 200: loginResponse } } },
      async (request) => accounts.login(request.body.email, request.body.password, clientOf(request)),
    );

    app.get(
      '/api/getuser',
      { onRequest: requireAccount, schema: { tags: TAGS, summary: 'The signed-in user', response: { 200: user } } },
      async (request) => accounts.getUser(accountOf(request).userId),
    );

    app.post(
      '/api/updateuser',
      { onRequest: requireAccount, schema: { tags: TAGS, summary: 'Change profile, e-mail or password', body: updateUserBody, response: { 200: user } } },
      async (request) => {
        const { userId, sessionId } = accountOf(request);
        return accounts.updateUser(userId, request.body, sessionId);
      },
    );

    app.get(
      '/api/password_recover',
      { schema: { tags: TAGS, summary: 'E-mail a one-time password recovery link', querystring: passwordRecoverQuery, response: { 200: okResponse } } },
      async (request) => {
        await accounts.recoverPassword(request.query.email, clientOf(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/password_reset',
      { schema: { tags: TAGS, summary: 'Set a new password with a recovery link token', body: passwordResetBody, response: { 200: okResponse } } },
      async (request) => {
        await accounts.resetPassword(request.body.token, request.body.password);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/setcookie',
      {
        onRequest: requireOwnPage,
        schema: {
          tags: TAGS,
          summary: 'Set the session and anti-forgery cookies (loaded in a hidden frame after login by the portal\'s own pages)',
          querystring: setCookieQuery,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const token = request.query['api-token'];
        const session = await accounts.authenticate(token);
        if (!session) {
          clearCookies(reply);
          throw new AppError('UNAUTHENTICATED');
        }
        const csrf = await accounts.issueCsrfToken(session.id);
        const maxAge = config.SESSION_TTL_DAYS * 24 * 60 * 60;
        reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
        reply.setCookie(CSRF_COOKIE, csrf, { path: '/', httpOnly: false, sameSite: 'strict', secure, maxAge });
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/logout',
      { onRequest: requireAccount, schema: { tags: TAGS, summary: 'End this session', response: { 200: okResponse } } },
      async (request, reply) => {
        const { userId, sessionId } = accountOf(request);
        await accounts.logout(userId, sessionId);
        clearCookies(reply);
        return { ok: true as const };
      },
    );

    app.get(
      '/api/getsessions',
      { onRequest: requireAccount, schema: { tags: TAGS, summary: 'My active sessions', response: { 200: sessionList } } },
      async (request) => {
        const { userId, sessionId } = accountOf(request);
        return accounts.listSessions(userId, sessionId);
      },
    );

    app.post(
      '/api/delsession',
      { onRequest: requireAccount, schema: { tags: TAGS, summary: 'End one of my sessions', body: delSessionBody, response: { 200: okResponse } } },
      async (request) => {
        await accounts.endSession(accountOf(request).userId, request.body.idsession);
        return { ok: true as const };
      },
    );
  };
}
