import { z } from 'zod';

/**
 * The one typed configuration, read from the environment and validated at start.
 * A wrong value stops the server with a message naming the variable.
 */
const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const envSchema = z.object({
  PORT: integer(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://…')
    .default('sqlite:./data/portal.sqlite'),
  /** Address users open; used in e-mailed links. Defaults to http://localhost:<PORT>. */
  PUBLIC_URL: z.url().optional(),
  /** smtp://user:pass@host:port; without it, mail goes to OUTBOX_DIR and the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be smtp://… or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Portal de Pesagem <no-reply@localhost>'),
  OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: integer(1, 365).default(30),
  PASSWORD_RESET_TTL_MINUTES: integer(5, 24 * 60).default(60),
  /** Failed logins for one e-mail (or ten times as many for one address) before a pause. */
  LOGIN_MAX_FAILURES: integer(1, 1000).default(5),
  LOGIN_LOCK_MINUTES: integer(1, 24 * 60).default(15),
  /** Behind a load balancer: trust X-Forwarded-For for client addresses. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});

export type Config = z.output<typeof envSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return { ...config, PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '') };
}
