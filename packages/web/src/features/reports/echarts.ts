// Tree-shaken ECharts: only the bar chart, its grid and tooltip, and the two renderers. Imported
// only by the lazily loaded report screens, so it never reaches the first screen's download.
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([BarChart, GridComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);

/** A canvas chart in `element` (on screen); the caller disposes it. */
export function drawChart(element: HTMLElement, option: EChartsCoreOption): EChartsType {
  const chart = init(element, null, { renderer: 'canvas' });
  chart.setOption(option);
  return chart;
}

/**
 * The chart as an SVG data url, drawn without the page (server-side rendering mode): the printed
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
