import type { DeviceSaved, Fumigador, Nucleo, PontoColeta, Silo, SiloMovimento } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice, uniqueSerial } from '../packages/server/src/test/factories/devices.js';
import { createNucleo, grantAccess } from '../packages/server/src/test/factories/farms.js';
import { createAccount } from '../packages/server/src/test/factories.js';
import { RecordScreen } from './pages/RecordPages.js';
import { text } from './support/locales.js';
import { startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

type Lang = 'pt' | 'en';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const VIEWS = [
  { lang: 'pt', view: 'desktop', viewport: DESKTOP },
  { lang: 'pt', view: 'phone', viewport: PHONE },
  { lang: 'en', view: 'desktop', viewport: DESKTOP },
  { lang: 'en', view: 'phone', viewport: PHONE },
] as const;

/** Numbers as each language types and shows them. */
const decimal = (lang: Lang, value: string) => (lang === 'pt' ? value.replace('.', ',') : value);
const kg = (lang: Lang, pt: string, en: string) => `${lang === 'pt' ? pt : en} kg`;

let sequence = 0;
const tag = () => `${(sequence += 1)}${Math.random().toString(36).slice(2, 6)}`;

interface Seed {
  farm: Nucleo;
  scale: DeviceSaved;
  doser: DeviceSaved;
  collectors: DeviceSaved[];
}

/** What the screens pick from, through the API: a farm with two houses, a BSILO, a DOSADOR and two COLETOR. */
async function seed(e2e: E2E, account: TestAccount, name: string): Promise<Seed> {
  const farm = await createNucleo(e2e.portal, account, {
    nome: `Granja ${name}`,
    aviarios: [
      { nome: 'Aviário 1', lados: 2, boxes: 4, capacidade: 20000 },
      { nome: 'Aviário 2', lados: 2, boxes: 4, capacidade: 20000 },
    ],
  });
  const scale = await createDevice(e2e.portal, account, { modelo: 'BSILO', serie: uniqueSerial('BS'), chip_id: 'ESP32-S1', nome: 'Balança do silo' });
  const doser = await createDevice(e2e.portal, account, { modelo: 'DOSADOR', serie: uniqueSerial('DS'), chip_id: '', nome: 'Dosador do galpão' });
  const collectors = [
    await createDevice(e2e.portal, account, { modelo: 'COLETOR', serie: uniqueSerial('COL'), chip_id: 'ESP32-C1', nome: 'Coletor leste' }),
    await createDevice(e2e.portal, account, { modelo: 'COLETOR', serie: uniqueSerial('COL'), chip_id: 'ESP32-C2', nome: '' }),
  ];
  return { farm, scale, doser, collectors };
}

async function api<T>(e2e: E2E, account: TestAccount, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return e2e.portal.request<T>(method, `/api/${path}`, { token: account.token, body });
}

/** The record of `id` on the list call, or undefined once deleted. */
async function stored<T extends { id: number }>(e2e: E2E, account: TestAccount, call: string, id: number): Promise<T | undefined> {
  const answer = await api<T[]>(e2e, account, 'GET', call);
  return answer.body.find((record) => record.id === id);
}

const idFromUrl = (page: Page) => Number(/\/(\d+)(?:\/\w+)?$/.exec(page.url())?.[1]);

describe('silos, fumigators, doser and collection points', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function open(lang: Lang, viewport: { width: number; height: number }) {
    const page = await e2e.newPage(viewport, lang);
    const account = await signedIn(e2e, page, { language: lang });
    return { page, account, screen: new RecordScreen(page) };
  }

  describe.each(VIEWS)('$lang on $view', ({ lang, view, viewport }) => {
    const shot = async (page: Page, name: string) => {
      // From the top, so the fixed header is not painted across the middle of a full-page capture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await e2e.screenshot(page, `${name}-${lang}-${view}`);
      // Usable at this width: nothing pushes the page sideways.
      expect(await new RecordScreen(page).horizontalOverflow()).toBeLessThanOrEqual(0);
    };

    it('runs a silo through create, deliveries and consumption, search, edit and delete', async () => {
      const { page, account, screen } = await open(lang, viewport);
      const name = `Silo Norte ${tag()}`;
      const { scale } = await seed(e2e, account, name);

      await screen.goto('silos');
      await page.getByTestId('record-empty').waitFor();
      expect(await page.getByTestId('record-empty').textContent()).toContain(text(lang, 'silos.list.emptyTitle'));
      await page.getByTestId('record-add').click();
      await page.waitForURL(/#\/silos\/add$/);

      await screen.field('nome').fill(name);
      await screen.choose('nucleo_id', `Granja ${name}`);
      await screen.field('capacidade_kg').fill('30000');
      await screen.field('tipo_racao').fill(lang === 'pt' ? 'Inicial' : 'Starter');
      await screen.choose('device_id', new RegExp(scale.serie));
      await screen.choose('aviarios', 'Aviário 1');
      await shot(page, 'silos-form');
      await screen.save();
      await screen.sees(text(lang, 'feedback.registered'));
      await page.waitForURL(/#\/silos\/\d+$/);
      const id = idFromUrl(page);
      expect(await stored<Silo>(e2e, account, 'getsilo', id)).toMatchObject({
        nome: name,
        capacidade_kg: 30000,
        device_id: scale.id,
        aviarios: [{ nome: 'Aviário 1' }],
        saldo_kg: 0,
      });
      await page.getByTestId('movements-empty').waitFor();

      // A delivery of 12 000.5 kg.
      await page.getByTestId('movement-add-entrada').click();
      await page.waitForURL(new RegExp(`#/silos/${id}/entrada$`));
      await screen.field('data').fill('05/03/2026');
      await screen.field('quantidade_kg').fill(decimal(lang, '12000.5'));
      await screen.field('nota_fiscal').fill('NF-4411');
      await expect.poll(() => page.getByTestId('movement-balance-after').textContent()).toContain(kg(lang, '12.000,5', '12,000.5'));
      await shot(page, 'silos-movement');
      await screen.save();
      await screen.sees(text(lang, 'feedback.registered'));
      await page.waitForURL(new RegExp(`#/silos/${id}$`));
      await expect.poll(() => page.getByTestId('silo-stock').getByTestId('silo-balance').textContent()).toBe(kg(lang, '12.000,5', '12,000.5'));

      // Consuming more than the balance is refused, translated, on the quantity field.
      await page.getByTestId('movement-add-consumo').click();
      await page.waitForURL(new RegExp(`#/silos/${id}/consumo$`));
      await screen.field('data').fill('06/03/2026');
      await screen.field('quantidade_kg').fill('20000');
      await screen.save();
      await expect.poll(() => screen.message().textContent()).toContain(text(lang, 'errors.SILO_BALANCE_NEGATIVE'));
      expect(await page.getByText(text(lang, 'errors.SILO_BALANCE_NEGATIVE')).count()).toBeGreaterThanOrEqual(2);
      expect(await screen.field('quantidade_kg').getAttribute('aria-invalid')).toBe('true');
      expect(page.url()).toMatch(/\/consumo$/);
      await shot(page, 'silos-movement-refused');

      // A consumption of 2 000 kg leaves 10 000.5 kg.
      await screen.field('quantidade_kg').fill('2000');
      await screen.save();
      await screen.sees(text(lang, 'feedback.registered'));
      await page.waitForURL(new RegExp(`#/silos/${id}$`));
      await expect.poll(() => page.getByTestId('silo-stock').getByTestId('silo-balance').textContent()).toBe(kg(lang, '10.000,5', '10,000.5'));
      await expect.poll(() => page.getByTestId('movement-row').count()).toBe(2);
      const newest = page.getByTestId('movement-row').first();
      expect(await newest.getAttribute('data-tipo')).toBe('consumo');
      expect(await newest.getByTestId('movement-quantity').textContent()).toBe(kg(lang, '-2.000,0', '-2,000.0'));
      expect(await newest.getByTestId('movement-balance').textContent()).toContain(kg(lang, '10.000,5', '10,000.5'));
      expect(await page.getByTestId('movement-row').last().getByTestId('movement-quantity').textContent()).toBe(kg(lang, '+12.000,5', '+12,000.5'));
      const movements = (await api<SiloMovimento[]>(e2e, account, 'GET', `getsilomov?id=${id}`)).body;
      expect(movements.map((movement) => [movement.tipo, movement.quantidade_kg, movement.saldo_kg])).toEqual([
        ['entrada', 12000.5, 12000.5],
        ['consumo', -2000, 10000.5],
      ]);
      await shot(page, 'silos-detail');

      // Deleting a movement asks first; cancelar keeps it, apagar deletes it.
      await newest.getByTestId('movement-delete').click();
      await page.getByText(text(lang, 'confirm.title')).waitFor();
      await page.getByTestId('confirm-cancel').click();
      await page.getByTestId('confirm-text').waitFor({ state: 'hidden' });
      expect(await page.getByTestId('movement-row').count()).toBe(2);
      await page.getByTestId('movement-row').first().getByTestId('movement-delete').click();
      await page.getByTestId('confirm-delete').click();
      await screen.sees(text(lang, 'feedback.deleted'));
      await expect.poll(() => page.getByTestId('movement-row').count()).toBe(1);
      await expect.poll(() => page.getByTestId('silo-stock').getByTestId('silo-balance').textContent()).toBe(kg(lang, '12.000,5', '12,000.5'));

      // The list shows it with its balance and fill; the search finds it.
      await screen.goto('silos');
      await screen.search(name.split(' ').pop()!);
      await expect.poll(() => screen.rows().count()).toBe(1);
      expect(await screen.row(name).getByTestId('silo-balance').textContent()).toBe(kg(lang, '12.000,5', '12,000.5'));
      expect(await screen.row(name).getByTestId('silo-fill').textContent()).toContain('40%');
      await screen.search('nada-assim');
      await page.getByTestId('record-no-match').waitFor();
      await screen.search('');
      await expect.poll(() => screen.rows().count()).toBe(1);
      await shot(page, 'silos-list');

      // Open, edit, save.
      await screen.open(name);
      await page.waitForURL(new RegExp(`#/silos/${id}$`));
      await screen.field('nome').fill(`${name} B`);
      await screen.save();
      await screen.sees(text(lang, 'feedback.done'));
      await expect.poll(async () => (await stored<Silo>(e2e, account, 'getsilo', id))?.nome).toBe(`${name} B`);

      // Delete: cancelar keeps it, apagar deletes it and returns to the list.
      await screen.askDelete();
      expect(await page.getByText(text(lang, 'confirm.title')).count()).toBeGreaterThan(0);
      expect(await page.getByTestId('confirm-text').textContent()).toContain(`${name} B`);
      await screen.cancelDelete();
      expect(await stored<Silo>(e2e, account, 'getsilo', id)).toBeDefined();
      await screen.askDelete();
      await screen.confirmDelete();
      await screen.sees(text(lang, 'feedback.deleted'));
      await page.waitForURL(/#\/silos$/);
      expect(await stored<Silo>(e2e, account, 'getsilo', id)).toBeUndefined();
      await page.getByTestId('record-empty').waitFor();
    });

    it('runs a fumigator through create, search, edit and delete', async () => {
      const { page, account, screen } = await open(lang, viewport);
      const name = `Fumigador ${tag()}`;
      const { farm, doser } = await seed(e2e, account, name);

      await screen.goto('fumigadores');
      await page.getByTestId('record-empty').waitFor();
      await page.getByTestId('record-add').click();
      await page.waitForURL(/#\/fumigadores\/add$/);

      await screen.field('nome').fill(name);
      await screen.choose('device_id', new RegExp(doser.serie));
      await screen.choose('nucleo_id', farm.nome);
      await screen.choose('aviario_id', 'Aviário 2');
      await screen.field('produto').fill('Glutaraldeído');
      await screen.field('dose_ml').fill(decimal(lang, '25.5'));
      await screen.field('volume_agua_l').fill('10');
      await screen.field('duracao_min').fill('15');
      // Times: typed digits become HH:MM; a wrong time is refused where it was typed.
      await page.getByTestId('times-input').fill('25:00');
      await page.getByTestId('times-add').click();
      await page.getByText(text(lang, 'fumigators.times.invalid')).waitFor();
      await page.getByTestId('times-input').fill('1430');
      await page.getByTestId('times-add').click();
      await page.getByTestId('times-input').fill('8');
      await page.getByTestId('times-input').press('Enter');
      await expect.poll(() => page.getByTestId('time-chip').allTextContents()).toEqual(['08:00', '14:30']);
      await shot(page, 'fumigators-form');
      await screen.save();
      await screen.sees(text(lang, 'feedback.registered'));
      await page.waitForURL(/#\/fumigadores\/\d+$/);
      const id = idFromUrl(page);
      expect(await stored<Fumigador>(e2e, account, 'getfumigador', id)).toMatchObject({
        nome: name,
        nucleo_id: farm.id,
        aviario_nome: 'Aviário 2',
        device_id: doser.id,
        produto: 'Glutaraldeído',
        dose_ml: 25.5,
        volume_agua_l: 10,
        duracao_min: 15,
        horarios: ['08:00', '14:30'],
        ativo: true,
      });

      await screen.goto('fumigadores');
      await screen.search('glutaraldeido');
      await expect.poll(() => screen.rows().count()).toBe(1);
      expect(await screen.row(name).getByTestId('fumigator-active').getAttribute('data-active')).toBe('true');
      await shot(page, 'fumigators-list');
      await screen.search('zzz-nada');
      await page.getByTestId('record-no-match').waitFor();

      await screen.goto(`fumigadores?q=${encodeURIComponent(name)}`);
      await screen.open(name);
      await page.waitForURL(new RegExp(`#/fumigadores/${id}$`));
      await screen.toggle('ativo');
      await page.getByTestId('time-chip').filter({ hasText: '08:00' }).getByTestId('time-remove').click();
      await screen.save();
      await screen.sees(text(lang, 'feedback.done'));
      await expect.poll(async () => (await stored<Fumigador>(e2e, account, 'getfumigador', id))?.ativo).toBe(false);
      expect((await stored<Fumigador>(e2e, account, 'getfumigador', id))?.horarios).toEqual(['14:30']);

      await screen.askDelete();
      expect(await page.getByTestId('confirm-text').textContent()).toContain(name);
      await screen.cancelDelete();
      expect(await stored(e2e, account, 'getfumigador', id)).toBeDefined();
      await screen.askDelete();
      await screen.confirmDelete();
      await screen.sees(text(lang, 'feedback.deleted'));
      await page.waitForURL(/#\/fumigadores$/);
      expect(await stored(e2e, account, 'getfumigador', id)).toBeUndefined();
    });

    it('adjusts a doser quickly on the dosador screen', async () => {
      const { page, account, screen } = await open(lang, viewport);
      const name = `Doser ${tag()}`;
      await screen.goto('dosador');
      await page.getByTestId('doser-empty').waitFor();
      expect(await page.getByTestId('doser-add').getAttribute('href')).toBe('#/fumigadores/add');
      await shot(page, 'doser-empty');

      const { farm, doser } = await seed(e2e, account, name);
      const base = { nucleo_id: farm.id, device_id: doser.id, produto: 'Cloro', dose_ml: 5, duracao_min: 10, horarios: ['06:00'] };
      await api<Fumigador>(e2e, account, 'POST', 'registerfumigador', { ...base, nome: `${name} A` });
      const second = (await api<Fumigador>(e2e, account, 'POST', 'registerfumigador', { ...base, nome: `${name} B`, aviario_id: farm.aviarios[1]!.id })).body;

      await page.reload();
      await page.getByTestId('doser-form').waitFor();
      await screen.chooseIn(page.getByTestId('doser-pick'), new RegExp(`${name} B`));
      await expect.poll(() => page.getByTestId('doser-form').textContent()).toContain(`${name} B`);
      await screen.field('produto').fill('Amônia quaternária');
      await screen.field('dose_ml').fill(decimal(lang, '7.5'));
      await screen.field('volume_agua_l').fill('20');
      await page.getByTestId('times-input').fill('18:45');
      await page.getByTestId('times-add').click();
      await screen.toggle('ativo');
      await shot(page, 'doser');
      await screen.save();
      await screen.sees(text(lang, 'feedback.done'));
      await expect.poll(async () => (await stored<Fumigador>(e2e, account, 'getfumigador', second.id))?.produto).toBe('Amônia quaternária');
      expect(await stored<Fumigador>(e2e, account, 'getfumigador', second.id)).toMatchObject({
        nome: `${name} B`,
        aviario_id: farm.aviarios[1]!.id,
        device_id: doser.id,
        dose_ml: 7.5,
        volume_agua_l: 20,
        duracao_min: 10,
        horarios: ['06:00', '18:45'],
        ativo: false,
      });
    });

    it('runs a collection point through create, search, edit, a refused serial and delete', async () => {
      const { page, account, screen } = await open(lang, viewport);
      const name = `Ponto ${tag()}`;
      const { farm, collectors } = await seed(e2e, account, name);
      const [first, second] = collectors.map((collector) => collector.serie) as [string, string];

      await screen.goto('coletores');
      await page.getByTestId('record-empty').waitFor();
      await page.getByTestId('record-add').click();
      await page.waitForURL(/#\/coletores\/add$/);

      await screen.field('nome').fill(name);
      await screen.choose('nucleo_id', farm.nome);
      await screen.choose('aviario_id', 'Aviário 1');
      await screen.choose('serie_coletores', new RegExp(first));
      await screen.choose('serie_coletores', new RegExp(second));
      expect(await page.getByTestId('collectors-piped').textContent()).toBe(`${first}|${second}`);
      await shot(page, 'collectionPoints-form');
      await screen.save();
      await screen.sees(text(lang, 'feedback.registered'));
      await page.waitForURL(/#\/coletores\/\d+$/);
      const id = idFromUrl(page);
      expect(await stored<PontoColeta>(e2e, account, 'getpontocoleta', id)).toMatchObject({
        nome: name,
        nucleo_id: farm.id,
        aviario_nome: 'Aviário 1',
        serie_coletores: `${first}|${second}`,
      });

      await screen.goto('coletores');
      await screen.search(second);
      await expect.poll(() => screen.rows().count()).toBe(1);
      expect(await screen.row(name).getByTestId('collectors-count').textContent()).toBe('2');
      await shot(page, 'collectionPoints-list');
      await screen.search('zzz-nada');
      await page.getByTestId('record-no-match').waitFor();

      await screen.goto(`coletores?q=${encodeURIComponent(name)}`);
      await screen.open(name);
      await page.waitForURL(new RegExp(`#/coletores/${id}$`));
      await screen.field('nome').fill(`${name} B`);
      await page.locator('.mantine-Pill-root', { hasText: first }).locator('.mantine-Pill-remove').click();
      await expect.poll(() => page.getByTestId('collectors-piped').textContent()).toBe(second);
      await screen.save();
      await screen.sees(text(lang, 'feedback.done'));
      await expect.poll(async () => (await stored<PontoColeta>(e2e, account, 'getpontocoleta', id))?.serie_coletores).toBe(second);

      // A serial that is not a collector of the owner (left by an older system) is refused by name.
      await e2e.portal.database.db.updateTable('pontos_coleta').set({ serie_coletores: `${second}|GHOST-7` }).where('id', '=', id).execute();
      await page.reload();
      await page.getByTestId('collectors-unknown').waitFor();
      await screen.save();
      const refusal = text(lang, 'collectionPoints.form.collectorNotFound', { serial: 'GHOST-7' });
      await page.getByText(refusal).waitFor();

      await screen.askDelete();
      expect(await page.getByTestId('confirm-text').textContent()).toContain(`${name} B`);
      await screen.cancelDelete();
      expect(await stored(e2e, account, 'getpontocoleta', id)).toBeDefined();
      await screen.askDelete();
      await screen.confirmDelete();
      await screen.sees(text(lang, 'feedback.deleted'));
      await page.waitForURL(/#\/coletores$/);
      expect(await stored(e2e, account, 'getpontocoleta', id)).toBeUndefined();
    });
  });

  it('transfers feed between silos and adjusts a balance after a count', async () => {
    const { page, account, screen } = await open('pt', DESKTOP);
    const name = `Silo ${tag()}`;
    const { farm } = await seed(e2e, account, name);
    const origin = (await api<Silo>(e2e, account, 'POST', 'registersilo', { nome: `${name} A`, nucleo_id: farm.id, capacidade_kg: 20000 })).body;
    const destination = (await api<Silo>(e2e, account, 'POST', 'registersilo', { nome: `${name} B`, nucleo_id: farm.id, capacidade_kg: 20000 })).body;
    await api(e2e, account, 'POST', 'registersilomov', { idsilo: origin.id, tipo: 'entrada', data: '2026-03-01', quantidade_kg: 5000 });

    await screen.goto(`silos/${origin.id}`);
    await page.getByTestId('movement-add-transferencia').click();
    await screen.field('data').fill('02/03/2026');
    await screen.field('quantidade_kg').fill('1500');
    await screen.save();
    // The destination is required for a transfer.
    await expect.poll(() => screen.field('silo_destino_id').getAttribute('aria-invalid')).toBe('true');
    await screen.choose('silo_destino_id', new RegExp(`${name} B`));
    await screen.save();
    await screen.sees(text('pt', 'feedback.registered'));
    await page.waitForURL(new RegExp(`#/silos/${origin.id}$`));
    await expect.poll(() => page.getByTestId('silo-stock').getByTestId('silo-balance').textContent()).toBe('3.500,0 kg');
    expect(await page.getByTestId('movement-row').first().textContent()).toContain(text('pt', 'silos.movements.to', { name: `${name} B` }));

    // An adjustment may be negative: the count found 150.5 kg less.
    await page.getByTestId('movement-add-ajuste').click();
    await page.getByText(text('pt', 'silos.movement.adjustHint')).waitFor();
    await screen.field('data').fill('03/03/2026');
    await screen.field('quantidade_kg').fill('-150,5');
    await expect.poll(() => page.getByTestId('movement-balance-after').textContent()).toContain('3.349,5 kg');
    await screen.save();
    await screen.sees(text('pt', 'feedback.registered'));
    await page.waitForURL(new RegExp(`#/silos/${origin.id}$`));
    await expect.poll(() => page.getByTestId('silo-stock').getByTestId('silo-balance').textContent()).toBe('3.349,5 kg');

    await screen.goto(`silos/${destination.id}`);
    await expect.poll(() => page.getByTestId('silo-stock').getByTestId('silo-balance').textContent()).toBe('1.500,0 kg');
    expect(await page.getByTestId('movement-row').first().textContent()).toContain(text('pt', 'silos.movements.from', { name: `${name} A` }));

    // A kind the url does not name.
    await screen.goto(`silos/${origin.id}/outra`);
    await page.getByTestId('movement-unknown').waitFor();
    expect(e2e.consoleErrors).toEqual([]);
  });

  it('shows the records of a read-only owner without add, edit or delete', async () => {
    const owner = await createAccount(e2e.portal);
    const name = `Leitura ${tag()}`;
    const { farm, doser, collectors } = await seed(e2e, owner, name);
    const silo = (await api<Silo>(e2e, owner, 'POST', 'registersilo', { nome: `${name} silo`, nucleo_id: farm.id, capacidade_kg: 1000 })).body;
    await api(e2e, owner, 'POST', 'registersilomov', { idsilo: silo.id, tipo: 'entrada', data: '2026-03-01', quantidade_kg: 250 });
    const fumigator = (await api<Fumigador>(e2e, owner, 'POST', 'registerfumigador', { nome: `${name} fum`, nucleo_id: farm.id, device_id: doser.id })).body;
    const point = (await api<PontoColeta>(e2e, owner, 'POST', 'registerpontocoleta', { nome: `${name} ponto`, serie_coletores: collectors[0]!.serie })).body;

    const page = await e2e.newPage(DESKTOP, 'pt');
    const reader = await signedIn(e2e, page);
    await grantAccess(e2e.portal, owner, reader, 'leitura');
    // Act for the owner (the choice the owner picker stores).
    await page.evaluate(([user, chosen]) => localStorage.setItem(`owner.${user}`, String(chosen)), [reader.user.id, owner.user.id]);
    const screen = new RecordScreen(page);

    await screen.goto(`silos/${silo.id}`);
    await expect.poll(() => page.getByTestId('silo-stock').getByTestId('silo-balance').textContent()).toBe('250,0 kg');
    await page.getByTestId('owner-read-only').waitFor();
    await page.getByTestId('movement-row').first().waitFor();
    expect(await page.getByTestId('movement-add-entrada').count()).toBe(0);
    expect(await page.getByTestId('movement-delete').count()).toBe(0);
    expect(await page.getByTestId('record-save').count()).toBe(0);
    expect(await page.getByTestId('record-delete').count()).toBe(0);

    await screen.goto(`fumigadores/${fumigator.id}`);
    await page.getByTestId('owner-read-only').waitFor();
    expect(await screen.field('nome').isDisabled()).toBe(true);
    expect(await page.getByTestId('times-input').count()).toBe(0);
    expect(await page.getByTestId('record-save').count()).toBe(0);

    await screen.goto('dosador');
    await page.getByTestId('doser-form').waitFor();
    expect(await screen.field('produto').isDisabled()).toBe(true);
    expect(await page.getByTestId('record-save').count()).toBe(0);

    await screen.goto(`coletores/${point.id}`);
    await page.getByTestId('owner-read-only').waitFor();
    expect(await page.getByTestId('record-save').count()).toBe(0);
    await screen.goto('coletores');
    await screen.row(`${name} ponto`).waitFor();
    expect(await page.getByTestId('record-add').count()).toBe(0);
  });
});
