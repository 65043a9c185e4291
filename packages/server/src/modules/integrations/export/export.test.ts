import { createHmac } from 'node:crypto';
import { INTEGRACAO_FALHAS_PAUSA, INTEGRACAO_TENTATIVAS, localDate } from '@portal/shared';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { testExportEngine } from '../../../test/export-engine.js';
import { startExportReceiver, type ExportReceiver, type ReceivedPage } from '../../../test/export-receiver.js';
import { createAccount, type TestAccount } from '../../../test/factories.js';
import { createNucleo, grantAccess } from '../../../test/factories/farms.js';
import { describeEachDialect, type TestPortal } from '../../../test/harness.js';

const DAY = 86_400_000;

/** An integration sending the owner's farms to `endpoint`, as created through the API (with its secret). */
async function createExport(portal: TestPortal, account: TestAccount, endpoint: string, overrides: object = {}) {
  const answer = await portal.request('POST', '/api/register_config_integracao', {
    token: account.token,
    body: { nome: `ERP ${Math.random()}`, sistema: 'ERP Integradora', endpoint, usuario: 'portal', senha: 'S3nha-do-ERP', agenda: 'diaria', hora: '06:00', dados: ['nucleos'], ...overrides },
  });
  expect(answer.status).toBe(200);
  return answer.body as { id: number; segredo: string; estado: string; proxima_execucao: string | null };
}

const itemIds = (pages: ReceivedPage[]) => pages.flatMap((page) => page.body.itens.map((item) => item.id));
const verifies = (secret: string, page: ReceivedPage) =>
  page.headers['x-portal-assinatura'] === `sha256=${createHmac('sha256', secret).update(page.raw).digest('hex')}`;

describeEachDialect(
  'integration export',
  (portal) => {
    let receiver: ExportReceiver;
    const envios = async (account: TestAccount, id: number) =>
      (await portal().request('GET', `/api/getintegracaoenvios?id=${id}&tipo=integracao`, { token: account.token })).body;
    const enviar = (account: TestAccount, id: number, extra: object = {}) =>
      portal().request('POST', '/api/enviarintegracao', { token: account.token, body: { idindice: id, tipo: 'integracao', ...extra } });

    beforeAll(async () => {
      // The tests drive their own engines; the portal's timer and kicks would race them.
      await portal().services.integrationsJob.stop();
      receiver = await startExportReceiver();
    });
    afterEach(async () => {
      receiver.clear();
      // Each test's configurations stop here, so the next test's passes send only its own.
      await portal().database.db.updateTable('integration_configs').set({ ativo: 0 }).execute();
    });
    afterAll(async () => {
      await receiver?.close();
    });

    it('a daily configuration sends exactly the new rows once, signed and with Basic auth, and not again after a restart', async () => {
      const owner = await createAccount(portal());
      const farms = [await createNucleo(portal(), owner), await createNucleo(portal(), owner), await createNucleo(portal(), owner)];
      await createNucleo(portal(), await createAccount(portal()));
      const config = await createExport(portal(), owner, receiver.url);
      expect(config.estado).toBe('ativa');
      const first = testExportEngine(portal());
      // Two days on, the latest 06:00 slot is after the configuration was saved.
      const now = Date.now() + 2 * DAY;
      await first.job.runOnce(now);
      expect(receiver.received).toHaveLength(2);
      expect(itemIds(receiver.received).sort()).toEqual(farms.map((farm) => farm.id).sort());
      const [page] = receiver.received;
      expect(page!.headers.authorization).toBe(`Basic ${Buffer.from('portal:S3nha-do-ERP').toString('base64')}`);
      expect(page!.headers['content-type']).toBe('application/json');
      expect(page!.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
      expect(receiver.received.every((received) => verifies(config.segredo, received))).toBe(true);
      expect(verifies('another secret', page!)).toBe(false);
      expect(page!.body).toMatchObject({ versao: 1, origem: 'portal', sistema: 'ERP Integradora', config_id: config.id, dado: 'nucleos', pagina: 1, cursor: { ate: expect.any(String), id: farms[1]!.id } });

      // The same slot again, from this instance or a restarted one: nothing is sent twice.
      await first.job.runOnce(now + 60_000);
      await testExportEngine(portal()).job.runOnce(now + 120_000);
      expect(receiver.received).toHaveLength(2);
      // The next day's slot: nothing new, nothing sent; then only the new farm.
      await first.job.runOnce(now + DAY);
      expect(receiver.received).toHaveLength(2);
      const added = await createNucleo(portal(), owner);
      await first.job.runOnce(now + 2 * DAY);
      expect(receiver.received).toHaveLength(3);
      expect(itemIds(receiver.received.slice(2))).toEqual([added.id]);

      const state = await envios(owner, config.id);
      expect(state).toMatchObject({ estado: 'ativa', falhas_seguidas: 0, ultimo_erro: null, ultimo_sucesso: expect.any(String), cursores: [{ dado: 'nucleos', ate: expect.any(String) }] });
      expect(state.envios.map((run: { origem: string; estado: string; linhas: number }) => [run.origem, run.estado, run.linhas])).toEqual([
        ['agenda', 'sucesso', 1],
        ['agenda', 'sucesso', 0],
        ['agenda', 'sucesso', 3],
      ]);
    });

    it('a receiver answering 500 then 200 gets each page once by its key; a 4xx pauses, shown, until sent again', async () => {
      const owner = await createAccount(portal());
      for (let index = 0; index < 3; index += 1) await createNucleo(portal(), owner);
      const config = await createExport(portal(), owner, receiver.url, { agenda: 'manual', hora: null });
      const engine = testExportEngine(portal());
      receiver.answer(500);
      expect((await enviar(owner, config.id)).body).toMatchObject({ origem: 'manual', estado: 'pendente' });
      await engine.job.runOnce();
      expect(receiver.received).toHaveLength(3);
      expect(receiver.received[0]!.headers['idempotency-key']).toBe(receiver.received[1]!.headers['idempotency-key']);
      expect(receiver.received[0]!.raw).toBe(receiver.received[1]!.raw);
      expect(receiver.distinctPages()).toHaveLength(2);
      expect(itemIds(receiver.distinctPages())).toHaveLength(3);
      expect(engine.waits).toEqual([2000]);
      expect((await envios(owner, config.id)).envios[0]).toMatchObject({ estado: 'sucesso', paginas: 2, linhas: 3, tentativas: 3, http_status: 200 });

      await createNucleo(portal(), owner);
      receiver.answer(422);
      await enviar(owner, config.id);
      await engine.job.runOnce();
      expect(receiver.received).toHaveLength(4);
      const paused = await envios(owner, config.id);
      expect(paused).toMatchObject({ estado: 'pausada', ultimo_erro: 'http_4xx', pausada_em: expect.any(String) });
      expect(paused.envios[0]).toMatchObject({ estado: 'erro_config', erro: 'http_4xx', http_status: 422, tentativas: 1, resposta: '{"erro":"status 422"}' });
      expect((await portal().request('GET', `/api/getintegracao_config?id=${config.id}`, { token: owner.token })).body).toMatchObject({ estado: 'pausada', proxima_execucao: null });
      expect(await portal().services.integrationExports.paused(owner.user.id)).toEqual([
        { id: config.id, tipo: 'integracao', nome: expect.any(String), pausada_em: expect.any(Number), erro: 'http_4xx' },
      ]);

      // "Enviar agora" resumes it: the refused page goes again with the same key.
      await enviar(owner, config.id);
      await engine.job.runOnce();
      expect(receiver.received).toHaveLength(5);
      expect(receiver.received[4]!.headers['idempotency-key']).toBe(receiver.received[3]!.headers['idempotency-key']);
      expect(await envios(owner, config.id)).toMatchObject({ estado: 'ativa', falhas_seguidas: 0, ultimo_erro: null });
      expect(await portal().services.integrationExports.paused(owner.user.id)).toEqual([]);
    });

    it(`retries network errors with backoff and pauses after ${INTEGRACAO_FALHAS_PAUSA} failed runs`, async () => {
      const owner = await createAccount(portal());
      await createNucleo(portal(), owner);
      const closed = await startExportReceiver();
      await closed.close();
      const config = await createExport(portal(), owner, closed.url, { agenda: 'horaria', hora: null });
      const engine = testExportEngine(portal());
      for (let run = 1; run <= INTEGRACAO_FALHAS_PAUSA; run += 1) {
        await enviar(owner, config.id);
        await engine.job.runOnce();
        expect((await envios(owner, config.id)).falhas_seguidas).toBe(run);
      }
      expect(engine.waits.slice(0, INTEGRACAO_TENTATIVAS - 1)).toEqual([2000, 4000, 8000]);
      const state = await envios(owner, config.id);
      expect(state).toMatchObject({ estado: 'pausada', ultimo_erro: 'rede', proxima_execucao: null });
      expect(state.envios[0]).toMatchObject({ estado: 'falha', erro: 'rede', tentativas: INTEGRACAO_TENTATIVAS, erro_detalhe: expect.stringContaining('ECONNREFUSED') });
      expect(state.envios.slice(1).every((run: { estado: string }) => run.estado === 'falha')).toBe(true);
    });

    it('"Reenviar desde" sends again from the date; a new secret signs from then on', async () => {
      const owner = await createAccount(portal());
      for (let index = 0; index < 3; index += 1) await createNucleo(portal(), owner);
      const config = await createExport(portal(), owner, receiver.url, { agenda: 'manual', hora: null });
      const engine = testExportEngine(portal());
      await enviar(owner, config.id);
      await engine.job.runOnce();
      expect(itemIds(receiver.received)).toHaveLength(3);
      await enviar(owner, config.id);
      await engine.job.runOnce();
      expect(receiver.received).toHaveLength(2);

      const renewed = await portal().request('POST', '/api/novosegredointegracao', { token: owner.token, body: { idindice: config.id, tipo: 'integracao' } });
      expect(renewed.body.segredo).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const today = localDate(Date.now(), await portal().services.accounts.timezoneOf(owner.user.id));
      const resend = await enviar(owner, config.id, { desde: today });
      expect(resend.body).toMatchObject({ origem: 'reenvio', desde: today });
      await engine.job.runOnce();
      const again = receiver.received.slice(2);
      expect(itemIds(again).sort()).toEqual(itemIds(receiver.received.slice(0, 2)).sort());
      expect(again.every((page) => verifies(renewed.body.segredo, page) && !verifies(config.segredo, page))).toBe(true);
    });

    it("is the owner's alone, of the kind named, and refuses to send a switched-off configuration", async () => {
      const owner = await createAccount(portal());
      const stranger = await createAccount(portal());
      const reader = await createAccount(portal());
      await grantAccess(portal(), owner, reader, 'gestao');
      const config = await createExport(portal(), owner, receiver.url, { agenda: 'manual', hora: null });
      expect((await enviar(stranger, config.id)).status).toBe(404);
      expect((await portal().request('GET', `/api/getintegracaoenvios?id=${config.id}&tipo=integracao`, { token: stranger.token })).status).toBe(404);
      expect((await portal().request('GET', `/api/getintegracaoenvios?id=${config.id}&tipo=mtech`, { token: owner.token })).status).toBe(404);
      expect((await portal().request('POST', '/api/enviarintegracao', { token: reader.token, body: { idindice: config.id, tipo: 'integracao', prop: owner.user.id } })).status).toBe(403);
      expect((await portal().request('POST', '/api/novosegredointegracao', { token: stranger.token, body: { idindice: config.id, tipo: 'integracao' } })).status).toBe(404);

      await portal().request('POST', '/api/register_config_integracao', {
        token: owner.token,
        body: { id: config.id, nome: 'Desligada', sistema: 'ERP', endpoint: receiver.url, agenda: 'manual', hora: null, dados: ['nucleos'], ativo: false },
      });
      const refused = await enviar(owner, config.id);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('INTEGRATION_INACTIVE');
      expect((await envios(owner, config.id)).envios).toEqual([]);
    });

    it('"Enviar agora" runs at once on the portal\'s own job, with the farms module\'s rows', async () => {
      const owner = await createAccount(portal());
      const farm = await createNucleo(portal(), owner);
      const config = await createExport(portal(), owner, receiver.url, { agenda: 'manual', hora: null });
      const job = portal().services.integrationsJob;
      job.start();
      try {
        await enviar(owner, config.id);
        await job.idle();
      } finally {
        await job.stop();
      }
      expect(itemIds(receiver.received)).toEqual([farm.id]);
      expect((await envios(owner, config.id)).envios[0]).toMatchObject({ estado: 'sucesso', linhas: 1 });
    });
  },
  { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' },
);
