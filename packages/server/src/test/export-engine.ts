import type { DadoIntegracao, ExportCursor } from '@portal/shared';
import { createLogger } from '../logger.js';
import { TEST_SECRET_KEY, type TestPortal } from './harness.js';
import { integrationConfigsRepository } from '../modules/integrations/configs.repository.js';
import { passwordCipher } from '../modules/integrations/password-cipher.js';
import type { ExportSource, ExportSources } from '../modules/integrations/export/runner.js';
import { integrationExport } from '../modules/integrations/export/wiring.js';

/** Items per page in the tests, so a few farms make several pages. */
export const TEST_PAGE_SIZE = 2;

/**
 * The owner's farms from the real nucleos table, in the change order every source follows (at =
 * updated_at, then id); the other kinds send nothing. Tests of the engine do not depend on the
 * other modules' sources (the wiring test uses those).
 */
export function farmsOnlySources(portal: TestPortal): ExportSources {
  const nucleos: ExportSource = async (ownerId: number, after: ExportCursor, limit: number) => {
    const rows = await portal.database.db
      .selectFrom('nucleos')
      .select(['id', 'nome', 'updated_at'])
      .where('owner_id', '=', ownerId)
      .where((eb) => eb.or([eb('updated_at', '>', after.at), eb.and([eb('updated_at', '=', after.at), eb('id', '>', after.id)])]))
      .orderBy('updated_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    const last = rows.at(-1);
    return { itens: rows.map((row) => ({ id: row.id, nome: row.nome })), last: last ? { at: Number(last.updated_at), id: last.id } : null };
  };
  const none: ExportSource = async () => ({ itens: [], last: null });
  const kinds: DadoIntegracao[] = ['lotes', 'pesagens', 'racao', 'silos', 'mortalidade'];
  return { nucleos, ...Object.fromEntries(kinds.map((kind) => [kind, none])) } as ExportSources;
}

/**
 * An export engine on a test portal's database, as another instance of the portal would run it:
 * small pages, and backoff waits recorded instead of slept.
 */
export function testExportEngine(portal: TestPortal, sources: ExportSources = farmsOnlySources(portal)) {
  const waits: number[] = [];
  const engine = integrationExport({
    database: portal.database,
    configs: integrationConfigsRepository(portal.database.db),
    cipher: passwordCipher(Buffer.from(TEST_SECRET_KEY, 'hex')),
    sources,
    timezoneOf: (ownerId) => portal.services.accounts.timezoneOf(ownerId),
    allowPrivateNetworks: true,
    clock: Date.now,
    log: createLogger({ LOG_LEVEL: 'silent' }),
    pageSize: TEST_PAGE_SIZE,
    sleep: async (ms) => void waits.push(ms),
  });
  return { ...engine, waits };
}
