import type { AlarmesResponse, IntegracaoConfig } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/factories.js';
import { createNucleo } from '../../../test/factories/farms.js';
import { describeEachDialect } from '../../../test/harness.js';

/**
 * integracao_pausada as the portal wires it (modules/services.ts): the alarms job's rules read the
 * integrations service's `paused`. The pause is written as a failed run writes it; saving the
 * configuration lifts it, and the next evaluation clears the alarm.
 */
const T0 = Date.parse('2026-06-10T12:00:00Z');

describeEachDialect('paused integration alarm, wired to the integrations service', (portal) => {
  let owner: TestAccount;
  const body = { nome: 'ERP Central', endpoint: 'https://erp.integradora.example/api', usuario: '', agenda: 'manual', dados: ['lotes'], sistema: 'Totvs Agro' };

  const alarms = async () => ((await portal().request('GET', `/api/getalarmes?estado=todos`, { token: owner.token })).body as AlarmesResponse).alarmes;

  beforeAll(async () => {
    owner = await createAccount(portal());
    // The alarms job evaluates owners with a farm.
    await createNucleo(portal(), owner);
  });

  it('a paused configuration raises the alarm; saving it (which resumes it) clears the alarm', async () => {
    const created = await portal().request<IntegracaoConfig>('POST', '/api/register_config_integracao', { token: owner.token, body });
    expect(created.status).toBe(200);
    const id = created.body.id;
    // What the export records when an endpoint answers 4xx (modules/integrations/export/runner.ts).
    await portal().database.db.updateTable('integration_configs').set({ pausada_em: T0, ultimo_erro: 'http_4xx', ultimo_erro_detalhe: 'HTTP 400', falhas_seguidas: 1 }).where('id', '=', id).execute();

    await portal().services.alarmsJob.evaluate(T0 + 60_000);
    const raised = await alarms();
    expect(raised).toHaveLength(1);
    // The rule's own test (integrations.test.ts) checks every field; here, that the real service feeds it.
    expect(raised[0]).toMatchObject({ tipo: 'integracao_pausada', estado: 'aberto', alvo_tipo: 'integracao', alvo_id: id, detalhe: { erro: 'http_4xx' } });

    const saved = await portal().request<IntegracaoConfig>('POST', '/api/register_config_integracao', { token: owner.token, body: { ...body, id } });
    expect(saved.status).toBe(200);
    expect(saved.body.estado).toBe('ativa');
    await portal().services.alarmsJob.evaluate(T0 + 120_000);
    expect(await alarms()).toMatchObject([{ id: raised[0]!.id, estado: 'encerrado', encerrado_por: null }]);
  });
});
