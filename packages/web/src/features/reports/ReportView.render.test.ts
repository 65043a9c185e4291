import { MantineProvider } from '@mantine/core';
import type { AvesPesosResponse } from '@portal/shared';
import { createInstance, type TFunction } from 'i18next';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ReportLanguage } from '../../components/reports/useReportLanguage';
import { loadLocaleTree } from '../../i18n/resources';
import { theme } from '../../theme';
import { numberFormat } from '../records/numbers';
import { reportOfShape } from './largeReport.testing';
import { reportTexts, ReportTextsContext } from './reportTexts';
import { ReportView } from './ReportView';
import { TEST_REPORT } from './testReport';

async function instance(language: 'pt' | 'en' | 'es') {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: await loadLocaleTree(language) } }, interpolation: { escapeValue: false } });
  return i18n;
}

/** The report rendered as the screen does: the interface in `ui`, the report in `report` (useReportLanguage's answer). */
async function render(report: AvesPesosResponse, ui: 'pt' | 'en' | 'es', reportLanguage: 'pt' | 'en' | 'es', locale: string): Promise<string> {
  const interfaceI18n = await instance(ui);
  const language: ReportLanguage = { language: reportLanguage, locale, t: (await instance(reportLanguage)).t as TFunction, numbers: numberFormat(locale) };
  const texts = reportTexts(language);
  const tree: ReactNode = h(
    I18nextProvider,
    { i18n: interfaceI18n },
    h(MantineProvider, { theme }, h(ReportTextsContext, { value: texts }, h(ReportView, { kind: 'aves', report }))),
  );
  return renderToStaticMarkup(tree);
}

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
