// Tree-shaken ECharts: only the bar chart (and the lines of a sex split's fitted curves), its grid
// and tooltip, and the two renderers. Imported only by the lazily loaded report screens, so it
// never reaches the first screen's download.
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);

export { chartImage, drawChart } from '../../components/charts/draw';
