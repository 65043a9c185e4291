import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * The one typed configuration, read from the environment and validated at start.
 * A wrong value stops the server with a message naming the variable.
 */
const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const flag = (fallback: 'true' | 'false' | '1' | '0') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((value) => value === 'true' || value === '1');

/** 32 bytes written as 64 hex characters or as base64 (43 characters, padded or not). */
export function parseSecretKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  // Node's base64 decoder reads the URL-safe alphabet too.
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return Buffer.from(value, 'base64');
  return undefined;
}

const envSchema = z.object({
  PORT: integer(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://…')
    .default('sqlite:./data/portal.sqlite'),
  /** Address users open; used in e-mailed links. Defaults to http://localhost:<PORT>. */
  PUBLIC_URL: z.url().optional(),
  /**
   * TCP port of the embedded MQTT broker devices connect to (on PUBLIC_URL's host; told to devices
   * by getdevice_conn). Not 1883 by default: a system Mosquitto often holds that one. 0 picks a
   * free port (tests). Devices behind proxies use MQTT over WebSocket at /mqtt on the web port.
   */
  MQTT_PORT: integer(0, 65535).default(1884),
  /**
   * An external broker (mqtt://user:pass@host:1883 or ws://…) instead of the embedded one: the way
   * to run several instances on one PostgreSQL. That broker must check device logins itself
   * (docs/device-protocol.md, 'External broker').
   */
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp):\/\/.+/, 'must be mqtt://…, mqtts://…, ws://… or wss://…')
    .optional(),
  /**
   * Shared secret an external broker sends as X-Portal-Broker-Key when it calls the login and topic
   * hooks (POST /api/mqtt/auth, /api/mqtt/acl) from another host; without it only direct calls
   * from this machine (loopback, not through a proxy) are answered.
   */
  MQTT_HOOK_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * With MQTT_URL: the shared-subscription group the instances read device messages through
   * ($share/<group>/portal/+/+/dados), so each message is handled by one instance of the group.
   * Two portals on one broker (production and a test) need different groups, or they take each
   * other's messages.
   */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, _ or -')
    .default('portal'),
  /**
   * Redis (redis://[:password@]host:6379[/db] or rediss://…) shared by several instances. With
   * MQTT_URL it carries the live events between instances (src/realtime/cluster.ts; without it they
   * go through PostgreSQL LISTEN/NOTIFY). Without MQTT_URL the embedded brokers also cluster over it
   * (mqtt/broker-cluster.ts). Unset: one instance, everything in-process.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be redis://… or rediss://…')
    .optional(),
  /** Start of every Redis key and channel the portal uses, so several deployments share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1–64 letters, digits or : _ . -')
    .default('portal:'),
  /** Runs the simulated devices of the demo account in the server (npm start); 0 turns it off. */
  SIMULATOR: flag('1'),
  /** How many times faster than real time the simulated flocks grow (readings and records keep the real clock). */
  SIM_SPEED: z.coerce.number().min(0.01).max(100_000).default(1),
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
  /**
   * How long an instance reuses a session it read (with its user) before reading it again; 0: every
   * call reads it. A session ended on this instance is refused at once; one ended on another instance
   * is refused here once the cluster channel (realtime/cluster.ts) brings 'sessions.changed', and
   * within this time at the latest.
   */
  SESSION_CACHE_SECONDS: integer(0, 60).default(5),
  PASSWORD_RESET_TTL_MINUTES: integer(5, 24 * 60).default(60),
  /** Failed logins for one e-mail (or ten times as many for one address) before a pause. */
  LOGIN_MAX_FAILURES: integer(1, 1000).default(5),
  LOGIN_LOCK_MINUTES: integer(1, 24 * 60).default(15),
  /** Largest weighing file POST /api/importacao takes, in MiB (a bigger upload answers 413). */
  IMPORT_MAX_MB: integer(1, 2048).default(200),
  /** Behind a load balancer: trust X-Forwarded-For for client addresses. */
  TRUST_PROXY: flag('false'),
  /**
   * Encrypts stored integration passwords (AES-256-GCM). Unset: a key file is created next to the
   * SQLite database (see secret-key.ts); several instances must share one SECRET_KEY.
   */
  SECRET_KEY: z
    .string()
    .transform((value, context) => {
      const key = parseSecretKey(value.trim());
      if (!key) context.addIssue({ code: 'custom', message: 'must be 32 bytes: 64 hex characters or base64' });
      return key ?? Buffer.alloc(0);
    })
    .optional(),
  /**
   * Web Push (VAPID) key pair in base64url, as `npx web-push generate-vapid-keys` prints it. Unset: a
   * pair is generated once into vapid.json beside secret.key; several instances on one PostgreSQL
   * must share one pair (browsers subscribed with one portal's public key).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be an uncompressed P-256 public key: 65 bytes in base64url (87 characters, starting with B)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key: 32 bytes in base64url (43 characters)')
    .optional(),
  /** Who push services may contact about this portal's pushes; default: mailto: with MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:<address> or https://…')
    .optional(),
  /**
   * The push services browsers subscribe through (comma-separated; a host or any subdomain of it):
   * push_subscribe refuses an endpoint elsewhere, so the portal never posts to an address a user
   * chose. HTTPS only; a loopback host listed here may use HTTP (tests, development).
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com')
    .transform((list) => list.split(',').map((host) => host.trim()).filter((host) => host.length > 0)),
  /**
   * Integration exports (issue 21) refuse endpoints on loopback, private, link-local or unique-local
   * addresses (checked on the address connected to), so a user cannot make the portal post into
   * its own network. `true` allows them: tests, a receiver on the same machine or a private network.
   */
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: flag('false'),
  /** On an empty database, `npm start` creates a demo account with sample data (0 turns it off). */
  DEMO: flag('1'),
  /**
   * Worker threads that run the heavy report calls (src/reports) off the request thread; 0 runs
   * them on it, without a queue bound. Default: one per core but one, at least one.
   */
  REPORT_WORKERS: integer(0, 64).default(Math.max(1, availableParallelism() - 1)),
  /** Heavy calls that may wait for a worker; past them a call answers 503 BUSY with Retry-After. */
  REPORT_QUEUE: integer(0, 10_000).default(32),
});

export type Config = z.output<typeof envSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

// REDIS_URL may carry Redis' password.
const HIDDEN_VARIABLES = new Set(['SECRET_KEY', 'MQTT_HOOK_KEY', 'REDIS_URL', 'VAPID_PRIVATE_KEY']);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // A key that is almost right must not land in a log.
      const shown = HIDDEN_VARIABLES.has(name) ? `(hidden, ${env[name]?.length ?? 0} characters)` : JSON.stringify(env[name]);
      return `  ${name}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if ((config.VAPID_PUBLIC_KEY === undefined) !== (config.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (one key pair) or neither (a pair is generated into vapid.json)');
  }
  return { ...config, PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '') };
}
