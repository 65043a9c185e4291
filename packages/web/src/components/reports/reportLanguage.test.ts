import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNumberFormat } from '../../features/records/useNumberFormat';
import i18n from '../../i18n';
import { csvCells } from './hostileNames.testing';
import { useReportFormat } from './reportFormat';
import { ReportPeriodBar } from './ReportPeriodBar';
import { render, signIn, textOf } from './reportRender.testing';
import type { ReportPeriodState } from './useReportPeriod';

/*
 * The reports language and the number format, rendered (server-side, no browser): with an
 * interface in one language and reports in another, the report's print lines and files speak the
 * reports language in the user's number format, while the screen's controls stay in the
 * interface's. The report screens' own tables are checked beside them (RacaoTables.test.ts,
 * ChartDataTable.test.ts, BeforeAfter.test.ts).
 */

vi.hoisted(() => {
  // i18n's languageChanged handler names the page's language; in Node there is no page.
  (globalThis as { document?: unknown }).document = { documentElement: {} };
});
vi.mock('../session/session', () => import('./reportRender.testing').then((testing) => testing.signedInSession));

afterEach(async () => {
  await i18n.changeLanguage('pt');
});

describe('report frame in the reports language', () => {
  const period: ReportPeriodState = {
    di: '2026-11-01',
    df: '2026-11-30',
    period: { di: '2026-11-01', df: '2026-11-30' },
    problem: null,
    today: '2026-11-30',
    message: null,
    setPeriod: () => undefined,
    setQuickRange: () => undefined,
  };

  it('prints the title and the period in the reports language, the date fields and buttons in the interface language', () => {
    signIn('en', null);
    const html = render(createElement(ReportPeriodBar, { period, printTitle: 'Feed consumption', printSubtitle: 'Flock 101 · North farm' }));
    const text = textOf(html);
    expect(text).toContain('Period: 01/11/2026 to 30/11/2026');
    expect(text).toContain('Feed consumption');
    expect(html).toMatch(/lang="en-US"[^>]*data-testid="report-print-title"/);
    // Interface (Portuguese): the fields and buttons.
    expect(text).toContain('Imprimir');
    expect(text).toContain('Últimos 30 dias');
    expect(html).toContain('>De<');
    expect(text).not.toContain('Print');
  });
});

describe('report files and screen numbers', () => {
  function Probe({ onFormat }: { onFormat: (format: ReturnType<typeof useReportFormat>, screen: ReturnType<typeof useNumberFormat>) => void }) {
    onFormat(useReportFormat(), useNumberFormat());
    return null;
  }
  const capture = () => {
    let captured: [ReturnType<typeof useReportFormat>, ReturnType<typeof useNumberFormat>] | undefined;
    render(createElement(Probe, { onFormat: (format, screen) => (captured = [format, screen]) }));
    return captured!;
  };

  it('writes CSV files with the reports language and the decimal mark of the number format, valid under a comma separator', () => {
    signIn('en', ',', ',');
    const [format] = capture();
    expect([format.language, format.t('feed.columns.consumo_kg')]).toEqual(['en', 'Feed (kg)']);
    const file = format.csv([format.t('feed.columns.data'), format.t('feed.columns.consumo_kg')], [['2026-11-02', 2099.9], ['2026-11-03', -1234.25]]);
    // The decimal comma under a comma separator is quoted: every line keeps its two cells.
    expect(file).toBe('Date,Feed (kg)\r\n2026-11-02,"2099,9"\r\n2026-11-03,"-1234,25"\r\n');
    expect(csvCells(file, ',')).toEqual([['Date', 'Feed (kg)'], ['2026-11-02', '2099,9'], ['2026-11-03', '-1234,25']]);
    expect(format.number(2099.9, 1)).toBe('2.099,9');
    signIn('pt', '.');
    expect(capture()[0].csv(['a'], [[2099.9]])).toBe('a\r\n2099.9\r\n');
  });

  it('keeps screen numbers in the interface language and the same number format', async () => {
    await i18n.changeLanguage('es');
    signIn('pt', null);
    expect(capture()[1].format(2099.9, 1)).toBe('2.099,9');
    signIn('pt', '.');
    const [report, screen] = capture();
    expect([screen.format(2099.9, 1), screen.locale, report.numbers.format(2099.9, 1), report.locale]).toEqual(['2,099.9', 'es-ES', '2,099.9', 'pt-BR']);
  });
});
