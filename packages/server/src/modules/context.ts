import type { FastifyBaseLogger, FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/dialect.js';
import type { EventBus } from '../events/index.js';
import type { DeviceGateway } from '../mqtt/types.js';
import type { ReportRunner } from '../reports/runner.js';
import type { OwnerScopes } from './permissions/scope.js';
import type { Services } from './services.js';

/** What app.ts hands every feature module: its route plugin takes its service from `services`, built once. */
export interface ModuleContext {
  config: Config;
  database: Database;
  clock: () => number;
  log: FastifyBaseLogger;
  /** onRequest hook of every call that needs a signed-in user. */
  requireAccount: onRequestHookHandler;
  /** The session a token opens, checked as the bearer token is (the live channel signs in with it). */
  authenticateToken: (token: string) => Promise<{ userId: number; sessionId: number } | undefined>;
  /** Resolves the owner a call acts for (`prop`) against the caller's grants. */
  scopes: OwnerScopes;
  /** The devices' MQTT side: live events, commands, recent readings. */
  gateway: DeviceGateway;
  /** Runs the heavy report calls (reports/heavy-calls.ts) off the request thread, with a bounded queue. */
  reports: ReportRunner;
  /** Every module's service, built once by createServices (services.ts). */
  services: Services;
  /** The in-process event bus the services were built with. */
  events: EventBus;
}

export type FeatureModule = (context: ModuleContext) => FastifyPluginAsync;
