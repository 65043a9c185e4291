import type { Generated } from 'kysely';

/** Row types of every table. Times are epoch milliseconds. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  company: string;
  password_hash: string;
  separador_csv: string;
  timezone: number;
  language: string;
  reports_language: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** Anti-forgery token (hashed) issued with the session cookie. */
  csrf_hash: string | null;
  user_agent: string;
  ip: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Counters behind login and recovery throttling; in the database so every instance shares them. */
export interface AuthThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
}

export interface Tables {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  auth_throttle: AuthThrottleTable;
}
