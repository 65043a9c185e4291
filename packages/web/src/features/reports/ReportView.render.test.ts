import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AvesPesosResponse } from '@portal/shared';
import { createInstance, type TFunction } from 'i18next';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ReportLanguage } from '../../components/reports/useReportLanguage';
import { loadLocaleTree } from '../../i18n/resources';
import { theme } from '../../theme';
import { numberFormat } from '../records/numbers';
import { reportOfShape } from './largeReport.testing';
import { reportTexts, ReportTextsContext } from './reportTexts';
import { BoxCard } from './BoxCard';
import type { JanelaOverride } from './quality';
import { GroupHeading } from './ReportHeadings';
import { ReportView } from './ReportView';
import { TEST_REPORT } from './testReport';

// The real i18n module touches the page's document on start; a box's sex split reaches it through the api client.
vi.mock('../../i18n', () => ({ currentLanguage: () => 'pt', default: { exists: () => false } }));

async function instance(language: 'pt' | 'en' | 'es') {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: await loadLocaleTree(language) } }, interpolation: { escapeValue: false } });
  return i18n;
}

/** The report rendered as the screen does: the interface in `ui`, the report in `report` (useReportLanguage's answer). */
/** A part of the report rendered as the screen does: the interface in `ui`, the report in `reportLanguage` (useReportLanguage's answer). */
async function renderPart(part: ReactNode, ui: 'pt' | 'en' | 'es', reportLanguage: 'pt' | 'en' | 'es', locale: string): Promise<string> {
  const interfaceI18n = await instance(ui);
  const language: ReportLanguage = { language: reportLanguage, locale, t: (await instance(reportLanguage)).t as TFunction, numbers: numberFormat(locale) };
  const texts = reportTexts(language);
  const tree: ReactNode = h(
    I18nextProvider,
    { i18n: interfaceI18n },
    h(QueryClientProvider, { client: new QueryClient() }, h(MantineProvider, { theme }, h(ReportTextsContext, { value: texts }, part))),
  );
  return renderToStaticMarkup(tree);
}

/** The report rendered as the screen does (the virtualised boxes are not laid out without a page). */
const render = (report: AvesPesosResponse, ui: 'pt' | 'en' | 'es', reportLanguage: 'pt' | 'en' | 'es', locale: string, janela?: JanelaOverride) =>
  renderPart(h(ReportView, { kind: 'aves', report, janela }), ui, reportLanguage, locale);

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the report on screen follows the reports language, not the interface’s', () => {
  it('in English (numbers 2,000.0) under a Portuguese interface', async () => {
    const text = textOf(await render(TEST_REPORT, 'pt', 'en', 'en-US'));
    expect(text).toContain('Analysis of weighing');
    expect(text).toContain('Summary');
    expect(text).toContain('Mean weight');
    expect(text).toContain('Uniformity: birds weighing within the mean');
    expect(text).toContain('Flock L-7');
    expect(text).toContain('2,000.0 g');
    expect(text).toContain('130.72 %');
    expect(text).not.toContain('Peso médio');
    expect(text).not.toContain('Análise de pesagem');
    expect(text).not.toContain('2.000,0');
  });

  it('in Portuguese under an English interface', async () => {
    const text = textOf(await render(TEST_REPORT, 'en', 'pt', 'pt-BR'));
    expect(text).toContain('Análise de pesagem');
    expect(text).toContain('Resumo');
    expect(text).toContain('2.000,0 g');
    expect(text).not.toContain('Mean weight');
  });

  it('puts the summary right after the header: one row per group, house and side, with their levels', async () => {
    const html = await render(reportOfShape({ groups: 2, houses: 1, sides: 2, boxes: 2, flocks: ['Lote 101'] }), 'pt', 'pt', 'pt-BR');
    expect(html.indexOf('data-testid="report-header"')).toBeLessThan(html.indexOf('data-testid="report-summary"'));
    expect(html.indexOf('data-testid="report-summary"')).toBeLessThan(html.indexOf('data-testid="report-boxes"'));
    expect([...html.matchAll(/data-testid="summary-row" data-level="(\w+)"/g)].map((match) => match[1])).toEqual(['grupo', 'aviario', 'lado', 'lado', 'grupo', 'aviario', 'lado', 'lado']);
    expect(html).toContain('data-rows="8"');
    expect(html).toContain('data-boxes="8"');
    // A flock coded 'Lote 101' keeps its code, not 'Lote Lote 101'.
    expect(textOf(html)).toContain('· Lote 101 ·');
    expect(textOf(html)).not.toContain('Lote Lote');
  });

  it('renders a 2,000-box report’s header and summary without rendering 2,000 boxes', async () => {
    const report = reportOfShape({ groups: 40, houses: 5, sides: 2, boxes: 5 });
    const start = performance.now();
    const html = await render(report, 'pt', 'pt', 'pt-BR');
    const took = performance.now() - start;
    expect(html).toContain('data-boxes="2000"');
    expect((html.match(/data-testid="report-box"/g) ?? []).length).toBeLessThan(20);
    expect((html.match(/data-testid="summary-row"/g) ?? []).length).toBeLessThan(40);
    // Generous on a loaded machine: the tree of old took tens of seconds for 428 boxes.
    expect(took).toBeLessThan(5000);
  });
});

/** TEST_REPORT as a mixed ('X') weighing with the quality filter on: counts on every level, the group's window. */
function qualityReport(): AvesPesosResponse {
  const counts = { aceitas: 3, parcial: 2, dupla: 1, acima: 0 };
  const grupo = TEST_REPORT.grupos[0]!;
  const categoria = grupo.categorias[0]!;
  const lado = categoria.lados[0]!;
  const janela = { referencia: 'padrao' as const, esperado_g: 2000, baixo_g: 1400, alto_g: 2300, dupla_baixo_g: 3400, dupla_alto_g: 4600 };
  const boxes = lado.boxes.map((box) => ({ ...box, sexo: 'X', qualidade: counts }));
  return {
    ...TEST_REPORT,
    qualidade: { aceitas: 4, parcial: 2, dupla: 1, acima: 0 },
    grupos: [{ ...grupo, sexo: 'X', qualidade: counts, janela, categorias: [{ ...categoria, qualidade: counts, lados: [{ ...lado, qualidade: counts, boxes }] }] }],
  };
}

describe('weighing quality and the sex split in the report (issue 20)', () => {
  it('shows the report total’s counts and the window asked for in the header', async () => {
    const html = await render(qualityReport(), 'pt', 'en', 'en-US', { abaixo_pct: 20, acima_pct: 10 });
    const text = textOf(html);
    expect(html).toContain('data-testid="report-window-override"');
    expect(text).toContain('Recomputed with another window: −20 % / +10 % of the expected weight');
    expect(text).toContain('Quality: accepted 4 · set aside 3: partial bird 2 · two birds 1 · above the window 0');
    expect(html).toContain('data-testid="quality-counts" data-level="total"');
  });

  it('shows a group’s window in its heading and its counts, and each box’s counts', async () => {
    const report = qualityReport();
    const grupo = report.grupos[0]!;
    const heading = textOf(await renderPart(h(GroupHeading, { kind: 'aves', grupo }), 'pt', 'en', 'en-US'));
    expect(heading).toContain('Quality window: expected 2,000.0 g, accepted from 1,400.0 g to 2,300.0 g (breed standard)');
    expect(heading).toContain('Quality: accepted 3 · set aside 3: partial bird 2 · two birds 1 · above the window 0');
    const box = await renderPart(h(BoxCard, { kind: 'aves', grupo, box: grupo.categorias[0]!.lados[0]!.boxes[0]! }), 'pt', 'pt', 'pt-BR');
    expect(box).toContain('data-testid="quality-counts" data-level="box"');
    expect(textOf(box)).toContain('Qualidade: aceitas 3 · postas de lado 3: ave parcial 2 · duas aves 1 · acima da janela 0');
  });

  it('offers "Separate sexes" in a mixed box of a flock only, and fetches nothing until asked', async () => {
    const grupo = qualityReport().grupos[0]!;
    const mixed = grupo.categorias[0]!.lados[0]!.boxes[0]!;
    const html = await renderPart(h(BoxCard, { kind: 'aves', grupo, box: mixed }), 'pt', 'es', 'es-ES');
    expect(html).toContain('data-testid="sex-split-open"');
    expect(textOf(html)).toContain('Separar sexos');
    expect(html).not.toContain('data-testid="sex-split"');
    const noFlock = await renderPart(h(BoxCard, { kind: 'aves', grupo: { lote_id: null }, box: mixed }), 'pt', 'es', 'es-ES');
    const male = await renderPart(h(BoxCard, { kind: 'aves', grupo, box: { ...mixed, sexo: 'Macho' } }), 'pt', 'es', 'es-ES');
    for (const other of [noFlock, male]) expect(other).not.toContain('data-testid="sex-split-open"');
  });

  it('looks as before when no flock is filtered and no window is asked', async () => {
    const grupo = TEST_REPORT.grupos[0]!;
    const parts = await Promise.all([
      render(TEST_REPORT, 'pt', 'pt', 'pt-BR'),
      renderPart(h(GroupHeading, { kind: 'aves', grupo }), 'pt', 'pt', 'pt-BR'),
      renderPart(h(BoxCard, { kind: 'aves', grupo, box: grupo.categorias[0]!.lados[0]!.boxes[0]! }), 'pt', 'pt', 'pt-BR'),
    ]);
    for (const html of parts) {
      for (const testId of ['quality-counts', 'quality-window', 'report-window-override', 'sex-split-open']) expect(html).not.toContain(`data-testid="${testId}"`);
      expect(textOf(html)).not.toContain('Qualidade');
    }
  });
});
