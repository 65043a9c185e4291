// Drawing with ECharts' core. Which charts and components exist is registered by the module that
// re-exports these (components/charts/echarts.ts, features/reports/echarts.ts), both lazily loaded.
import { init, type EChartsCoreOption, type EChartsType } from 'echarts/core';

/** A canvas chart in `element` (on screen); the caller disposes it. */
export function drawChart(element: HTMLElement, option: EChartsCoreOption): EChartsType {
  const chart = init(element, null, { renderer: 'canvas' });
  chart.setOption(option);
  return chart;
}

/**
 * The chart as an SVG data url, drawn without the page (server-side rendering mode): a printed
 * report shows it as an image, complete the moment the page is printed, crisp at any scale.
 */
export function chartImage(option: EChartsCoreOption, width: number, height: number): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(chart.renderToSVGString())}`;
  } finally {
    chart.dispose();
  }
}
