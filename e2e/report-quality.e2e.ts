import type { AvesPesosResponse, Lote, Nucleo, ReportBox, SeparacaoSexo } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalDraw, seededRandom } from '../packages/server/src/demo/weighings.js';
import { createAccount, type TestAccount } from '../packages/server/src/test/factories.js';
import { createNucleo } from '../packages/server/src/test/factories/farms.js';
import { createLote } from '../packages/server/src/test/factories/flocks.js';
import { createPadrao } from '../packages/server/src/test/factories/standards.js';
import { createPesagens, type PesagemInput } from '../packages/server/src/test/factories/weighings.js';
import { WeighingReportPage } from './pages/ReportPages.js';
import { ReportQualityParts } from './pages/ReportQuality.js';
import { text } from './support/locales.js';
import { DESKTOP, PHONE, SCREENSHOT_DIR, startE2E, type E2E } from './support/portal.js';
import { saveScreenshot } from './support/screenshots.js';
import { daysBefore, LANGUAGES, localToday, shown, type Lang } from './support/report.js';
import { signInAs } from './support/session.js';

/**
 * Issue 20 in the weight report: a mixed ('X') flock-day with the quality filter on. Pen A/1 holds
 * 300 males N(2550, 140) and 300 females N(2150, 130) with two birds on the plate and partial
 * birds; pen A/2 too few birds to split; pen B/1 one group. The standard expects 2450 g at 35
 * days: window −30 %/+15 % = 1715–2817.5 g, two birds 4165–5635 g.
 */
const AGE = 36;
const WEIGHED_AGE = 35;
const DOUBLES = [4800, 4950.5, 5010, 4700];
const PARTIALS = [900, 1100.5, 1250, 1400, 1500];

function normals(seed: number, count: number, mean: number, sd: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => Math.round((mean + sd * normalDraw(random)) * 10) / 10);
}

/** Where the element screenshots go (REPORT_SHOTS overrides, e.g. a scratch folder to look at). */
const SHOTS = process.env.REPORT_SHOTS ?? SCREENSHOT_DIR;

const percent = (lang: Lang, locale: string, value: number) => text(lang, 'reports.units.percent', { value: shown(locale, value, 2) });
const grams = (lang: Lang, locale: string, value: number) => text(lang, 'reports.units.grams', { value: shown(locale, value, 1) });
const countsOf = (counts: { aceitas: number; parcial: number; dupla: number; acima: number } | null) =>
  counts && { aceitas: counts.aceitas, parcial: counts.parcial, dupla: counts.dupla, acima: counts.acima };

describe('weight report: sex split of a mixed pen and quality counts (issue 20)', () => {
  let e2e: E2E;
  let account: TestAccount;
  let farm: Nucleo;
  let lote: Lote;
  const today = localToday();
  const day = daysBefore(today, AGE - WEIGHED_AGE);
  const period = { inicio: daysBefore(today, 30), fim: today };
  const search = () => `lote=${lote.id}&inicio=${period.inicio}&fim=${period.fim}`;

  const avespesos = async (janela?: { abaixo_pct: number; acima_pct: number }) =>
    (await e2e.portal.request<AvesPesosResponse>('POST', '/api/avespesos', { token: account.token, body: { lote_id: lote.id, ...period, ...(janela ? { janela } : {}) } })).body;
  const boxOf = (report: AvesPesosResponse, lado: string, box: string): ReportBox =>
    report.grupos[0]!.categorias[0]!.lados.find((entry) => entry.lado === lado)!.boxes.find((entry) => entry.box === box)!;

  beforeAll(async () => {
    e2e = await startE2E();
    account = await createAccount(e2e.portal);
    farm = await createNucleo(e2e.portal, account, { nome: 'Granja Mista', aviarios: [{ nome: 'Aviário 1' }] });
    const padrao = await createPadrao(e2e.portal, account, {
      nome: 'Ross 308 misto',
      pontos: [
        { idade: 0, peso: 42 },
        { idade: 14, peso: 480 },
        { idade: 28, peso: 1600 },
        { idade: 35, peso: 2450 },
        { idade: 42, peso: 3050 },
      ],
    });
    lote = await createLote(e2e.portal, account, farm, { codigo: 'MX-1', aviarios: [farm.aviarios[0]!.id], data_alojamento: daysBefore(today, AGE), aves_misto: 20_000, padrao_id: padrao.id });
    const row = (lado: string, box: string, hora: string) => (peso: number): PesagemInput => ({ peso, data: day, hora, idade_lote: WEIGHED_AGE, sexo: 'X', aviario: 'Aviário 1', lado, box, serie_balanca: 'BAL-MX' });
    const rows = [
      ...normals(11, 300, 2550, 140).map(row('A', '1', '08:00:00')),
      ...normals(12, 300, 2150, 130).map(row('A', '1', '08:30:00')),
      ...DOUBLES.map(row('A', '1', '09:00:00')),
      ...PARTIALS.map(row('A', '1', '09:10:00')),
      ...normals(13, 60, 2350, 150).map(row('A', '2', '10:00:00')),
      ...normals(14, 250, 2350, 160).map(row('B', '1', '11:00:00')),
    ];
    await createPesagens(e2e.portal, account, { nucleo: farm, lote, rows });
    const config = { lote_id: lote.id, ativo: true, abaixo_pct: 30, acima_pct: 15, dupla_tolerancia_pct: 15, referencia: 'padrao', pesagens_dia_meta: 100 };
    const saved = await e2e.portal.request('POST', '/api/setqualidadeconfig', { token: account.token, body: config });
    expect(saved.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await e2e?.close();
  });

  for (const { lang, locale } of LANGUAGES) {
    for (const viewport of [DESKTOP, PHONE]) {
      const width = viewport === PHONE ? 'phone' : 'desktop';
      it(`shows the quality counts, splits a mixed pen and recomputes under another window in ${lang} (${width})`, async () => {
        await e2e.portal.request('POST', '/api/updateuser', { token: account.token, body: { language: lang, reports_language: lang } });
        const expected = await avespesos();
        expect(expected.qualidade).toMatchObject({ parcial: PARTIALS.length, dupla: DOUBLES.length });

        const page = await e2e.newPage(viewport, lang);
        await signInAs(page, account);
        const report = new WeighingReportPage(page);
        const parts = new ReportQualityParts(report);
        await report.goto(search());
        await report.settled();

        // The report's total and the group: counts by reason, and the window judged by.
        expect(await parts.counts(report.total())).toEqual(countsOf(expected.qualidade));
        const totalLine = await parts.qualityLine(report.total()).textContent();
        for (const reason of ['parcial', 'dupla', 'acima']) expect(totalLine).toContain(text(lang, `reports.quality.${reason}`));
        await expect(page.getByTestId('report-window-override').count()).resolves.toBe(0);
        const group = await parts.groupHeading();
        expect(await parts.counts(group)).toEqual(countsOf(expected.grupos[0]!.qualidade));
        const janela = expected.grupos[0]!.janela!;
        expect(await group.getByTestId('quality-window').textContent()).toBe(
          text(lang, 'reports.quality.window', {
            esperado: grams(lang, locale, janela.esperado_g!),
            baixo: grams(lang, locale, janela.baixo_g!),
            alto: grams(lang, locale, janela.alto_g!),
            referencia: text(lang, 'reports.quality.referencia.padrao'),
          }),
        );

        await saveScreenshot(group, { path: `${SHOTS}/group-${lang}-${width}.png` });

        // Pen A/1: its counts, then the split on demand with the two curves over its histogram.
        const pen = await report.findBox(';Aviário 1;A;1.R.P');
        expect(await parts.counts(pen)).toEqual(countsOf(boxOf(expected, 'A', '1').qualidade));
        expect(await pen.getByTestId('sex-split-open').textContent()).toBe(text(lang, 'reports.sexSplit.action'));
        const split = (
          await e2e.portal.request<SeparacaoSexo>('GET', `/api/getseparacaosexo?lote_id=${lote.id}&data=${day}&aviario=${encodeURIComponent('Aviário 1')}&lado=A&box=1&sexo=X`, {
            token: account.token,
          })
        ).body;
        expect(split.situacao).toBe('ok');
        const panel = await parts.openSplit(pen);
        expect(await panel.getAttribute('data-situacao')).toBe('ok');
        for (const sexo of split.sexos) {
          const shownSex = panel.locator(`[data-testid="sex-split-sexo"][data-sexo="${sexo.sexo}"]`);
          expect(await shownSex.textContent()).toContain(text(lang, `reports.sexSplit.sexos.${sexo.sexo}`));
          expect(await shownSex.getByTestId('sex-split-share').textContent()).toBe(
            text(lang, 'reports.sexSplit.share', { percent: percent(lang, locale, sexo.proporcao_pct), aves: shown(locale, sexo.aves, 0) }),
          );
          expect(await shownSex.getByTestId('sex-split-pesoMedio').textContent()).toBe(grams(lang, locale, sexo.peso_medio_g));
          expect(await shownSex.getByTestId('sex-split-cv').textContent()).toBe(percent(lang, locale, sexo.cv_pct));
          expect(await shownSex.getByTestId('sex-split-uni').textContent()).toBe(percent(lang, locale, sexo.uniformidade_pct));
        }
        expect(await panel.getByTestId('sex-split-confidence').textContent()).toContain(percent(lang, locale, split.confianca_pct!));
        await pen.locator('[data-testid="box-histogram"][data-curves="2"][data-drawn="true"]').waitFor();
        await pen.scrollIntoViewIfNeeded();
        await saveScreenshot(pen, { path: `${SHOTS}/split-${lang}-${width}.png` });

        // Pen A/2: too few birds, said in words.
        const small = await report.findBox(';Aviário 1;A;2.R.P');
        const refused = await parts.openSplit(small);
        expect(await refused.getAttribute('data-situacao')).toBe('poucas_aves');
        expect(await refused.getByTestId('sex-split-refused').textContent()).toBe(
          text(lang, 'reports.sexSplit.refused.poucas_aves', { aves: shown(locale, boxOf(expected, 'A', '2').stats.totalAves, 0), minimo: shown(locale, 100, 0) }),
        );
        await saveScreenshot(small, { path: `${SHOTS}/refused-${lang}-${width}.png` });
        expect(await report.horizontalOverflow()).toBe(0);
        // A split once shown stays with its pen while the list scrolls it away and back.
        const again = await report.findBox(';Aviário 1;A;1.R.P');
        expect(await again.getByTestId('sex-split').getAttribute('data-situacao')).toBe('ok');

        // Recompute under −20 % / +10 %: the url keeps it, the header says so, the counts follow.
        await parts.recompute(20, 10);
        expect(report.query().get('abaixo')).toBe('20');
        expect(report.query().get('acima')).toBe('10');
        const recomputed = await avespesos({ abaixo_pct: 20, acima_pct: 10 });
        await page.getByTestId('report-window-override').waitFor();
        expect(await page.getByTestId('report-window-override').textContent()).toContain(text(lang, 'reports.quality.overrideTitle'));
        expect(await parts.counts(report.total())).toEqual(countsOf(recomputed.qualidade));
        expect(recomputed.qualidade!.aceitas).toBeLessThan(expected.qualidade!.aceitas);
        await saveScreenshot(page.getByTestId('report-header'), { path: `${SHOTS}/header-${lang}-${width}.png` });
        if (viewport === PHONE) {
          expect(await page.getByTestId('filters-summary').textContent()).toContain(text(lang, 'reports.filters.janelaSummary', { abaixo: 20, acima: 10 }));
          await report.unfoldFilters();
          await saveScreenshot(page.getByTestId('report-filters'), { path: `${SHOTS}/filters-${lang}-${width}.png` });
        }
        await e2e.screenshot(page, `report-quality-${lang}-${width}`);
        expect(await report.horizontalOverflow()).toBe(0);

        // The printed report carries the counts on a compact line: the total's in each page header, each pen's in its box.
        if (viewport === DESKTOP) {
          expect(await report.print()).toBe(true);
          const printed = page.getByTestId('print-quality-total').first();
          expect(await printed.textContent()).toContain(text(lang, 'reports.quality.overrideTitle'));
          expect(await printed.textContent()).toContain(`${text(lang, 'reports.quality.parcial')} ${shown(locale, recomputed.qualidade!.parcial, 0)}`);
          expect(await page.locator('[data-testid="print-box"][data-key$=";A;1.R.P"] [data-testid="print-quality"]').textContent()).toContain(text(lang, 'reports.quality.title'));
        }
      });
    }
  }
});
