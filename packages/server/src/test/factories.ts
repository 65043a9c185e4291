import type { LoginResponse, RegisterBody, User } from '@portal/shared';
import { hashToken, newToken } from '../http/tokens.js';
import { sessionsRepository } from '../modules/accounts/sessions.repository.js';
import type { TestPortal } from './harness.js';
import { lastRecoveryToken as lastRecoveryTokenIn } from './outbox.js';

let sequence = 0;
const FIRST_NAMES = ['Ana', 'João', 'Márcia', 'Pedro', 'Lucía', 'Tomás', 'Fernanda', 'Diego'];
const COMPANIES = ['Granja Boa Vista', 'Avícola Serrana', 'Integradora Sul', 'Granja La Esperanza'];

/** Registration data unique to this run: every call gives a new e-mail. */
export function accountInput(overrides: Partial<RegisterBody> = {}): Required<Pick<RegisterBody, 'name' | 'email' | 'password' | 'company'>> & RegisterBody {
  sequence += 1;
  const tag = `${sequence}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: `${FIRST_NAMES[sequence % FIRST_NAMES.length]} ${tag}`,
    email: `user-${tag}@example.test`,
    password: `frango-${tag}-9`,
    company: COMPANIES[sequence % COMPANIES.length]!,
    ...overrides,
  };
}

export interface TestAccount {
  user: User;
  email: string;
  password: string;
  token: string;
}

/** Registers an account through the API and signs it in. */
export async function createAccount(portal: TestPortal, overrides: Partial<RegisterBody> = {}): Promise<TestAccount> {
  const input = accountInput(overrides);
  const registered = await portal.request<User>('POST', '/api/register', { body: input });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await portal.request<LoginResponse>('POST', '/api/login', { body: { email: input.email, password: input.password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { user: login.body.user, email: input.email.toLowerCase(), password: input.password, token: login.body.token };
}

/** The token of the newest recovery link mailed to `email`. */
export const lastRecoveryToken = (portal: TestPortal, email: string) => lastRecoveryTokenIn(portal.outboxDir, email);

/**
 * A new session of `userId` written straight through the sessions repository: a valid bearer token
 * without login's password hashing (for tests that need hundreds of them).
 */
export async function issueSession(portal: TestPortal, userId: number, now = Date.now()): Promise<string> {
  const token = newToken();
  await sessionsRepository(portal.database.db).insert({
    user_id: userId,
    token_hash: hashToken(token),
    csrf_hash: null,
    user_agent: 'issued by a test',
    ip: '127.0.0.1',
    created_at: now,
    last_used_at: now,
    expires_at: now + portal.config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    revoked_at: null,
  });
  return token;
}
