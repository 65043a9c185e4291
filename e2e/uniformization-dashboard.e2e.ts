import { computeStats } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberFormat } from '../packages/web/src/features/records/numbers.js';
import type { TestAccount } from '../packages/server/src/test/factories.js';
import { createDevice } from '../packages/server/src/test/factories/devices.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { createPadrao } from '../packages/server/src/test/factories/standards.js';
import { createPesagens, type PesagemInput } from '../packages/server/src/test/factories/weighings.js';
import { UniformizationPage } from './pages/UniformizationPage.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './support/portal.js';
import { signedIn } from './support/session.js';

type Language = 'pt' | 'en' | 'es';
const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

// Ages count in the owner's time zone (-3 by default), so dates are taken from there.
const ownerToday = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * One grader day with hand-picked weights. Light 4 birds (7,5 kg, mean 1875), Average 1 4 birds
 * (8,3 kg, mean 2075), Heavy 2 birds (5,0 kg, mean 2500): 10 birds, 20,8 kg, mean 2080; shares
 * 40/40/20 %. The whole flock's band is 1872–2288 g: 6 of 10 birds inside, uniformity 60 %;
 * every category alone is 100 % uniform.
 */
const GRADED = {
  Light: [1800, 1850, 1900, 1950],
  'Average 1': [2000, 2050, 2100, 2150],
  Heavy: [2400, 2600],
} as const;
const BOX = { Light: '3', 'Average 1': '4', Heavy: '6' } as const;
const ALL = Object.values(GRADED).flat();
const cvOf = (grams: readonly number[]) => computeStats(grams.map((peso) => peso * 10)).cv;

/** Weekly points to six weeks: at 29 days the standard is 1530 + 630 / 7 = 1620 g. */
const WEEKLY_STANDARD = [
  { idade: 0, peso: 42 },
  { idade: 7, peso: 190.5 },
  { idade: 14, peso: 486 },
  { idade: 21, peso: 950 },
  { idade: 28, peso: 1530 },
  { idade: 35, peso: 2160 },
  { idade: 42, peso: 2790 },
];

/** A farm without a grader, a farm with one (in its second house) and two flocks there, one graded yesterday. */
async function seedGrader(e2e: E2E, account: TestAccount) {
  const today = ownerToday();
  const placed = addDays(today, -30);
  await createNucleo(e2e.portal, account, { nome: 'Granja Sem Seletora' });
  const farm = await createNucleo(e2e.portal, account, { nome: 'Granja Norte' });
  const houses = farm.aviarios.map((house) => house.id);
  const padrao = await createPadrao(e2e.portal, account, { nome: 'Padrão Norte', pontos: WEEKLY_STANDARD });
  const lote = await createLote(e2e.portal, account, farm, { codigo: 'Lote 7', aviarios: houses, data_alojamento: placed, padrao_id: padrao.id });
  await createLote(e2e.portal, account, farm, { codigo: 'Lote 8', aviarios: houses, data_alojamento: placed, padrao_id: padrao.id });
  const grader = await createDevice(e2e.portal, account, { modelo: 'SELAUTO', nome: 'Seletora Norte', nucleo_id: farm.id, aviario_id: houses[1]! });
  const gradedOn = addDays(today, -1);
  const rows: PesagemInput[] = [
    // A scale weighed the flock twice before: two earlier points of its growth curve.
    ...[480, 500, 520].map((peso) => ({ peso, data: addDays(placed, 14), idade_lote: 14, serie_balanca: 'BAL-1' })),
    ...[950, 1000, 1050].map((peso) => ({ peso, data: addDays(placed, 21), idade_lote: 21, serie_balanca: 'BAL-1' })),
    ...Object.entries(GRADED).flatMap(([categoria, pesos]) =>
      pesos.map((peso) => ({ peso, data: gradedOn, idade_lote: 29, aviario: categoria, box: BOX[categoria as keyof typeof BOX], serie_balanca: grader.serie })),
    ),
  ];
  await createPesagens(e2e.portal, account, { nucleo: farm, lote, rows });
  return { lote, grader, gradedOn, firstDay: addDays(placed, 14) };
}

describe('uniformization and the dashboard tiles', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  for (const language of ['pt', 'en', 'es'] as const) {
    it(`shows the grader's totals and the uniformity before and after grading, and the flock's tile (${language})`, async () => {
      const n = numberFormat(LOCALES[language]);
      const page = await e2e.newPage(DESKTOP, language);
      const account = await signedIn(e2e, page, { language });
      const { lote, grader, gradedOn, firstDay } = await seedGrader(e2e, account);
      // What the screen asks the server: the figures must come from one call, not one per category.
      const calls: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) calls.push(url);
      });
      const screen = new UniformizationPage(page);
      await screen.goto();

      // The first farm with a grader, its first active flock and the grader are chosen already.
      expect(await screen.value('farm')).toBe('Granja Norte');
      // A farm without a grader says so; choosing the graded farm and flock again shows the figures.
      await screen.choose('farm', 'Granja Sem Seletora');
      await page.getByTestId('uni-no-grader').waitFor();
      expect(await page.getByTestId('uni-no-grader').textContent()).toContain(text(language, 'uniformization.noGrader.title'));
      await screen.choose('farm', 'Granja Norte');
      await screen.choose('flock', 'Lote 7');
      // The grader sits in the second house: the first house has none.
      await screen.choose('house', 'Aviário 1');
      await page.getByTestId('uni-no-grader').waitFor();
      await screen.choose('house', 'Aviário 2');
      await screen.choose('grader', `Seletora Norte · ${grader.serie}`);
      await page.getByTestId('uni-results').waitFor();
      expect(calls.filter((url) => url.pathname === '/api/avespesos')).toEqual([]);
      const totalsCall = calls.filter((url) => url.pathname === '/api/gettotaisselauto').at(-1);
      expect(Object.fromEntries(totalsCall!.searchParams)).toMatchObject({ id: String(grader.id), lote_id: String(lote.id) });

      // gettotaisselauto per category, translated, the grader's names kept beside.
      const light = screen.totalsRow('Light');
      expect(await light.getByTestId('uni-category-label').textContent()).toBe(text(language, 'uniformization.categories.light'));
      const expectTotals = async (category: string, aves: number, kg: number, pm: number | null, percent: number) => {
        const row = screen.totalsRow(category);
        expect(await screen.cell(row, 'aves')).toBe(n.format(aves, 0));
        expect(await screen.cell(row, 'peso_total')).toBe(n.format(kg, 1));
        expect(await screen.cell(row, 'pm')).toBe(pm === null ? '–' : n.format(pm, 1));
        expect(await screen.cell(row, 'percent')).toBe(n.format(percent, 2));
      };
      await expectTotals('Light', 4, 7.5, 1875, 40);
      await expectTotals('Average 1', 4, 8.3, 2075, 40);
      await expectTotals('Heavy', 2, 5, 2500, 20);
      await expectTotals('Limit 1', 0, 0, null, 0);
      expect(await screen.cell(screen.totalsTotal(), 'aves')).toBe(n.format(10, 0));
      expect(await screen.cell(screen.totalsTotal(), 'peso_total')).toBe(n.format(20.8, 1));
      expect(await screen.cell(screen.totalsTotal(), 'pm')).toBe(n.format(2080, 1));

      // Before: the whole flock; after: each category on its own, 100 % uniform.
      expect(await screen.before('aves')).toBe(n.format(10, 0));
      expect(await screen.before('peso')).toBe(n.format(2080, 1));
      expect(await screen.before('uni')).toBe(n.format(60, 2));
      expect(await screen.before('cv')).toBe(n.format(cvOf(ALL), 2));
      for (const [category, pesos] of Object.entries(GRADED)) {
        const row = screen.afterRow(category);
        expect(await screen.cell(row, 'pesoMedio')).toBe(n.format(pesos.reduce((sum, peso) => sum + peso, 0) / pesos.length, 1));
        expect(await screen.cell(row, 'uni')).toBe(n.format(100, 2));
        expect(await screen.cell(row, 'cv')).toBe(n.format(cvOf(pesos), 2));
        expect(await screen.cell(row, 'ganhoUni')).toBe(`+${n.format(40, 2)}`);
      }
      expect(await page.getByTestId('uni-band-note').textContent()).toBe(text(language, 'uniformization.comparison.bandNote'));
      await expect.poll(() => page.getByTestId('uni-chart').locator('canvas').count()).toBe(1);
      await e2e.screenshot(page, `uniformization-${language}-desktop`);

      // A flock the grader has not weighed: the empty state says how weighings arrive (its totals are that flock's: none).
      await screen.choose('flock', 'Lote 8');
      await page.getByTestId('uni-empty').waitFor();
      expect(await page.getByTestId('uni-totals').count()).toBe(0);
      expect(await page.getByTestId('uni-empty').textContent()).toContain(text(language, 'uniformization.empty.title'));
      expect(await page.getByTestId('uni-empty').getByRole('link').getAttribute('href')).toBe('#/importacao');

      // The dashboard: the flock's latest weighing (the grader's day) and its growth chart.
      await page.goto('/#/dashboard');
      const tile = page.locator(`[data-testid="dashboard-flock"][data-lote="${lote.id}"]`);
      await tile.waitFor();
      expect(await tile.getByTestId('dashboard-flock-mean').textContent()).toBe(n.format(2080, 1));
      expect(await tile.getByTestId('dashboard-flock-uni').textContent()).toBe(n.format(60, 2));
      expect(await tile.getByTestId('dashboard-flock-cv').textContent()).toBe(n.format(cvOf(ALL), 2));
      // (2080 − 1000) g over the 8 days since the day-21 weighing; 2080 / 1620 = 128,40 % of standard.
      expect(await tile.getByTestId('dashboard-flock-gain').textContent()).toBe(n.format(135, 1));
      expect(await tile.getByTestId('dashboard-flock-standard').textContent()).toBe(n.format(128.4, 2));
      expect(await tile.getByTestId('dashboard-flock-age').textContent()).toBe(text(language, 'dashboard.flocks.age', { count: 30 }));
      await expect.poll(() => tile.getByTestId('dashboard-growth-chart').locator('canvas').count()).toBe(1);
      expect(await tile.getByTestId('dashboard-flock-report').getAttribute('href')).toBe(`#/aves?lote=${lote.id}&inicio=${firstDay}&fim=${gradedOn}`);
      expect(await page.getByTestId('dashboard-count-pesagens').textContent()).toBe(n.format(16, 0));
      expect(await page.getByTestId('dashboard-flock-empty').textContent()).toBe(text(language, 'dashboard.flocks.noWeighings'));
      await e2e.screenshot(page, `dashboard-tiles-${language}-desktop`);
    });
  }

  for (const language of ['pt', 'en'] as const) {
    it(`works at phone width (${language})`, async () => {
      const n = numberFormat(LOCALES[language]);
      const page = await e2e.newPage(PHONE, language);
      const account = await signedIn(e2e, page, { language });
      const { lote } = await seedGrader(e2e, account);
      const screen = new UniformizationPage(page);
      await screen.goto();
      await page.getByTestId('uni-results').waitFor();
      expect(await screen.before('uni')).toBe(n.format(60, 2));
      expect(await screen.cell(screen.totalsRow('Heavy'), 'percent')).toBe(n.format(20, 2));
      await expect.poll(() => page.getByTestId('uni-chart').locator('canvas').count()).toBe(1);
      expect(await screen.horizontalOverflow()).toBeLessThanOrEqual(0);
      await e2e.screenshot(page, `uniformization-${language}-phone`);

      // The 365-day quick range keeps the figures (the day graded is inside both).
      await page.getByTestId('uni-range-365').click();
      await expect.poll(() => page.url()).toContain('inicio=');
      await page.getByTestId('uni-results').waitFor();
      expect(await screen.before('aves')).toBe(n.format(10, 0));

      await page.goto('/#/dashboard');
      const tile = page.locator(`[data-testid="dashboard-flock"][data-lote="${lote.id}"]`);
      await tile.waitFor();
      expect(await tile.getByTestId('dashboard-flock-mean').textContent()).toBe(n.format(2080, 1));
      await expect.poll(() => tile.getByTestId('dashboard-growth-chart').locator('canvas').count()).toBe(1);
      expect(await screen.horizontalOverflow()).toBeLessThanOrEqual(0);
      await e2e.screenshot(page, `dashboard-tiles-${language}-phone`);
    });
  }
});
