import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testExportEngine } from '../../../test/export-engine.js';
import { startExportReceiver, type ExportReceiver } from '../../../test/export-receiver.js';
import { createAccount } from '../../../test/factories.js';
import { createNucleo } from '../../../test/factories/farms.js';
import { startTestPortal, testDialects, type TestPortal } from '../../../test/harness.js';

const DAY = 86_400_000;
const env = { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' };

/**
 * Issue 21, "two instances send once": two portals on one PostgreSQL run the export at the same
 * instant; the job's lock and the slot's unique run keep every page to one POST, and a restarted
 * instance does not send the slot again.
 */
describe.skipIf(!testDialects().includes('postgres'))('integration export: two portals on one PostgreSQL, and a restart', () => {
  let first: TestPortal;
  let second: TestPortal;
  let restarted: TestPortal | undefined;
  let receiver: ExportReceiver;

  beforeAll(async () => {
    first = await startTestPortal('postgres', { env });
    second = await startTestPortal('postgres', { env, routeDatabase: () => first.databaseUrl });
    for (const portal of [first, second]) await portal.services.integrationsJob.stop();
    receiver = await startExportReceiver();
  });
  afterAll(async () => {
    await restarted?.close();
    await second?.close();
    await first?.close();
    await receiver?.close();
  });

  it('sends each page once whichever portal runs, and nothing again after a restart', async () => {
    const owner = await createAccount(first);
    const farms = [];
    for (let index = 0; index < 5; index += 1) farms.push(await createNucleo(first, owner));
    const saved = await first.request('POST', '/api/register_config_integracao', {
      token: owner.token,
      body: { nome: 'ERP', sistema: 'ERP', endpoint: receiver.url, agenda: 'diaria', hora: '06:00', dados: ['nucleos'] },
    });
    expect(saved.status).toBe(200);
    const now = Date.now() + 2 * DAY;
    await Promise.all([testExportEngine(first).job.runOnce(now), testExportEngine(second).job.runOnce(now)]);
    // Either may have held the lock while the other passed: both try again, as the next tick would.
    await Promise.all([testExportEngine(second).job.runOnce(now + 1000), testExportEngine(first).job.runOnce(now + 1000)]);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.distinctPages()).toHaveLength(3);
    expect(receiver.received.flatMap((page) => page.body.itens.map((item) => item.id)).sort()).toEqual(farms.map((farm) => farm.id).sort());

    await second.close();
    restarted = await startTestPortal('postgres', { env, routeDatabase: () => first.databaseUrl });
    await restarted.services.integrationsJob.stop();
    await testExportEngine(restarted).job.runOnce(now + 60_000);
    expect(receiver.received).toHaveLength(3);
    const runs = await first.database.db.selectFrom('integration_runs').select(['origem', 'estado', 'linhas']).where('config_id', '=', saved.body.id).execute();
    expect(runs).toEqual([{ origem: 'agenda', estado: 'sucesso', linhas: 5 }]);
  });
});
