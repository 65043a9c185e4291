import type { ChartDataResponse, Grafico } from '@portal/shared';

/**
 * The ECharts option of a chart (getgraphdata's answer), without ECharts itself so it is tested
 * and built outside the lazily loaded module: one series per linha over the days, lines or bars
 * per the chart's tipo, a second y axis (right) when the series have more than one unit. Days
 * without data are gaps (null), never 0.
 */

/** Decimals a unit's values carry on the wire (and are shown with). */
export const UNIT_DECIMALS: Record<string, number> = { g: 1, '%': 2, kg: 1, rpm: 1, ml: 1 };
export const decimalsOf = (unidade: string) => UNIT_DECIMALS[unidade] ?? 2;

export interface ChartTexts {
  /** A day (YYYY-MM-DD) on the x axis. */
  day: (iso: string) => string;
  /** A value in the user's number format ('—' for null). */
  number: (value: number | null, decimals: number) => string;
}

/** The units of the series in order of appearance: the first on the left axis, the others on the right. */
export function unitsOf(data: ChartDataResponse): string[] {
  return [...new Set(data.chartData.linhas.map((linha) => linha.unidade))];
}

interface TooltipItem {
  marker?: string;
  seriesIndex?: number;
  dataIndex?: number;
}

export function chartOption(data: ChartDataResponse, tipo: Grafico['tipo'], texts: ChartTexts, options: { animation?: boolean } = {}) {
  const units = unitsOf(data);
  const axisOf = (unidade: string) => Math.min(units.indexOf(unidade), 1);
  const days = data.chartData.linhas[0]?.dataset.map((point) => point.data) ?? [];
  const bars = tipo === 'barra';
  const few = days.length <= 62;
  return {
    animation: options.animation ?? false,
    grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      formatter: (items: TooltipItem[]) => {
        const list = Array.isArray(items) ? items : [items];
        const index = list[0]?.dataIndex ?? 0;
        const lines = list.map((item) => {
          const linha = data.chartData.linhas[item.seriesIndex ?? 0]!;
          const value = linha.dataset[index]?.data_value ?? null;
          return `${item.marker ?? ''}${linha.tit}: ${texts.number(value, decimalsOf(linha.unidade))}${value === null ? '' : ` ${linha.unidade}`}`;
        });
        return [texts.day(days[index] ?? ''), ...lines].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: days.map(texts.day), boundaryGap: bars },
    yAxis: units.slice(0, 2).map((unidade, index) => ({
      type: 'value',
      name: index === 0 ? unidade : units.slice(1).join(' · '),
      position: index === 0 ? 'left' : 'right',
      // Weights and levels read better from near their values; bars start at zero.
      scale: !bars,
      splitLine: { show: index === 0 },
      axisLabel: { formatter: (value: number) => texts.number(value, 0) },
    })),
    series: data.chartData.linhas.map((linha) => {
      // A sparse series (weekly weighings) is a few lone points: each one shows.
      const sparse = linha.dataset.filter((point) => point.data_value !== null).length * 3 < days.length;
      return {
      name: linha.tit,
      type: bars ? 'bar' : 'line',
      yAxisIndex: axisOf(linha.unidade),
      data: linha.dataset.map((point) => point.data_value),
      connectNulls: false,
      showSymbol: few || sparse,
      showAllSymbol: sparse ? true : 'auto',
      symbolSize: sparse ? 8 : 6,
      lineStyle: { width: 2.5 },
      };
    }),
  };
}
