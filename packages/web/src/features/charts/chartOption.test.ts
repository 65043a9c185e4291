import type { ChartDataResponse } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { chartOption, unitsOf } from './chartOption';

const data: ChartDataResponse = {
  titulo: 'Lote e silo',
  di: '2026-11-01',
  df: '2026-11-03',
  chartData: {
    linhas: [
      { tit: 'PM', unidade: 'g', dataset: [{ data: '2026-11-01', data_value: 1234.5 }, { data: '2026-11-02', data_value: null }, { data: '2026-11-03', data_value: 1300 }] },
      { tit: 'Padrão', unidade: 'g', dataset: [{ data: '2026-11-01', data_value: 1200 }, { data: '2026-11-02', data_value: 1250 }, { data: '2026-11-03', data_value: 1290 }] },
      { tit: 'Silo', unidade: 'kg', dataset: [{ data: '2026-11-01', data_value: 5000 }, { data: '2026-11-02', data_value: 4800.5 }, { data: '2026-11-03', data_value: null }] },
    ],
  },
};
const texts = { day: (iso: string) => iso.slice(8, 10), number: (value: number | null, decimals: number) => (value === null ? '—' : value.toFixed(decimals)) };

describe('chart option', () => {
  it('draws one series per line, gaps for empty days, a second axis for a second unit', () => {
    const option = chartOption(data, 'linha', texts);
    expect(unitsOf(data)).toEqual(['g', 'kg']);
    expect(option.xAxis.data).toEqual(['01', '02', '03']);
    expect(option.yAxis.map((axis) => [axis.name, axis.position])).toEqual([['g', 'left'], ['kg', 'right']]);
    expect(option.series.map((series) => [series.name, series.type, series.yAxisIndex])).toEqual([['PM', 'line', 0], ['Padrão', 'line', 0], ['Silo', 'line', 1]]);
    expect(option.series[0]!.data).toEqual([1234.5, null, 1300]);
    expect(option.series[0]!.connectNulls).toBe(false);
  });

  it('draws bars from zero, one axis for one unit, and says — for an empty day in the tooltip', () => {
    const single: ChartDataResponse = { ...data, chartData: { linhas: data.chartData.linhas.slice(0, 1) } };
    const option = chartOption(single, 'barra', texts);
    expect(option.yAxis).toHaveLength(1);
    expect(option.yAxis[0]!.scale).toBe(false);
    expect(option.series[0]!.type).toBe('bar');
    expect(option.tooltip.formatter([{ seriesIndex: 0, dataIndex: 1, marker: '' }])).toBe('02<br/>PM: —');
    expect(option.tooltip.formatter([{ seriesIndex: 0, dataIndex: 0, marker: '' }])).toBe('01<br/>PM: 1234.5 g');
  });
});
