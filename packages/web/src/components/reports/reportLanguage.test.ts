import { MantineProvider } from '@mantine/core';
import { computeStats, type ChartDataResponse, type DecimalSeparator, type Language, type RacaoDia, type RacaoResponse } from '@portal/shared';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartDataTable } from '../../features/charts/ChartDataTable';
import { DayTable, HouseBreakdown, SiloBreakdown } from '../../features/feed/RacaoTables';
import { useNumberFormat } from '../../features/records/useNumberFormat';
import { BeforeAfter } from '../../features/uniformization/BeforeAfter';
import i18n, { loadLanguage } from '../../i18n';
import { csvCells } from './hostileNames.testing';
import { useReportFormat } from './reportFormat';
import { ReportPeriodBar } from './ReportPeriodBar';
import type { ReportPeriodState } from './useReportPeriod';

/*
 * The reports language and the number format, rendered (server-side, no browser): with an
 * interface in one language and reports in another, the report's body, print lines and files speak
 * the reports language in the user's number format, while the screen's controls stay in the
 * interface's. The signed-in user is the only thing faked: what useCurrentUser answers.
 */

const session = vi.hoisted(() => {
  // i18n's languageChanged handler names the page's language; in Node there is no page.
  (globalThis as { document?: unknown }).document = { documentElement: {} };
  return { user: { reports_language: 'es', separador_decimal: null, separador_csv: ';', timezone: -3 } as Record<string, unknown> };
});
vi.mock('../../features/auth/session', () => ({ useCurrentUser: () => ({ user: session.user }) }));

await Promise.all((['pt', 'en', 'es'] as const).map((language) => loadLanguage(language)));

function signIn(reports_language: Language, separador_decimal: DecimalSeparator | null, separador_csv = ';') {
  session.user = { reports_language, separador_decimal, separador_csv, timezone: -3 };
}

const render = (element: ReactElement) => renderToStaticMarkup(createElement(MantineProvider, null, element));
/** The visible text of rendered HTML (Mantine's style tags and every tag left out), spaces collapsed. */
const textOf = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

afterEach(async () => {
  await i18n.changeLanguage('pt');
});

const day = (data: string, values: Partial<RacaoDia>): RacaoDia => ({
  data,
  idade: 0,
  aves_vivas: 12000,
  consumo_kg: null,
  completo: true,
  silos: [{ id: 7, consumo_kg: null, parte_kg: null, sem_aves_kg: null }],
  aviarios: [{ id: 3, consumo_kg: null }],
  acumulado_kg: 0,
  acumulado_completo: true,
  g_ave_dia: null,
  consumo_acumulado_g_ave: null,
  consumo_acumulado_padrao_g: null,
  peso_medio_g: null,
  aves_pesadas: 0,
  ganho_kg: null,
  conversao: null,
  conversao_padrao: null,
  ...values,
});

const racao = {
  header: {
    lote: { id: 9, codigo: '101', data_alojamento: '2026-11-01', data_encerramento: null, aves_alojadas: 12000, situacao: 'ativo' },
    silos: [{ id: 7, nome: 'Silo 1', fonte: 'balanca', device_id: 1, aviarios: [{ id: 3, nome: 'A1' }], aviarios_lote: [3] }],
    aviarios: [{ id: 3, nome: 'A1' }],
    di: '2026-11-01',
    df: '2026-11-02',
    inicio: '2026-11-01',
    fim: '2026-11-02',
  },
  dias: [
    day('2026-11-01', {}),
    day('2026-11-02', {
      idade: 1,
      consumo_kg: 2099.9,
      silos: [{ id: 7, consumo_kg: 2099.9, parte_kg: 2099.9, sem_aves_kg: 0 }],
      aviarios: [{ id: 3, consumo_kg: 2099.9 }],
      acumulado_kg: 12345.6,
      g_ave_dia: 175,
      conversao: 1.234,
    }),
  ],
  totais: {
    consumo_kg: 2099.9,
    acumulado_kg: 12345.6,
    g_ave_dia: 175,
    conversao: 1.234,
    conversao_padrao: null,
    completo: true,
    acumulado_completo: true,
    dias_sem_dados: 1,
    dias_incompletos: 0,
    silos: [{ id: 7, consumo_kg: 2099.9, parte_kg: 2099.9, sem_aves_kg: 0 }],
    aviarios: [{ id: 3, consumo_kg: 2099.9 }],
  },
} as unknown as RacaoResponse;

describe('feed consumption report in the reports language', () => {
  it('writes the tables in Spanish with Spanish numbers grouped from four digits, the view switch staying Portuguese', () => {
    signIn('es', null);
    const text = textOf(render(createElement('div', null, createElement(DayTable, { report: racao }), createElement(SiloBreakdown, { report: racao }), createElement(HouseBreakdown, { report: racao }))));
    // The report: Spanish titles and columns, and 2.099,9 (es-ES alone writes 2099,9).
    expect(text).toContain('Consumo por día');
    expect(text).toContain('Edad (días)');
    expect(text).toContain('Silos del lote');
    expect(text).toContain('2.099,9');
    expect(text).toContain('12.345,6');
    expect(text).toContain('12.000');
    expect(text).not.toContain('2099,9');
    // The screen's control: Portuguese ('Por aviário', not 'Por galpón').
    expect(text).toContain('Por aviário');
    expect(text).not.toContain('Por galpón');
  });

  it("writes the user's number format over the reports language's", () => {
    signIn('es', '.');
    const point = textOf(render(createElement(DayTable, { report: racao })));
    expect(point).toContain('Consumo por día');
    expect(point).toContain('2,099.9');
    expect(point).toContain('1.234');
    signIn('en', ',');
    const comma = textOf(render(createElement(DayTable, { report: racao })));
    expect(comma).toContain('Age (days)');
    expect(comma).toContain('2.099,9');
    expect(comma).toContain('1,234');
  });
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

describe('chart values and uniformization in the reports language', () => {
  const chart: ChartDataResponse = {
    titulo: 'Lote e silo',
    di: '2026-11-01',
    df: '2026-11-02',
    chartData: {
      linhas: [
        { tit: 'PM', unidade: 'g', dataset: [{ data: '2026-11-01', data_value: 2345.6 }, { data: '2026-11-02', data_value: null }] },
        { tit: 'Silo', unidade: 'kg', dataset: [{ data: '2026-11-01', data_value: 10000 }, { data: '2026-11-02', data_value: 8000 }] },
      ],
    },
  };

  it("lists a chart's values per day in the reports language with the same grouping for 10.000 and 8.000", () => {
    signIn('es', null);
    const text = textOf(render(createElement(ChartDataTable, { data: chart })));
    expect(text).toContain('Valores por día');
    expect(text).toContain('2.345,6');
    expect(text).toContain('10.000,0');
    expect(text).toContain('8.000,0');
    signIn('pt', '.');
    const point = textOf(render(createElement(ChartDataTable, { data: chart })));
    expect(point).toContain('Valores por dia');
    expect(point).toContain('10,000.0');
    expect(point).toContain('8,000.0');
  });

  it('writes the before and after of a grading in the reports language', () => {
    signIn('en', ',');
    const before = computeStats([18_000, 20_000, 22_000, 25_000]);
    const text = textOf(render(createElement(BeforeAfter, { before, after: [{ categoria: 'Light', stats: computeStats([18_000, 20_000]) }] })));
    expect(text).toContain('before and after grading');
    expect(text).toContain('Light');
    expect(text).toContain('2.125,0');
    expect(text).not.toContain('Uniformidade antes');
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
