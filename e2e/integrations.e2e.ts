import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTEGRACAO_PAYLOAD_VERSAO, type ConfigTipo, type IntegracaoEnvios, type Lote, type Nucleo } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { createIntegracao } from '../packages/server/src/test/factories/integrations.js';
import { ConfigScreenPage } from './pages/ConfigScreenPage.js';
import { EnviosPanel, SecretModal } from './pages/IntegrationExportPages.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { signInAs } from './support/session.js';

type Lang = 'pt' | 'en' | 'es';

/** One page as the receiver got it: the raw bytes signed, the headers and the parsed envelope. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: { versao: number; origem: string; sistema?: string; empresa?: string; config_id: number; envio_id: number; dado: string; pagina: number; itens: { id: number }[] };
}

/** An integrator's system on this machine: keeps every page and answers 200 with a line long enough to be cut in the log. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[]; refusing: Set<string> }> {
  const received: Received[] = [];
  /** Paths answered 422 (a receiver refusing the data: a configuration error). */
  const refusing = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as Received['body'];
      const path = request.url ?? '';
      if (refusing.has(path)) {
        response.writeHead(422, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ erro: 'nucleo sem codigo no ERP' }));
        return;
      }
      received.push({ path, headers: request.headers, raw, body });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ ok: true, dado: body.dado, recebidos: body.itens.length, mensagem: 'Página recebida e gravada pelo receptor de teste do ERP da integradora.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, refusing };
}

const signatureOf = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`;

/** Polls for up to 30 s: a run is queued, picked up by the export job and sent. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 200 });

describe('integration export on screen: secret once, "Enviar agora", the delivery log', () => {
  let e2e: E2E;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // The receiver listens on loopback, which the destination guard refuses in production.
    e2e = await startE2E({ env: { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: 'true' } });
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver?.server.close(resolve));
    await e2e?.close();
  });

  /** A new account with one farm and one flock (the two kinds exported), signed in on a page of that size. */
  async function signedInWithData(lang: Lang, viewport: { width: number; height: number }) {
    const account = await createAccount(e2e.portal, { language: lang });
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Boa Vista' });
    const lote = await createLote(e2e.portal, account, farm, { codigo: 'L-EXP-1' });
    const page = await e2e.newPage(viewport, lang);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, account);
    return { account, farm, lote, page };
  }

  /** Creates a manual configuration sending farms and flocks to the receiver at `path`; answers the secret shown once. */
  async function createExport(page: Page, tipo: ConfigTipo, lang: Lang, path: string, shot: string): Promise<string> {
    const screen = new ConfigScreenPage(page, tipo);
    await screen.goto();
    await screen.openAdd();
    await screen.field('nome').fill('ERP de teste');
    await screen.field(tipo === 'integracao' ? 'sistema' : 'empresa').fill(tipo === 'integracao' ? 'SAP Agro' : 'EMP01');
    await screen.field('endpoint').fill(`${receiver.url}${path}`);
    await screen.field('usuario').fill('portal');
    await screen.field('senha').fill('senha-do-erp-9');
    await screen.tick('nucleos');
    await screen.tick('lotes');
    await screen.saveForm();
    const modal = new SecretModal(page);
    const secret = await modal.read();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await modal.root().textContent()).toContain(text(lang, 'settings.secret.once'));
    await e2e.screenshot(page, `${shot}-secret`);
    await modal.done();
    // Shown once: nowhere on the page after closing.
    expect(await page.content()).not.toContain(secret);
    await screen.cards().first().waitFor();
    expect(await screen.cards().first().getByTestId('config-state').getAttribute('data-estado')).toBe('ativa');
    await e2e.screenshot(page, `${shot}-card`);
    return secret;
  }

  /** The pages the receiver got at `path` for run `envioId`: signed with `secret`, Basic auth, one idempotency key each. */
  function checkPages(path: string, envioId: number, secret: string, tipo: ConfigTipo, farm: Nucleo, lote: Lote) {
    const pages = receiver.received.filter((page) => page.path === path && page.body.envio_id === envioId);
    expect(pages.map((page) => page.body.dado).sort()).toEqual(['lotes', 'nucleos']);
    for (const page of pages) {
      expect(page.headers['x-portal-assinatura']).toBe(signatureOf(secret, page.raw));
      expect(page.headers.authorization).toBe(`Basic ${Buffer.from('portal:senha-do-erp-9').toString('base64')}`);
      expect(page.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
      expect(page.headers['content-type']).toMatch(/^application\/json/);
      expect(page.body).toMatchObject({ versao: INTEGRACAO_PAYLOAD_VERSAO, origem: 'portal', pagina: expect.any(Number) });
      expect(tipo === 'integracao' ? page.body.sistema : page.body.empresa).toBe(tipo === 'integracao' ? 'SAP Agro' : 'EMP01');
    }
    expect(pages.find((page) => page.body.dado === 'nucleos')?.body.itens.map((item) => item.id)).toEqual([farm.id]);
    expect(pages.find((page) => page.body.dado === 'lotes')?.body.itens.map((item) => item.id)).toEqual([lote.id]);
    expect(new Set(pages.map((page) => page.headers['idempotency-key'])).size).toBe(pages.length);
    return pages;
  }

  /** "Enviar agora" until the newest run settles as sucesso: its line on screen. */
  async function sendNow(panel: EnviosPanel, lang: Lang, before: number) {
    await panel.sendNow();
    await poll(() => panel.runs().count()).toBe(before + 1);
    await poll(async () => panel.newest().getAttribute('data-estado')).toBe('sucesso');
    // The log stops asking once nothing runs.
    await poll(() => panel.root().getAttribute('data-running')).toBe('false');
    const run = await panel.newestRun();
    expect(run.status).toBe(text(lang, 'settings.envios.estados.sucesso'));
    return { run, id: Number(await panel.newest().getAttribute('data-envio-id')) };
  }

  const configId = async (account: TestAccount) =>
    (await e2e.portal.request<{ id: number }[]>('GET', '/api/getintegracao_config', { token: account.token })).body[0]!.id;

  /** Today (dd/mm/yyyy) on the account's clock: "Reenviar desde" counts days in the owner's timezone. */
  const accountToday = (account: TestAccount) => {
    const [year, month, day] = new Date(Date.now() + account.user.timezone * 3_600_000).toISOString().slice(0, 10).split('-');
    return `${day}/${month}/${year}`;
  };

  it('pt, desktop, integracao: create, secret once, send now, signed pages, resend from a day, new secret', async () => {
    const { account, farm, lote, page } = await signedInWithData('pt', DESKTOP);
    const secret = await createExport(page, 'integracao', 'pt', '/pt-desktop', 'integrations-pt-desktop');

    const panel = new EnviosPanel(page);
    await panel.open(new ConfigScreenPage(page, 'integracao').cards().first());
    expect((await panel.state().textContent())?.trim()).toBe(text('pt', 'settings.envios.state.ativa'));
    await page.getByTestId('envios-empty').waitFor();
    expect(await panel.cursor('lotes').getAttribute('data-delivered')).toBe('false');

    const first = await sendNow(panel, 'pt', 0);
    expect(first.run).toMatchObject({ estado: 'sucesso', rows: 2, pages: 2, http: '200', origin: text('pt', 'settings.envios.origens.manual') });
    expect(await panel.log().getAttribute('data-layout')).toBe('table');
    await poll(() => panel.cursor('lotes').getAttribute('data-delivered')).toBe('true');
    expect(await panel.cursor('nucleos').getAttribute('data-delivered')).toBe('true');
    expect(await page.getByTestId('envios-last-success').textContent()).not.toBe(text('pt', 'settings.envios.never'));
    checkPages('/pt-desktop', first.id, secret, 'integracao', farm, lote);
    await panel.expandNewestAnswer();
    await panel.newest().getByTestId('envio-answer-full').getByText('receptor de teste do ERP').waitFor();
    await e2e.screenshot(page, 'integrations-pt-desktop-log');

    // Nothing changed since: another run sends no rows.
    const again = await sendNow(panel, 'pt', 1);
    expect(again.run).toMatchObject({ rows: 0 });

    // "Reenviar desde" today: the rows changed today go again, in a run marked as a resend.
    const today = accountToday(account);
    await panel.resendFrom(today);
    await poll(() => panel.runs().count()).toBe(3);
    await poll(async () => panel.newest().getAttribute('data-estado')).toBe('sucesso');
    const resend = await panel.newestRun();
    expect(resend).toMatchObject({ rows: 2, origin: text('pt', 'settings.envios.resendFrom', { date: today }) });
    checkPages('/pt-desktop', Number(await panel.newest().getAttribute('data-envio-id')), secret, 'integracao', farm, lote);

    // A new secret, shown once; the next pages are signed with it.
    await panel.newSecret();
    const modal = new SecretModal(page);
    const renewed = await modal.read();
    expect(renewed).not.toBe(secret);
    expect(await modal.root().textContent()).toContain(text('pt', 'settings.secret.onceRenewed'));
    await modal.done();
    await panel.resendFrom(today);
    await poll(() => panel.runs().count()).toBe(4);
    await poll(async () => panel.newest().getAttribute('data-estado')).toBe('sucesso');
    checkPages('/pt-desktop', Number(await panel.newest().getAttribute('data-envio-id')), renewed, 'integracao', farm, lote);

    const stored = (await e2e.portal.request<IntegracaoEnvios>('GET', `/api/getintegracaoenvios?id=${await configId(account)}&tipo=integracao`, { token: account.token })).body;
    expect(stored.envios.map((envio) => envio.estado)).toEqual(['sucesso', 'sucesso', 'sucesso', 'sucesso']);
  }, 180_000);

  it('en, desktop: a refusing receiver (4xx) pauses the configuration with the reason; "Resume and send" delivers', async () => {
    const { account, page } = await signedInWithData('en', DESKTOP);
    const path = '/refusing';
    receiver.refusing.add(path);
    await createIntegracao(e2e.portal, account, { endpoint: `${receiver.url}${path}`, agenda: 'manual', hora: null, dados: ['nucleos'] });
    const screen = new ConfigScreenPage(page, 'integracao');
    await screen.goto();
    const panel = new EnviosPanel(page);
    await panel.open(screen.cards().first());
    await panel.sendNow();
    await poll(async () => panel.newest().getAttribute('data-estado')).toBe('erro_config');
    await poll(() => panel.root().getAttribute('data-estado')).toBe('pausada');
    expect(await panel.newest().getByTestId('envio-error').textContent()).toBe(text('en', 'settings.envios.erros.http_4xx'));
    expect(await panel.newestRun()).toMatchObject({ http: '422', status: text('en', 'settings.envios.estados.erro_config') });
    expect(await page.getByTestId('envios-paused').textContent()).toContain(text('en', 'settings.envios.erros.http_4xx'));
    expect((await page.getByTestId('envios-send').textContent())?.trim()).toBe(text('en', 'settings.envios.resume'));
    // The card behind the drawer says it too.
    await poll(() => screen.cards().first().getByTestId('config-state').getAttribute('data-estado')).toBe('pausada');
    await e2e.screenshot(page, 'integrations-en-desktop-paused');

    receiver.refusing.delete(path);
    await panel.sendNow();
    await poll(async () => panel.newest().getAttribute('data-estado')).toBe('sucesso');
    await poll(() => panel.root().getAttribute('data-estado')).toBe('ativa');
    expect(await page.getByTestId('envios-paused').count()).toBe(0);
    expect(await panel.newestRun()).toMatchObject({ rows: 1, http: '200' });
  }, 120_000);

  const CASES: { lang: Lang; width: 'desktop' | 'phone'; tipo: ConfigTipo }[] = [
    { lang: 'pt', width: 'phone', tipo: 'mtech' },
    { lang: 'en', width: 'phone', tipo: 'integracao' },
    { lang: 'es', width: 'desktop', tipo: 'integracao' },
    { lang: 'es', width: 'phone', tipo: 'mtech' },
  ];
  for (const { lang, width, tipo } of CASES) {
    it(`${lang}, ${width}, ${tipo}: secret once, send now, the log shows sucesso with the rows; the receiver got signed pages`, async () => {
      const { farm, lote, page } = await signedInWithData(lang, width === 'phone' ? PHONE : DESKTOP);
      const path = `/${lang}-${width}-${tipo}`;
      const shot = `integrations-${lang}-${width}-${tipo}`;
      const secret = await createExport(page, tipo, lang, path, shot);
      const screen = new ConfigScreenPage(page, tipo);
      expect((await screen.cards().first().getByTestId('config-state').textContent())?.trim()).toBe(text(lang, 'settings.envios.state.ativa'));

      const panel = new EnviosPanel(page);
      await panel.open(screen.cards().first());
      const { run, id } = await sendNow(panel, lang, 0);
      expect(run).toMatchObject({ rows: 2, pages: 2, http: '200', origin: text(lang, 'settings.envios.origens.manual') });
      expect(await panel.log().getAttribute('data-layout')).toBe(width === 'phone' ? 'cards' : 'table');
      checkPages(path, id, secret, tipo, farm, lote);
      if (width === 'phone') expect(await screen.horizontalOverflow()).toBe(0);
      await e2e.screenshot(page, `${shot}-log`);
    }, 120_000);
  }
});
