import type { ChartDataResponse } from '@portal/shared';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, signIn, textOf } from '../../components/reports/reportRender.testing';
import { ChartDataTable } from './ChartDataTable';

/* A chart's values per day, rendered (no browser) in the reports language and number format. */

vi.hoisted(() => {
  // i18n's languageChanged handler names the page's language; in Node there is no page.
  (globalThis as { document?: unknown }).document = { documentElement: {} };
});
vi.mock('../../components/session/session', () => import('../../components/reports/reportRender.testing').then((testing) => testing.signedInSession));

describe('chart values in the reports language', () => {
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
});
