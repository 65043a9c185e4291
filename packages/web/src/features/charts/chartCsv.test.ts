import type { ChartDataResponse } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { csvInEverySeparator, formulaCells, HOSTILE } from '../../components/reports/hostileNames.testing';
import { chartCsv } from './chartCsv';

const data = (titles: [string, string]): ChartDataResponse => ({
  titulo: 'Lote e silo',
  di: '2026-11-01',
  df: '2026-11-02',
  chartData: {
    linhas: [
      { tit: titles[0], unidade: 'g', dataset: [{ data: '2026-11-01', data_value: 1234.56 }, { data: '2026-11-02', data_value: null }] },
      { tit: titles[1], unidade: '°C', dataset: [{ data: '2026-11-01', data_value: -2.5 }, { data: '2026-11-02', data_value: 21 }] },
    ],
  },
});
// As charts.view.seriesUnit writes it: the title first.
const texts = { day: 'Dia', series: (linha: { tit: string; unidade: string }) => `${linha.tit} (${linha.unidade})` };

describe('chart CSV', () => {
  it('a line per day, a column per series, values rounded as shown, empty days empty', () => {
    expect(chartCsv(data(['PM', 'Temperatura']), texts)).toEqual({
      header: ['Dia', 'PM (g)', 'Temperatura (°C)'],
      rows: [
        ['2026-11-01', 1234.6, -2.5],
        ['2026-11-02', null, 21],
      ],
    });
  });

  it('defuses series titles written like formulas; a negative temperature stays a number', () => {
    const { header, rows } = chartCsv(data([HOSTILE.farm, HOSTILE.side]), texts);
    for (const { separator, cells } of csvInEverySeparator(header, rows)) {
      expect(cells.flatMap(formulaCells), separator).toEqual([]);
      expect(cells[0], separator).toEqual(['Dia', `'${HOSTILE.farm} (g)`, `'${HOSTILE.side} (°C)`]);
      expect(cells[1], separator).toEqual(['2026-11-01', '1234,6', '-2,5']);
    }
  });
});
