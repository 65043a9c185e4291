import {
  DEFAULT_CSV_SEPARATOR,
  DEFAULT_LANGUAGE,
  DEFAULT_TIMEZONE,
  type Language,
  type LoginResponse,
  type Session,
  type User,
} from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { EventBus } from '../../events/index.js';
import { AppError } from '../../http/errors.js';
import { hashToken, newToken } from '../../http/tokens.js';
import type { Mailer } from '../../mail/mailer.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import type { passwordResetsRepository } from './password-resets.repository.js';
import { accountReads, toUser } from './reads.js';
import { noAccountMail, recoveryLinkMail } from './recovery-mail.js';
import { sessionCache } from './session-cache.js';
import type { ActiveSession, SessionsRepository } from './sessions.repository.js';
import type { ThrottleRepository, ThrottleReservation, ThrottleRule } from './throttle.repository.js';
import type { UserRow, UsersRepository } from './users.repository.js';

const MINUTE = 60_000;

export interface AccountsDeps {
  config: Config;
  users: UsersRepository;
  sessions: SessionsRepository;
  resets: ReturnType<typeof passwordResetsRepository>;
  throttle: ThrottleRepository;
  mailer: Mailer;
  clock: () => number;
  log: FastifyBaseLogger;
  /** Carries 'sessions.changed': this instance's session cache listens, and so may a relay to the other instances. */
  events: EventBus;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
  language: Language;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function accountsService(deps: AccountsDeps) {
  const { config, users, sessions, resets, throttle, mailer, clock, events } = deps;
  const sessionTtl = config.SESSION_TTL_DAYS * 24 * 60 * MINUTE;
  const cache = sessionCache({ ttlMs: config.SESSION_CACHE_SECONDS * 1000, clock });
  events.on('sessions.changed', ({ userId, sessionId }) => (sessionId === null ? cache.forgetUser(userId) : cache.forgetSession(sessionId)));

  /** A session ended or its user's record changed: every cached copy goes (this instance's before the call answers). */
  const sessionsChanged = (userId: number, sessionId: number | null) => events.emit('sessions.changed', { userId, sessionId });

  /**
   * Slides the session's expiry, at most once a minute, off the call's path: the call does not wait
   * for the write, and a failed write only leaves the expiry where it was (logged).
   */
  function slideExpiry(session: ActiveSession, now: number): void {
    session.last_used_at = now;
    session.expires_at = now + sessionTtl;
    sessions.touch(session.id, now, session.expires_at).catch((error: unknown) => {
      deps.log.error({ err: error, sessionId: session.id }, 'session expiry not slid (it ends at its previous expiry unless used again)');
    });
  }
  const loginByEmail: ThrottleRule = {
    limit: config.LOGIN_MAX_FAILURES,
    windowMs: config.LOGIN_LOCK_MINUTES * MINUTE,
    lockMs: config.LOGIN_LOCK_MINUTES * MINUTE,
  };
  const loginByIp: ThrottleRule = { ...loginByEmail, limit: config.LOGIN_MAX_FAILURES * 10 };
  const recoverByEmail: ThrottleRule = { limit: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE };
  const recoverByIp: ThrottleRule = { limit: 30, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE };

  async function releaseAll(reservations: ThrottleReservation[]) {
    for (const reservation of reservations) await throttle.release(reservation);
  }

  /**
   * Counts one attempt against every key before the work it guards, all or none: an attempt
   * refused by one key gives back what it took from the others. Parallel attempts past a limit
   * are refused without their password being checked.
   */
  async function takeAttempt(limits: Array<[key: string, rule: ThrottleRule]>): Promise<ThrottleReservation[]> {
    const taken: ThrottleReservation[] = [];
    for (const [key, rule] of limits) {
      const outcome = await throttle.reserve(key, rule, clock());
      if (!outcome.granted) {
        await releaseAll(taken);
        if (outcome.lockStarted) deps.log.warn({ key, lockSeconds: rule.lockMs / 1000 }, 'too many attempts: key paused');
        throw new AppError('TOO_MANY_ATTEMPTS', { retryAfterSeconds: Math.ceil(outcome.retryAfterMs / 1000) });
      }
      taken.push(outcome.reservation);
    }
    return taken;
  }

  async function openSession(user: UserRow, client: ClientInfo): Promise<LoginResponse> {
    const token = newToken();
    const now = clock();
    await sessions.insert({
      user_id: user.id,
      token_hash: hashToken(token),
      csrf_hash: null,
      user_agent: client.userAgent,
      ip: client.ip,
      created_at: now,
      last_used_at: now,
      expires_at: now + sessionTtl,
      revoked_at: null,
    });
    return { token, expires_at: iso(now + sessionTtl), user: toUser(user) };
  }

  async function requireUser(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  }

  return {
    async register(input: { name: string; email: string; password: string; company: string; language?: Language | undefined }, client: ClientInfo): Promise<User> {
      const now = clock();
      const language = input.language ?? client.language ?? DEFAULT_LANGUAGE;
      try {
        const row = await users.insert({
          email: input.email,
          name: input.name,
          company: input.company,
          password_hash: await hashPassword(input.password),
          separador_csv: DEFAULT_CSV_SEPARATOR,
          separador_decimal: null,
          timezone: DEFAULT_TIMEZONE,
          language,
          reports_language: language,
          created_at: now,
          updated_at: now,
        });
        deps.log.info({ userId: row.id }, 'account registered');
        return toUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.field('email', 'EMAIL_IN_USE');
        throw error;
      }
    },

    async login(email: string, password: string, client: ClientInfo): Promise<LoginResponse> {
      const attempt = await takeAttempt([
        [`login:email:${email}`, loginByEmail],
        [`login:ip:${client.ip}`, loginByIp],
      ]);
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
      if (!user || !valid) {
        // The attempt stays counted: it was a failure.
        deps.log.info({ email, ip: client.ip }, 'login failed');
        throw new AppError('INVALID_CREDENTIALS');
      }
      // A success gives back only its own attempt and erases no failure: knowing one password
      // buys no guesses at others from the same address, nor more at this e-mail while a burst runs.
      await releaseAll(attempt);
      return openSession(user, client);
    },

    /**
     * The active session behind a token, with its user: one query (session joined with user), or none
     * while this instance's copy is younger than SESSION_CACHE_SECONDS. `fresh` reads the database
     * whatever the cache holds (before refusing on what a cached copy says). Slides the expiry,
     * writing at most once a minute.
     */
    async authenticate(token: string, options: { fresh?: boolean } = {}): Promise<ActiveSession | undefined> {
      const now = clock();
      const tokenHash = hashToken(token);
      let session = options.fresh ? undefined : cache.get(tokenHash, now);
      if (!session) {
        const readAt = cache.generation;
        session = await sessions.findActiveWithUser(tokenHash, now);
        if (!session) return undefined;
        cache.set(tokenHash, session, readAt);
      }
      if (now - session.last_used_at > MINUTE) slideExpiry(session, now);
      return session;
    },

    async getUser(userId: number): Promise<User> {
      return toUser(await requireUser(userId));
    },

    async updateUser(
      userId: number,
      input: Partial<Omit<User, 'id' | 'loadded'>> & { password?: string | undefined; current_password?: string | undefined },
      sessionId: number,
    ): Promise<User> {
      const user = await requireUser(userId);
      const { password, current_password: currentPassword, ...fields } = input;
      const emailChanges = fields.email !== undefined && fields.email !== user.email;
      if (password !== undefined || emailChanges) {
        if (!currentPassword) throw AppError.field('current_password', 'CURRENT_PASSWORD_REQUIRED');
        if (!(await verifyPassword(currentPassword, user.password_hash))) {
          throw AppError.field('current_password', 'CURRENT_PASSWORD_WRONG');
        }
      }
      const now = clock();
      try {
        const row = await users.update(userId, {
          ...fields,
          ...(password !== undefined ? { password_hash: await hashPassword(password) } : {}),
          updated_at: now,
        });
        if (password !== undefined) {
          // A new password ends every other session and any recovery link still out.
          await sessions.revokeAllOf(userId, now, sessionId);
          await resets.expireAllOf(userId, now);
        }
        // Cached sessions carry the user's record (getuser answers it): every one is read again.
        await sessionsChanged(userId, null);
        return toUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.field('email', 'EMAIL_IN_USE');
        throw error;
      }
    },

    /** Sends a one-time link; the answer is the same whether or not the e-mail has an account. */
    async recoverPassword(email: string, client: ClientInfo): Promise<void> {
      // Every request counts, answered or not: each may send a mail.
      await takeAttempt([
        [`recover:email:${email}`, recoverByEmail],
        [`recover:ip:${client.ip}`, recoverByIp],
      ]);
      const user = await users.findByEmail(email);
      let message;
      let tokenHash: string | undefined;
      if (user) {
        const token = newToken();
        const now = clock();
        tokenHash = hashToken(token);
        await resets.insert({
          user_id: user.id,
          token_hash: tokenHash,
          created_at: now,
          expires_at: now + config.PASSWORD_RESET_TTL_MINUTES * MINUTE,
          used_at: null,
        });
        const link = `${config.PUBLIC_URL}/#/recuperar/${token}`;
        message = recoveryLinkMail(user.email, user.name, link, config.PASSWORD_RESET_TTL_MINUTES, user.language as Language);
      } else {
        message = noAccountMail(email, client.language);
      }
      try {
        await mailer.send(message);
      } catch (error) {
        deps.log.error({ err: error, to: email }, 'recovery mail could not be sent');
        // A link nobody received must not stay valid.
        if (tokenHash) await resets.delete(tokenHash);
        throw new AppError('MAIL_UNAVAILABLE');
      }
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const now = clock();
      const userId = await resets.consume(hashToken(token), now);
      if (userId === undefined) throw AppError.field('token', 'RESET_LINK_INVALID');
      await users.update(userId, { password_hash: await hashPassword(password), updated_at: now });
      await sessions.revokeAllOf(userId, now);
      await resets.expireAllOf(userId, now);
      await sessionsChanged(userId, null);
      deps.log.info({ userId }, 'password reset through recovery link');
    },

    /** Issues the anti-forgery token that goes with the session cookie. */
    async issueCsrfToken(session: Pick<ActiveSession, 'id' | 'user_id'>): Promise<string> {
      const csrf = newToken();
      await sessions.setCsrfHash(session.id, hashToken(csrf));
      await sessionsChanged(session.user_id, session.id);
      return csrf;
    },

    async logout(userId: number, sessionId: number): Promise<void> {
      await sessions.revoke(userId, sessionId, clock());
      await sessionsChanged(userId, sessionId);
    },

    async listSessions(userId: number, currentId: number): Promise<Session[]> {
      const rows = await sessions.listActive(userId, clock());
      return rows.map((row) => ({
        id: row.id,
        created_at: iso(row.created_at),
        last_used_at: iso(row.last_used_at),
        user_agent: row.user_agent,
        ip: row.ip,
        current: row.id === currentId,
      }));
    },

    async endSession(userId: number, sessionId: number): Promise<void> {
      if (!(await sessions.revoke(userId, sessionId, clock()))) throw new AppError('NOT_FOUND');
      await sessionsChanged(userId, sessionId);
    },

    /** What other modules read of an account (reads.ts). */
    ...accountReads(users),
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
