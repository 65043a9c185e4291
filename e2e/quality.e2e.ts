import type { Descartadas, Lote, Nucleo, Qualidade } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { createPadrao } from '../packages/server/src/test/factories/standards.js';
import { createPesagens, generatedWeighings, type PesagemInput } from '../packages/server/src/test/factories/weighings.js';
import { QualityPages } from './pages/QualityPages.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, LANGUAGES, localToday, shown, type Lang } from './support/report.js';
import { signInAs } from './support/session.js';

/** The flock's age today; weighed at 14, 21 and 28 days, on the standard. */
const AGE = 30;
const WEIGHED = [
  { age: 14, peso: 480 },
  { age: 21, peso: 930 },
  { age: 28, peso: 1500 },
];
/** The standard's weights (g) by age; the weighings follow it. */
const STANDARD = [[0, 42], [7, 190], [14, 480], [21, 930], [28, 1500], [35, 2100]] as const;
/** Day 28 (standard 1500 g; window −30 %/+15 %: 1050–1725 g; two birds 2550–3450 g): two birds on the plate, partial birds, heavy birds. */
const DOUBLES = [2950, 3010.5, 3100, 2800, 3300.2, 2700];
const PARTIALS = [600, 700.5, 850, 1000];
const ABOVE = [1800, 2000, 2400];

describe('weighing quality (flock card, lotes/:id/qualidade and its audit)', () => {
  let e2e: E2E;
  let account: TestAccount;
  let farm: Nucleo;
  const flocks = new Map<Lang, Lote>();
  const today = localToday();
  const day28 = daysBefore(today, AGE - 28);
  const api = async <T>(path: string) => (await e2e.portal.request<T>('GET', path, { token: account.token })).body;

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    farm = await createNucleo(e2e.portal, account, { nome: 'Granja Qualidade', aviarios: [{ nome: 'Aviário 1' }] });
    const padrao = await createPadrao(e2e.portal, account, { nome: 'Ross 308 misto', pontos: STANDARD.map(([idade, peso]) => ({ idade, peso })) });
    for (const [index, { lang }] of LANGUAGES.entries()) {
      const lote = await createLote(e2e.portal, account, farm, { codigo: `Q-${lang.toUpperCase()}`, aviarios: [farm.aviarios[0]!.id], data_alojamento: daysBefore(today, AGE), aves_misto: 10_000, padrao_id: padrao.id });
      const rows: PesagemInput[] = WEIGHED.flatMap(({ age, peso }) =>
        generatedWeighings(300 + index * 10 + age, 90, { datas: [daysBefore(today, AGE - age)], idadeInicial: age, pesoInicial: peso, cv: 5, erroRate: 0, sexos: ['Misto'], aviarios: ['Aviário 1'], series: ['BAL-1', 'BAL-2'] }),
      );
      const injected = (pesos: number[], hora: string) => pesos.map((peso): PesagemInput => ({ peso, data: day28, hora, idade_lote: 28, sexo: 'Misto', aviario: 'Aviário 1', serie_balanca: 'BAL-2' }));
      rows.push(...injected(DOUBLES, '09:15:00'), ...injected(PARTIALS, '10:20:00'), ...injected(ABOVE, '11:30:00'));
      await createPesagens(e2e.portal, account, { nucleo: farm, lote, rows });
      flocks.set(lang, lote);
    }
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  });

  for (const { lang, locale } of LANGUAGES) {
    it(`turns the filter on, shows a day's counts by reason and audits its doubles in ${lang}, at desktop and phone width`, async () => {
      await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: lang, reports_language: lang } });
      const lote = flocks.get(lang)!;
      const config = async () => (await api<Qualidade>(`/api/getqualidade?lote_id=${lote.id}`)).config;

      // The card on the flock's page: off by default; a window out of range is refused, translated, and nothing stored.
      const desk = await e2e.newPage(DESKTOP, lang);
      await signInAs(desk, account);
      const card = new QualityPages(desk);
      await card.openFlock(lote.id);
      expect(await card.card().getByTestId('quality-state').textContent()).toBe(text(lang, 'flocks.quality.off'));
      expect(await card.card().textContent()).toContain(text(lang, 'flocks.quality.description'));
      await card.field('abaixo_pct').fill('95');
      await card.save();
      await expect.poll(() => card.form.fieldError('abaixo_pct').textContent()).toBe(text(lang, 'errors.FIELD_OUT_OF_RANGE'));
      expect(await config()).toMatchObject({ ativo: false, abaixo_pct: 30 });

      await card.field('abaixo_pct').fill('30');
      await card.toggleFilter();
      await card.form.chooseIn(card.field('referencia'), text(lang, 'flocks.quality.references.padrao'));
      await card.save();
      await expect.poll(() => card.card().getByTestId('quality-state').getAttribute('data-on')).toBe('true');
      expect(await config()).toMatchObject({ ativo: true, abaixo_pct: 30, acima_pct: 15, dupla_tolerancia_pct: 15, referencia: 'padrao' });
      expect(await card.untranslatedKeys()).toEqual([]);
      await saveScreenshot(card.card(), { path: `${SCREENSHOT_DIR}/quality-card-${lang}-desktop.png` });

      const quality = await api<Qualidade>(`/api/getqualidade?lote_id=${lote.id}`);
      const counts = quality.dias.find((entry) => entry.data === day28 && entry.sexo === 'Misto')!;
      // The injected weighings are set aside exactly (a 5 % CV never reaches a partial or a double).
      expect(counts).toMatchObject({ esperado_g: 1500, baixo_g: 1050, alto_g: 1725, parcial: PARTIALS.length, dupla: DOUBLES.length });
      expect(counts.acima).toBeGreaterThanOrEqual(ABOVE.length);
      const doubles = await api<Descartadas>(`/api/getpesagensdescartadas?lote_id=${lote.id}&data=${day28}&motivo=dupla`);
      expect(doubles.pesagens.map((entry) => entry.peso).sort((a, b) => a - b)).toEqual([...DOUBLES].sort((a, b) => a - b));

      // The day's counts in its row, the totals, the scales; then the day's audit, filtered to the doubles.
      const checkPage = async (pages: QualityPages, name: string) => {
        const row = pages.day(day28, 'Misto');
        for (const key of ['aves', 'aceitas', 'parcial', 'dupla', 'acima'] as const) {
          expect(await pages.dayCount(row, key), `${name} ${key}`).toBe(shown(locale, counts[key], 0));
        }
        const all = quality.dias.reduce((sum, entry) => sum + entry.dupla, 0);
        expect(await pages.total('dupla').textContent()).toBe(shown(locale, all, 0));
        expect(await pages.page.getByTestId('quality-filter-state').getAttribute('data-on')).toBe('true');
        await expect.poll(() => pages.page.getByTestId('quality-scale').count()).toBe(2);
        expect(await pages.untranslatedKeys()).toEqual([]);
        expect(await pages.horizontalOverflow(), name).toBeLessThanOrEqual(0);
        await e2e.screenshot(pages.page, `quality-page-${name}`);

        await pages.openAudit(day28, 'Misto');
        const setAside = counts.parcial + counts.dupla + counts.acima;
        expect(await pages.audit().getByTestId('audit-count').getAttribute('data-total')).toBe(String(setAside));
        await expect.poll(() => pages.auditRows().count()).toBe(setAside);
        await pages.auditReason(text(lang, 'flocks.quality.reasons.dupla'), DOUBLES.length);
        await expect.poll(() => pages.auditRows().count()).toBe(DOUBLES.length);
        expect(await pages.audit().locator('[data-testid="audit-row"]:not([data-reason="dupla"])').count()).toBe(0);
        expect(await pages.audit().getByTestId('audit-count').textContent()).toBe(text(lang, 'flocks.quality.audit.count_other', { total: shown(locale, DOUBLES.length, 0) }));
        const listed = await pages.audit().textContent();
        for (const peso of DOUBLES) expect(listed, `${name}: ${peso} g listed`).toContain(`${shown(locale, peso, 1)} g`);
        await saveScreenshot(pages.page, { path: `${SCREENSHOT_DIR}/quality-audit-${name}.png` });
        await pages.page.keyboard.press('Escape');
        await pages.audit().waitFor({ state: 'detached' });
      };

      // Desktop goes by the card's link; the phone opens the page itself.
      await card.card().getByTestId('quality-open').click();
      await card.settled();
      await checkPage(card, `${lang}-desktop`);
      await desk.close();

      const phone = await e2e.newPage(PHONE, lang);
      await signInAs(phone, account);
      const small = new QualityPages(phone);
      await small.openFlock(lote.id);
      expect(await small.card().getByTestId('quality-state').getAttribute('data-on')).toBe('true');
      expect(await small.horizontalOverflow(), `${lang} phone card`).toBeLessThanOrEqual(0);
      await saveScreenshot(small.card(), { path: `${SCREENSHOT_DIR}/quality-card-${lang}-phone.png` });
      await small.goto(lote.id);
      await checkPage(small, `${lang}-phone`);
      await phone.close();
    }, 180_000);
  }
});
