import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/dialect.js';
import type { Mailer } from '../../../mail/mailer.js';
import type { AccountReads } from '../../accounts/index.js';
import type { FarmsService } from '../../farms/index.js';
import type { OwnerScopes, PermissionsService } from '../../permissions/index.js';
import type { AlarmsRepository } from '../alarms.repository.js';
import { rulesLookup } from '../engine.js';
import type { AlarmStep } from '../job.js';
import type { RulesRepository } from '../rules.repository.js';
import { audienceReads } from './audience.js';
import { deliveryStep } from './deliver.js';
import type { DigestReads } from './digest-content.js';
import { digestStep } from './digest.js';
import { deliveryPreferencesService } from './preferences.service.js';
import { preferencesRepository } from './preferences.repository.js';
import { pushEndpointCheck } from './push-endpoints.js';
import { pushSender, type PushSend } from './push-sender.js';
import { sendsRepository } from './sends.repository.js';
import { subscriptionsRepository } from './subscriptions.repository.js';
import { resolveVapidKeys, type VapidKeys } from './vapid-keys.js';

/**
 * Builds delivery (docs/alarms.md, "Delivery"): the preferences and push calls' service, and the two
 * steps the alarms job runs after each evaluation (alarm e-mail and push; the morning digest).
 */
export function alarmDelivery(deps: {
  config: Config;
  database: Database;
  alarms: AlarmsRepository;
  rules: RulesRepository;
  accounts: Pick<AccountReads, 'userById'>;
  permissions: Pick<PermissionsService, 'given'>;
  farms: Pick<FarmsService, 'list'>;
  scopes: OwnerScopes;
  reads: DigestReads;
  mailer: Mailer;
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const { config, log } = deps;
  const db = deps.database.db;
  const preferences = preferencesRepository(db);
  const subscriptions = subscriptionsRepository(db);
  const sends = sendsRepository(db);
  // Read on first use (a report worker building services never needs them); a broken key file is then logged.
  let keys: VapidKeys | undefined;
  let sender: PushSend | undefined;
  const vapid = () => (keys ??= resolveVapidKeys(config, log));
  const endpointAllowed = pushEndpointCheck(config.PUSH_SERVICE_HOSTS);
  const push = () => (sender ??= pushSender(vapid(), endpointAllowed));
  const rulesOf = async (ownerId: number) => rulesLookup(await deps.rules.of(ownerId));
  const common = { sends, mailer: deps.mailer, rulesOf, publicUrl: config.PUBLIC_URL, log };

  const deliver: AlarmStep = deliveryStep({ ...common, alarms: deps.alarms, subscriptions, audience: audienceReads({ ...deps, preferences }), push });
  const digest: AlarmStep = digestStep({ ...common, preferences, alarms: deps.alarms, accounts: deps.accounts, scopes: deps.scopes, reads: deps.reads });
  return {
    service: deliveryPreferencesService({ preferences, subscriptions, farms: deps.farms, vapid, endpointAllowed, clock: deps.clock, log }),
    steps: [deliver, digest] as const,
  };
}
