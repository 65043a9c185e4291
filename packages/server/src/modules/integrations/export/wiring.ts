import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/dialect.js';
import type { IntegrationConfigsRepository } from '../configs.repository.js';
import { integrationCursorsRepository } from '../cursors.repository.js';
import type { PasswordCipher } from '../password-cipher.js';
import { integrationRunsRepository } from '../runs.repository.js';
import { createIntegrationsJob } from './job.js';
import { exportRunner, type ExportSources } from './runner.js';
import { httpPageSender, type PageSender } from './sender.js';
import { exportService } from './service.js';

/**
 * The export engine of issue 21 put together: the runner (pages, signs, sends), the job (schedule
 * and waiting runs, started by app.ts) and the service behind the three calls. Tests build their
 * own with quicker retries, smaller pages or their own sources.
 */
export function integrationExport(deps: {
  database: Database;
  configs: IntegrationConfigsRepository;
  cipher: PasswordCipher;
  sources: ExportSources;
  timezoneOf: (ownerId: number) => Promise<number>;
  /** INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: endpoints on loopback or private networks are reached. */
  allowPrivateNetworks: boolean;
  clock: () => number;
  log: FastifyBaseLogger;
  send?: PageSender;
  pageSize?: number;
  retryBaseMs?: number;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { database, configs, cipher, timezoneOf, clock, log } = deps;
  const send = deps.send ?? httpPageSender({ allowPrivate: deps.allowPrivateNetworks });
  const runner = exportRunner({ database, configs, cipher, sources: deps.sources, send, pageSize: deps.pageSize, retryBaseMs: deps.retryBaseMs, sleep: deps.sleep, clock, log });
  const job = createIntegrationsJob({ database, configs, runner, timezoneOf, clock, log });
  const service = exportService({
    configs,
    runs: integrationRunsRepository(database.db),
    cursors: integrationCursorsRepository(database.db),
    cipher,
    timezoneOf,
    kick: () => job.kick(),
    clock,
  });
  return { service, job };
}
export type IntegrationExport = ReturnType<typeof integrationExport>;
