import type { Comparativo, Desempenho, Lote, Nucleo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote, recordDeaths } from '../packages/server/src/test/factories/flocks.js';
import { addMovement, createSilo } from '../packages/server/src/test/factories/silos.js';
import { createPesagens, generatedWeighings } from '../packages/server/src/test/factories/weighings.js';
import { ComparisonPage } from './pages/ComparisonPage.js';
import { ProfilePage } from './pages/ProfilePage.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, LANGUAGES, localToday, shown } from './support/report.js';
import { signInAs } from './support/session.js';

const TODAY = localToday();
/** The last year: the four closed flocks, and (with "active") the flock still placed. */
const PERIOD = { di: daysBefore(TODAY, 365), df: TODAY };
const PLACED = daysBefore(TODAY, 120);
const CLOSED_ON = daysBefore(TODAY, 78);

/**
 * Four flocks placed 120 days ago and closed at 42 days, their deaths as daily records and their
 * close-out (birds, kg and feed delivered): four IEPs far apart, one per quartile.
 */
const CLOSED = [
  { codigo: 'R-Ouro', aves: 20_000, mortos: 500, pesoG: 2900, ca: 1.58 },
  { codigo: 'R-Prata', aves: 18_000, mortos: 700, pesoG: 2750, ca: 1.66 },
  { codigo: 'R-Bronze', aves: 22_000, mortos: 1100, pesoG: 2600, ca: 1.74 },
  { codigo: 'R-Lata', aves: 16_000, mortos: 1300, pesoG: 2400, ca: 1.86 },
] as const;

async function call<T>(e2e: E2E, account: TestAccount, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await e2e.portal.request<T>(method, `/api/${path}`, { token: account.token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200) throw new Error(`${path} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function seedClosedFlocks(e2e: E2E, account: TestAccount, farm: Nucleo): Promise<void> {
  for (const flock of CLOSED) {
    const lote = await createLote(e2e.portal, account, farm, { codigo: flock.codigo, data_alojamento: PLACED, aves_misto: flock.aves, linhagem: 'Cobb 500' });
    await recordDeaths(e2e.portal, account, lote, [
      { data: daysBefore(TODAY, 117), aves: Math.round(flock.mortos * 0.6) },
      { data: daysBefore(TODAY, 100), aves: flock.mortos - Math.round(flock.mortos * 0.6) },
    ]);
    const delivered = flock.aves - flock.mortos;
    const kg = Math.round((delivered * flock.pesoG) / 100) / 10;
    await call(e2e, account, 'POST', 'registerfechamento', { lote_id: lote.id, data: CLOSED_ON, aves_entregues: delivered, kg_entregues: kg, racao_kg: Math.round(kg * flock.ca * 10) / 10 });
  }
}

/** An active flock 20 days old, with deaths, weighings yesterday and a silo's daily consumption: it has an IEP today. */
async function seedActiveFlock(e2e: E2E, account: TestAccount, farm: Nucleo): Promise<Lote> {
  const today = TODAY;
  const house = farm.aviarios[1]!.id;
  const lote = await createLote(e2e.portal, account, farm, { codigo: 'A-Ativo', aviarios: [house], data_alojamento: daysBefore(today, 20), aves_misto: 12_000 });
  await recordDeaths(e2e.portal, account, lote, [{ data: daysBefore(today, 15), aves: 90 }], house);
  const silo = await createSilo(e2e.portal, account, farm, { nome: 'Silo ativo', capacidade_kg: 40_000, aviarios: [house] });
  await addMovement(e2e.portal, account, { idsilo: silo.id, tipo: 'entrada', data: daysBefore(today, 20), quantidade_kg: 30_000 });
  for (let age = 0; age < 20; age += 1) {
    await addMovement(e2e.portal, account, { idsilo: silo.id, tipo: 'consumo', data: daysBefore(today, 20 - age), quantidade_kg: 150 + age * 60 });
  }
  await createPesagens(e2e.portal, account, { nucleo: farm, lote, rows: generatedWeighings(7, 60, { datas: [daysBefore(today, 1)], pesoInicial: 820, idadeInicial: 19 }) });
  return lote;
}

describe('comparison ranking, dashboard tiles and performance settings', () => {
  let e2e: E2E;
  let account: TestAccount;
  let farm: Nucleo;
  let active: Lote;
  let expected: Comparativo;

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    farm = await createNucleo(e2e.portal, account, { nome: 'Granja Ranking' });
    await seedClosedFlocks(e2e, account, farm);
    active = await seedActiveFlock(e2e, account, farm);
    expected = await call<Comparativo>(e2e, account, 'GET', `getcomparativo?di=${PERIOD.di}&df=${PERIOD.df}`);
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  });

  it('the API ranks the four closed flocks one per quartile (the data the screen is checked against)', () => {
    const byName = Object.fromEntries(expected.linhas.map((line) => [line.nome, [line.posicao, line.quartil]]));
    expect(byName).toEqual({ 'R-Ouro': [1, 1], 'R-Prata': [2, 2], 'R-Bronze': [3, 3], 'R-Lata': [4, 4] });
    expect(expected.linhas.every((line) => line.iep !== null)).toBe(true);
  });

  it('shows the ranking with quartile labels and the mean in PT, EN and ES, on a desktop and a 390 px phone', async () => {
    for (const { lang, locale, separator } of LANGUAGES) {
      await call(e2e, account, 'POST', 'updateuser', { language: lang, reports_language: lang, separador_csv: separator });
      for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const page = await e2e.newPage(viewport, lang);
        await signInAs(page, account);
        const screen = new ComparisonPage(page);
        await screen.goto(PERIOD);
        const byRank = [...expected.linhas].sort((a, b) => a.posicao! - b.posicao!);
        expect(await screen.names()).toEqual(byRank.map((line) => line.nome));
        expect(await screen.quartileLabels()).toEqual([1, 2, 3, 4].map((quartil) => text(lang, `comparison.quartile.${quartil}`)));
        const rows = await screen.rows();
        expect(rows.map((row) => row.cells.iep)).toEqual(byRank.map((line) => shown(locale, line.iep, 1)));
        expect(rows.map((row) => row.cells.ca)).toEqual(byRank.map((line) => shown(locale, line.ca, 3)));
        expect(rows.map((row) => row.attributes.tone)).toEqual(['head', 'middle', 'middle', 'tail']);
        const [mean] = await screen.mean();
        expect(mean!.text).toContain(text(lang, 'comparison.mean'));
        expect(mean!.cells.iep).toBe(shown(locale, expected.media.iep, 1));
        expect(mean!.cells.aves_alojadas).toBe(shown(locale, expected.media.aves_alojadas, 0));
        await screen.chartDrawn();
        expect(await screen.overflow()).toBeLessThanOrEqual(0);
        if (width === 'phone') {
          // The table is wider than the phone: it scrolls inside its card, not the page.
          const box = await screen.tableScrollWidth();
          expect(box.scroll).toBeGreaterThan(box.client);
        }
        await e2e.screenshot(page, `comparison-${lang}-${width}`);
        await page.context().close();
      }
    }
    expect(e2e.consoleErrors).toEqual([]);
  }, 240_000);

  it('sorts by an indicator, keeps filters in the url, downloads the rows as CSV and prints', async () => {
    await call(e2e, account, 'POST', 'updateuser', { language: 'pt', reports_language: 'pt', separador_csv: ';' });
    const page = await e2e.newPage(DESKTOP, 'pt');
    await signInAs(page, account);
    const screen = new ComparisonPage(page);
    await screen.goto(PERIOD);

    // FCR: lowest first on the first click, then the other way.
    await screen.sortBy('ca');
    const byFcr = [...expected.linhas].sort((a, b) => a.ca! - b.ca!).map((line) => line.nome);
    await expect.poll(() => screen.names()).toEqual(byFcr);
    expect(screen.query().get('ordem')).toBe('ca');
    await screen.sortBy('ca');
    await expect.poll(() => screen.names()).toEqual([...byFcr].reverse());

    const file = await screen.download();
    expect(file.name).toBe(`comparativo-lote-${PERIOD.di}-${PERIOD.df}.csv`);
    const lines = file.text.trim().split(/\r\n/);
    expect(lines[0]!.split(';')).toContain(text('pt', 'comparison.columns.iep'));
    // The rows in the order shown, their quartiles in words, then the mean.
    expect(lines.slice(1, 5).map((line) => line.split(';')[2])).toEqual([...byFcr].reverse());
    expect(lines.slice(1, 5).map((line) => line.split(';')[1])).toEqual(['Cola', '3º quartil', '2º quartil', 'Cabeça']);
    expect(lines[5]!.split(';')[2]).toBe(text('pt', 'comparison.mean'));
    expect(await screen.print()).toBe(true);

    // Grouped by farm: one line, the four flocks.
    await screen.choose('por', text('pt', 'comparison.filters.porOptions.nucleo'));
    await expect.poll(() => screen.names()).toEqual(['Granja Ranking']);
    expect(screen.query().get('por')).toBe('nucleo');
    expect((await screen.rows())[0]!.cells.lotes).toBe('4');
    // With active flocks: the 20-day flock joins the farm's line.
    // A click, then the box follows the url: the router applies the change in a transition, after
    // the click returns (Playwright's check() would look before it lands).
    await screen.filter('active').click();
    await expect.poll(() => screen.filter('active').isChecked()).toBe(true);
    await expect.poll(async () => (await screen.rows())[0]?.cells.lotes).toBe('5');
    // An age window that excludes every closed flock leaves the ranking empty, and says so.
    await screen.goto({ ...PERIOD, idade_min: 50 });
    await page.getByTestId('comparison-empty').waitFor();
    // The "all growers" box is only for users who reach other owners.
    expect(await screen.filter('all-owners').count()).toBe(0);
    await e2e.screenshot(page, 'comparison-sorted-pt-desktop');
    expect(e2e.consoleErrors).toEqual([]);
  }, 120_000);

  it("shows each active flock's IEP and livability on its dashboard tile, linking to the flock page", async () => {
    const desempenho = await call<Desempenho>(e2e, account, 'GET', `getdesempenho?lote_id=${active.id}`);
    expect(desempenho.geral.iep).not.toBeNull();
    const page = await e2e.newPage(PHONE, 'pt');
    await signInAs(page, account);
    const tile = page.locator(`[data-testid="dashboard-flock"][data-lote="${active.id}"]`);
    await tile.getByTestId('dashboard-flock-performance').and(page.locator('[data-loaded="true"]')).waitFor();
    expect(await tile.getByTestId('dashboard-flock-iep').textContent()).toBe(shown('pt-BR', desempenho.geral.iep, 1));
    expect(await tile.getByTestId('dashboard-flock-livability').textContent()).toBe(`${shown('pt-BR', desempenho.geral.viabilidade_pct, 2)} %`);
    await e2e.screenshot(page, 'comparison-dashboard-tile-pt-phone');
    await tile.getByTestId('dashboard-flock-code').click();
    await page.waitForURL(new RegExp(`#/lotes/${active.id}$`));
    expect(e2e.consoleErrors).toEqual([]);
  }, 60_000);

  it('saves a new cause of death on the profile page, and the daily record offers it', async () => {
    const page = await e2e.newPage(PHONE, 'pt');
    await signInAs(page, account);
    await new ProfilePage(page).goto();
    const card = page.getByTestId('performance-card');
    await card.getByTestId('performance-cause').first().waitFor();
    expect(await card.getByTestId('performance-cause-label').first().textContent()).toBe(text('pt', 'flocks.causes.morte_subita'));
    // A default typed by its name is refused as already listed; a new one is added.
    await card.getByTestId('performance-cause-new').fill('Ascite');
    await card.getByTestId('performance-cause-add').click();
    await card.getByText(text('pt', 'performanceSettings.causes.problems.DUPLICATE_NAME')).waitFor();
    await card.getByTestId('performance-cause-new').fill('Coccidiose');
    await card.getByTestId('performance-cause-add').click();
    await card.getByTestId('performance-save').click();
    await expect
      .poll(async () => (await call<{ causas: string[] }>(e2e, account, 'GET', 'getconfigdesempenho')).causas.at(-1))
      .toBe('Coccidiose');
    await saveScreenshot(card, { path: `${SCREENSHOT_DIR}/comparison-settings-card-pt-phone.png` });

    await page.goto(`/#/lotes/${active.id}`);
    await page.getByTestId('daily-add').click();
    await page.getByTestId('daily-form').getByText('Coccidiose').first().waitFor();
    expect(e2e.consoleErrors).toEqual([]);
  }, 60_000);
});
