// The forecast chart marks today, the asked day and the target weight with markLine: registered
// here with the shared tree-shaken ECharts (components/charts/echarts), which the lazily loaded
// ForecastChart imports. Never imported by the first screen.
import { MarkLineComponent } from 'echarts/components';
import { use } from 'echarts/core';

use([MarkLineComponent]);
