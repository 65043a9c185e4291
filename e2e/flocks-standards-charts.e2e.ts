import type { Lote } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../packages/server/src/test/factories.js';
import { createGrafico } from '../packages/server/src/test/factories/charts.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote, recordDeaths } from '../packages/server/src/test/factories/flocks.js';
import { createPadrao } from '../packages/server/src/test/factories/standards.js';
import { RecordFormPage, RecordListPage } from './pages/RecordPages.js';
import { text } from './support/locales.js';
import { PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

type Language = 'pt' | 'en';

const DESKTOP = { width: 1280, height: 800 };
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;

// Ages count in the owner's time zone (-3 by default), so dates are taken from there.
const ownerToday = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const masked = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The delete dialog: cancelar keeps the record, apagar deletes it and leads to the list. */
async function deleteWithConfirmation(form: RecordFormPage, language: Language, itemName: string, stillThere: () => Promise<number>) {
  const { page } = form;
  await form.askDelete();
  await expect.poll(() => page.getByText(text(language, 'confirm.title'), { exact: true }).isVisible()).toBe(true);
  expect(await page.getByTestId('confirm-text').textContent()).toContain(itemName);
  await form.cancelDelete();
  expect(await stillThere()).toBe(200);
  await form.delete();
  await expect.poll(() => page.getByText(text(language, 'feedback.deleted')).count()).toBeGreaterThan(0);
}

/** A standard with weekly points up to six weeks, as a farm would keep it. */
const weeklyPoints = [
  { idade: 0, peso: 42 },
  { idade: 7, peso: 190.5, ganho_diario: 21.2, conversao: 0.85, consumo_acumulado: 160 },
  { idade: 14, peso: 486, ganho_diario: 42.2, conversao: 1.05, consumo_acumulado: 520 },
  { idade: 21, peso: 950, ganho_diario: 66.3, conversao: 1.25, consumo_acumulado: 1190 },
  { idade: 28, peso: 1530, ganho_diario: 82.9, conversao: 1.4, consumo_acumulado: 2140 },
  { idade: 35, peso: 2160, ganho_diario: 90, conversao: 1.53, consumo_acumulado: 3300 },
  { idade: 42, peso: 2790, ganho_diario: 90, conversao: 1.66, consumo_acumulado: 4640 },
];

describe('flocks (lotes), standards (padroes) and charts (graficos)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('flocks: asks for a farm first, then creates, finds, filters, edits and deletes a flock (pt, desktop)', async () => {
    const page = await e2e.newPage(DESKTOP, 'pt');
    const account = await signedIn(e2e, page);
    const list = new RecordListPage(page, 'lotes');
    const form = new RecordFormPage(page);

    // No farm yet: the empty list leads to adding one.
    await list.goto();
    await expect.poll(() => list.empty().textContent()).toContain(text('pt', 'flocks.list.noFarmsTitle'));
    expect(await page.getByTestId('flock-add-farm').getAttribute('href')).toBe('#/nucleos/add');

    // What a flock needs, seeded through the API.
    const farm = await createNucleo(e2e.portal, account, {
      nome: 'Granja Primavera',
      aviarios: [{ nome: 'Aviário 1' }, { nome: 'Aviário 2' }, { nome: 'Aviário 3' }],
    });
    await createNucleo(e2e.portal, account, { nome: 'Sítio Boa Vista', aviarios: [{ nome: 'Galpão 1' }, { nome: 'Galpão 2' }] });
    const standard = await createPadrao(e2e.portal, account, { nome: 'Ross 308 Granja', pontos: weeklyPoints });

    // The same hash does not reload the screen: a reload asks for the farms again.
    await page.reload();
    await list.settled();
    await expect.poll(() => list.empty().textContent()).toContain(text('pt', 'flocks.list.emptyTitle'));
    await list.add();

    // Nothing is sent while the required fields are empty; each says why.
    await form.save();
    await expect.poll(() => form.fieldError('codigo').textContent()).toBe(text('pt', 'errors.FIELD_REQUIRED'));
    expect(await form.fieldError('nucleo_id').textContent()).toBe(text('pt', 'errors.FIELD_REQUIRED'));
    expect(await form.fieldError('aviarios').textContent()).toBe(text('pt', 'errors.FIELD_REQUIRED'));

    await form.fill({ codigo: 'L-2024-07', linhagem: 'Ross 308' });
    // Houses belong to the farm: changing the farm empties them.
    await form.choose('nucleo_id', 'Sítio Boa Vista');
    await form.choose('aviarios', 'Galpão 1');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.mantine-MultiSelect-pill').count()).toBe(1);
    await form.choose('nucleo_id', 'Granja Primavera');
    await expect.poll(() => page.locator('.mantine-MultiSelect-pill').count()).toBe(0);
    await form.choose('aviarios', 'Aviário 1');
    await form.choose('aviarios', 'Aviário 2');
    await page.keyboard.press('Escape');
    await form.choose('padrao_id', /^Ross 308 Granja/);

    await form.fill({ aves_macho: 12000, aves_femea: 11000 });
    await expect.poll(() => page.getByTestId('flock-birds-placed').textContent()).toBe('23.000 aves');
    const placed = addDays(ownerToday(), -35);

    // The server's flock rules, translated on their fields: closing cannot come before placement.
    await form.fill({ data_alojamento: masked(placed), data_encerramento: masked(addDays(placed, -5)) });
    await form.save();
    await expect.poll(() => form.fieldError('data_encerramento').textContent()).toBe('Lote inválido!');
    await form.fill({ data_encerramento: '' });

    const id = await form.saveNew();
    await expect.poll(() => page.getByText(text('pt', 'feedback.registered')).count()).toBeGreaterThan(0);
    await expect.poll(() => form.title().textContent()).toBe(text('pt', 'flocks.form.titleOf', { code: 'L-2024-07' }));
    await expect.poll(() => page.getByTestId('flock-age').textContent()).toBe(text('pt', 'flocks.age.days', { days: 35 }));
    // Mortality is entered as daily house records on the flock's page now (flock-page.e2e.ts).
    await recordDeaths(e2e.portal, account, (await e2e.portal.request<Lote>('GET', `/api/getlote?id=${id}`, { token: account.token })).body, [{ data: addDays(placed, 3), aves: 120 }]);
    const stored = await e2e.portal.request('GET', `/api/getlote?id=${id}`, { token: account.token });
    expect(stored.body).toMatchObject({
      codigo: 'L-2024-07',
      nucleo_id: farm.id,
      data_alojamento: placed,
      linhagem: 'Ross 308',
      padrao_id: standard.id,
      aves_macho: 12000,
      aves_femea: 11000,
      aves_atuais: 22880,
      idade: 35,
      situacao: 'ativo',
      mortalidade: [{ data: addDays(placed, 3), aves: 120, causa: 'outras' }],
    });
    expect(stored.body.aviarios.map((house: { nome: string }) => house.nome)).toEqual(['Aviário 1', 'Aviário 2']);

    // Two more flocks: one without a placement date, one closed.
    await createLote(e2e.portal, account, farm, { codigo: 'L-sem-data', data_alojamento: null, aves_misto: 5000 });
    await createLote(e2e.portal, account, farm, { codigo: 'L-2023-09', data_alojamento: '2023-09-01', data_encerramento: '2023-10-15' });
    await list.goto();
    await expect.poll(() => list.rows().count()).toBe(3);
    expect(await list.row('L-sem-data').textContent()).toContain('Data do lote não cadastrada!');
    const row = await list.row('L-2024-07').textContent();
    for (const shown of [masked(placed), '35 dias', '22.880', 'Aviário 1, Aviário 2', 'Ativo']) expect(row).toContain(shown);

    await list.search('L-2024');
    await expect.poll(() => list.rows().count()).toBe(1);
    await list.search('');
    await page.getByTestId('flock-status-filter').getByText(text('pt', 'flocks.filter.encerrado'), { exact: true }).click();
    await expect.poll(() => list.rows().count()).toBe(1);
    expect(await list.rows().first().textContent()).toContain('L-2023-09');
    await page.getByTestId('flock-status-filter').getByText(text('pt', 'flocks.filter.ativo'), { exact: true }).click();
    await expect.poll(() => list.rows().count()).toBe(2);

    // Edit (behind the flock page's Editar): closing the flock.
    await list.row('L-2024-07').first().click();
    await page.getByTestId('flock-edit').click();
    await page.getByTestId('record-form').waitFor();
    await form.fill({ data_encerramento: masked(ownerToday()) });
    await form.save();
    await expect.poll(() => page.getByText(text('pt', 'feedback.done')).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('flock-status').textContent()).toBe(text('pt', 'flocks.situacao.encerrado'));
    const edited = await e2e.portal.request('GET', `/api/getlote?id=${id}`, { token: account.token });
    expect(edited.body).toMatchObject({ data_encerramento: ownerToday(), situacao: 'encerrado', aves_atuais: 22880 });

    await deleteWithConfirmation(form, 'pt', '“L-2024-07”', async () => (await e2e.portal.request('GET', `/api/getlote?id=${id}`, { token: account.token })).status);
    await page.waitForURL(/#\/lotes$/);
    expect((await e2e.portal.request('GET', `/api/getlote?id=${id}`, { token: account.token })).status).toBe(404);
  }, 120_000);

  it('standards: fills from a published standard and a CSV, saves, finds, edits and deletes (en, desktop)', async () => {
    const page = await e2e.newPage(DESKTOP, 'en');
    const account = await signedIn(e2e, page, { language: 'en' });
    const list = new RecordListPage(page, 'padroes');
    const form = new RecordFormPage(page);

    await list.goto();
    await expect.poll(() => list.empty().textContent()).toContain(text('en', 'standards.list.emptyTitle'));
    await list.add();

    // A published standard fills the details and the table, citing its source.
    await form.chooseIn(page.getByTestId('standard-preset'), /^Cobb 500 2018/);
    await expect
      .poll(() => page.getByTestId('standard-preset-source').textContent())
      .toBe(text('en', 'standards.fill.source', { source: 'Cobb 500 Broiler Performance & Nutrition Supplement 2018' }));
    await page.getByTestId('standard-preset-apply').click();
    await expect.poll(() => form.field('nome').inputValue()).toBe('Cobb 500 2018');
    expect(await form.field('linhagem').inputValue()).toBe('Cobb 500');
    expect(await page.getByTestId('point-row').count()).toBeGreaterThan(20);
    expect(await page.getByTestId('standard-curve').isVisible()).toBe(true);

    // A file that is not a standard says so, with the line.
    await page.getByTestId('standard-csv-file').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('name;colour\nabc;blue\n') });
    await expect
      .poll(() => page.getByTestId('standard-fill-result').textContent())
      .toBe(text('en', 'standards.fill.csvErrorLine', { reason: text('en', 'errors.CSV_INVALID'), line: 1 }));

    // A farm's own CSV, with decimal commas, replaces the table.
    const csv = 'Day;Weight (g);Daily gain (g);FCR\n0;42,5;;\n7;180,5;19,7;0,871\n14;480;42,8;1,05\n';
    await page.getByTestId('standard-csv-file').setInputFiles({ name: 'farm-curve.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect
      .poll(() => page.getByTestId('standard-fill-result').textContent())
      .toBe(text('en', 'standards.fill.csvRead', { count: 3, days: '0–14', file: 'farm-curve.csv' }));
    await expect.poll(() => page.getByTestId('point-row').count()).toBe(3);
    expect(await form.field('pontos.1.peso').inputValue()).toBe('180.5');
    expect(await form.field('pontos.1.conversao').inputValue()).toBe('0.871');

    await form.fill({ nome: 'Farm curve 2024', edicao: '2024' });
    await form.chooseSegment('sexo', text('en', 'standards.sexo.macho'));
    const id = await form.saveNew();
    await expect.poll(() => page.getByText(text('en', 'feedback.registered')).count()).toBeGreaterThan(0);
    await expect.poll(() => form.title().textContent()).toBe('Farm curve 2024');
    const stored = await e2e.portal.request('GET', `/api/getpadrao?id=${id}`, { token: account.token });
    expect(stored.body).toMatchObject({
      nome: 'Farm curve 2024',
      linhagem: 'Cobb 500',
      edicao: '2024',
      sexo: 'macho',
      fonte: 'Cobb 500 Broiler Performance & Nutrition Supplement 2018',
      pontos: [
        { idade: 0, peso: 42.5, ganho_diario: null, conversao: null, consumo_acumulado: null },
        { idade: 7, peso: 180.5, ganho_diario: 19.7, conversao: 0.871, consumo_acumulado: null },
        { idade: 14, peso: 480, ganho_diario: 42.8, conversao: 1.05, consumo_acumulado: null },
      ],
    });

    await list.goto();
    await list.search('FARM curve');
    await expect.poll(() => list.rows().count()).toBe(1);
    const row = await list.rows().first().textContent();
    for (const shown of ['Cobb 500', '2024', text('en', 'standards.sexo.macho'), '0–14']) expect(row).toContain(shown);

    // Edit: a day added; a repeated day is refused on the table before anything is sent.
    await list.open('Farm curve 2024');
    await page.getByTestId('points-add').click();
    await expect.poll(() => form.field('pontos.3.idade').inputValue()).toBe('15');
    await form.fill({ 'pontos.3.idade': 14, 'pontos.3.peso': 520 });
    await form.save();
    await expect.poll(() => page.getByTestId('points-error').textContent()).toBe(text('en', 'errors.DUPLICATE_AGE'));
    await form.fill({ 'pontos.3.idade': 21 });
    await form.save();
    await expect.poll(() => page.getByText(text('en', 'feedback.done')).count()).toBeGreaterThan(0);
    const edited = await e2e.portal.request('GET', `/api/getpadrao?id=${id}`, { token: account.token });
    expect(edited.body.pontos.at(-1)).toMatchObject({ idade: 21, peso: 520 });

    await deleteWithConfirmation(form, 'en', '“Farm curve 2024”', async () => (await e2e.portal.request('GET', `/api/getpadrao?id=${id}`, { token: account.token })).status);
    await page.waitForURL(/#\/padroes$/);
    expect((await e2e.portal.request('GET', `/api/getpadrao?id=${id}`, { token: account.token })).status).toBe(404);
  }, 120_000);

  it('charts: defines a chart with a flock and a standard series, finds, edits and deletes it (en, phone)', async () => {
    const page = await e2e.newPage(PHONE, 'en');
    const account = await signedIn(e2e, page, { language: 'en' });
    const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Horizonte' });
    const flock = await createLote(e2e.portal, account, farm, { codigo: 'L-77' });
    const standard = await createPadrao(e2e.portal, account, { nome: 'Ross curve' });
    const list = new RecordListPage(page, 'graficos');
    const form = new RecordFormPage(page);

    await list.goto();
    await expect.poll(() => list.empty().textContent()).toContain(text('en', 'charts.list.emptyTitle'));
    await list.add();

    await form.fill({ titulo: 'Weight vs standard' });
    await form.chooseSegment('tipo', text('en', 'charts.tipo.barra'));
    await form.save();
    await expect.poll(() => form.fieldError('linhas.0.lote_id').textContent()).toBe(text('en', 'errors.FIELD_REQUIRED'));

    // A series without a title is named after what it plots.
    await form.choose('linhas.0.lote_id', /^L-77/);
    await expect.poll(() => form.field('linhas.0.tit').inputValue()).toBe(`${text('en', 'charts.fonte.peso_medio')} · L-77`);
    await page.getByTestId('series-add').click();
    await form.choose('linhas.1.fonte', text('en', 'charts.fonte.padrao'));
    await form.choose('linhas.1.padrao_id', 'Ross curve');
    await expect.poll(() => form.field('linhas.1.tit').inputValue()).toBe(`${text('en', 'charts.fonte.padrao')} · Ross curve`);

    // Chosen dates: the end may not come before the start.
    await form.choose('periodo', text('en', 'charts.periodo.personalizado'));
    await form.fill({ data_inicio: '20/05/2026', data_fim: '10/05/2026' });
    await form.save();
    await expect.poll(() => form.fieldError('data_fim').textContent()).toBe(text('en', 'errors.DATE_RANGE_INVALID'));
    await form.fill({ data_inicio: '01/05/2026', data_fim: '31/05/2026' });

    const id = await form.saveNew();
    await expect.poll(() => page.getByText(text('en', 'feedback.registered')).count()).toBeGreaterThan(0);
    // Saved, the chart itself opens (drawn from getgraphdata; charts.e2e.ts checks its data).
    await page.getByTestId('chart-view').waitFor();
    const stored = await e2e.portal.request('GET', `/api/getgrafico?id=${id}`, { token: account.token });
    expect(stored.body).toMatchObject({
      titulo: 'Weight vs standard',
      tipo: 'barra',
      periodo: 'personalizado',
      data_inicio: '2026-05-01',
      data_fim: '2026-05-31',
      linhas: [
        { fonte: 'peso_medio', lote_id: flock.id, padrao_id: null, silo_id: null },
        { fonte: 'padrao', padrao_id: standard.id, lote_id: null, silo_id: null },
      ],
    });
    expect(await form.horizontalOverflow()).toBeLessThanOrEqual(0);

    await list.goto();
    await list.search('weight VS');
    await expect.poll(() => list.rows().count()).toBe(1);
    expect(await list.rows().first().textContent()).toContain(text('en', 'charts.periodo.range', { from: '01/05/2026', to: '31/05/2026' }));

    // Edit: the last 7 days, one series.
    // A chart opens drawn; its form is one click further.
    await list.row('Weight vs standard').first().click();
    await page.getByTestId('chart-view').waitFor();
    await page.getByTestId('chart-edit').click();
    await page.waitForURL(/#\/graficos\/\d+\/editar$/);
    await form.choose('periodo', text('en', 'charts.periodo.7'));
    await expect.poll(() => form.field('data_inicio').count()).toBe(0);
    await page.getByTestId('series-remove').nth(1).click();
    await form.save();
    await expect.poll(() => page.getByText(text('en', 'feedback.done')).count()).toBeGreaterThan(0);
    const edited = await e2e.portal.request('GET', `/api/getgrafico?id=${id}`, { token: account.token });
    expect(edited.body).toMatchObject({ periodo: '7', data_inicio: null, data_fim: null });
    expect(edited.body.linhas).toHaveLength(1);

    await deleteWithConfirmation(form, 'en', '“Weight vs standard”', async () => (await e2e.portal.request('GET', `/api/getgrafico?id=${id}`, { token: account.token })).status);
    await page.waitForURL(/#\/graficos$/);
    expect((await e2e.portal.request('GET', `/api/getgrafico?id=${id}`, { token: account.token })).status).toBe(404);
  }, 120_000);

  /** A farm with a standard, three flocks (one without date, one closed) and a chart. */
  async function seedEverything(account: TestAccount) {
    const farm = await createNucleo(e2e.portal, account, {
      nome: 'Granja Primavera',
      aviarios: [{ nome: 'Aviário 1' }, { nome: 'Aviário 2' }, { nome: 'Aviário 3' }],
    });
    const standard = await createPadrao(e2e.portal, account, { nome: 'Ross 308 Granja', pontos: weeklyPoints });
    await createPadrao(e2e.portal, account, { nome: 'Cobb 500 Fêmeas', linhagem: 'Cobb 500', edicao: '2018', sexo: 'femea' });
    const placed = addDays(ownerToday(), -28);
    const flock = await createLote(e2e.portal, account, farm, {
      codigo: 'L-2024-07',
      aviarios: farm.aviarios.slice(0, 2).map((house) => house.id),
      data_alojamento: placed,
      linhagem: 'Ross 308',
      padrao_id: standard.id,
      aves_macho: 12000,
      aves_femea: 11000,
    });
    await recordDeaths(e2e.portal, account, flock, [
      { data: addDays(placed, 2), aves: 85 },
      { data: addDays(placed, 9), aves: 40 },
    ]);
    await createLote(e2e.portal, account, farm, { codigo: 'L-sem-data', data_alojamento: null, aviarios: [farm.aviarios[2]!.id] });
    await createLote(e2e.portal, account, farm, { codigo: 'L-2023-09', data_alojamento: '2023-09-01', data_encerramento: '2023-10-15' });
    const chart = await createGrafico(e2e.portal, account, {
      titulo: 'Peso do lote L-2024-07',
      linhas: [
        { tit: 'Peso médio · L-2024-07', fonte: 'peso_medio', lote_id: flock.id },
        { tit: 'Padrão · Ross 308 Granja', fonte: 'padrao', padrao_id: standard.id },
      ],
    });
    return { flock, standard, chart };
  }

  for (const language of ['pt', 'en'] as const) {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      it(`lists and forms look finished (${language}, ${width})`, async () => {
        const page = await e2e.newPage(viewport, language);
        const account = await signedIn(e2e, page, { language });
        const { flock, standard, chart } = await seedEverything(account);
        const screens = [
          { feature: 'flocks', path: 'lotes', record: `${flock.id}/editar`, rows: 3 },
          { feature: 'standards', path: 'padroes', record: standard.id, rows: 2 },
          { feature: 'charts', path: 'graficos', record: `${chart.id}/editar`, rows: 1 },
        ];
        for (const screen of screens) {
          const list = new RecordListPage(page, screen.path);
          await list.goto();
          await expect.poll(() => list.rows().count()).toBe(screen.rows);
          await e2e.screenshot(page, `${screen.feature}-list-${language}-${width}`);
          expect(await list.horizontalOverflow(), `${screen.path} list`).toBeLessThanOrEqual(0);

          const form = new RecordFormPage(page);
          await form.goto(`${screen.path}/${screen.record}`);
          await form.saveButton().waitFor();
          if (screen.feature === 'standards') await page.getByTestId('standard-curve').waitFor();
          await e2e.screenshot(page, `${screen.feature}-form-${language}-${width}`);
          expect(await form.horizontalOverflow(), `${screen.path} form`).toBeLessThanOrEqual(0);
        }
      }, 120_000);
    }
  }
});
