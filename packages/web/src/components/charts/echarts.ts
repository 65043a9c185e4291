// Tree-shaken ECharts for the uniformization chart and the dashboard's growth chart: bars and
// lines with their grid, tooltip and legend, drawn on canvas. Import this ONLY from lazily loaded
// modules (a screen's `load`, a React.lazy component): the first screen's JavaScript must not
// carry it (e2e/first-screen.e2e.ts).
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type { EChartsCoreOption };

/** A canvas chart in `element`; the caller disposes it. */
export function drawChart(element: HTMLElement, option: EChartsCoreOption): EChartsType {
  const chart = init(element, null, { renderer: 'canvas' });
  chart.setOption(option);
  return chart;
}
