// The troughs chart draws gaps and stoppages as shaded areas (markArea): registered here with the
// shared tree-shaken ECharts (components/charts/echarts), which the lazily loaded TroughChart
// imports. Never imported by the first screen.
import { MarkAreaComponent } from 'echarts/components';
import { use } from 'echarts/core';

use([MarkAreaComponent]);
