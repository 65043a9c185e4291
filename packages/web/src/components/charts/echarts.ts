// Tree-shaken ECharts for the uniformization chart, the dashboard's growth chart and the charts
// (graficos): bars and lines with their grid, tooltip and legend, drawn on canvas, and as SVG
// images for printing. Import this ONLY from lazily loaded
// modules (a screen's `load`, a React.lazy component): the first screen's JavaScript must not
// carry it (e2e/first-screen.e2e.ts).
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use, type EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);

export type { EChartsCoreOption };

export { chartImage, drawChart } from './draw';
