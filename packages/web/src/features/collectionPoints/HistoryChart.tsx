import { COLETA_CHART_UNITS, type ChartDataResponse } from '@portal/shared';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import { isoToMasked } from '../records/dates';

const WEIGHT_COLORS = ['#2f9e44', '#1c7ed6', '#e8590c', '#7048e8', '#0c8599', '#c2255c', '#5c940d', '#862e9c'];
const SEX_COLORS = { machos: 'rgba(34, 139, 230, 0.45)', femeas: 'rgba(230, 73, 128, 0.45)' };

interface HistoryChartProps {
  chart: ChartDataResponse;
  /** The screen's names of the collectors, in the order of their lines (the server's titles otherwise). */
  collectorNames: string[];
}

/**
 * gethistoricopontocoletagrafico drawn: each collector's daily mean weight as a line (g, left
 * axis; a gap on days without batches) over the point's males and females as stacked bars
 * (birds, right axis). Its own module, loaded lazily, so ECharts stays out of the first screen.
 */
export default function HistoryChart({ chart, collectorNames }: HistoryChartProps) {
  // Part of the report: its language and the user's number format, on the axes and in the tooltips.
  const { t, language, numbers: n } = useReportLanguage();
  const shown = JSON.stringify([chart, collectorNames, language, n.decimalMark]);
  const option = useMemo(() => {
    const weights = chart.chartData.linhas.filter((line) => line.unidade === COLETA_CHART_UNITS.pesoMedio);
    // The point's machos then femeas, in that order (shared schema, reports/coleta.ts).
    const [machos, femeas] = chart.chartData.linhas.filter((line) => line.unidade === COLETA_CHART_UNITS.contagem);
    const days = (chart.chartData.linhas[0]?.dataset ?? []).map((point) => isoToMasked(point.data).slice(0, 5));
    const weightText = (value: unknown) => (typeof value === 'number' ? `${n.format(value, 1)} g` : '—');
    const birdsText = (value: unknown) => (typeof value === 'number' ? n.format(value, 0) : '—');
    const bars = [
      { line: machos, name: t('collectionPoints.history.males'), color: SEX_COLORS.machos },
      { line: femeas, name: t('collectionPoints.history.females'), color: SEX_COLORS.femeas },
    ].flatMap(({ line, name, color }) =>
      line
        ? [{ name, type: 'bar', stack: 'aves', yAxisIndex: 1, barMaxWidth: 18, itemStyle: { color }, tooltip: { valueFormatter: birdsText }, data: line.dataset.map((point) => point.data_value) }]
        : [],
    );
    return {
      animation: false,
      // One legend line at the bottom (scrolling when the collectors do not fit a phone's width).
      grid: { left: 4, right: 4, top: 36, bottom: 36, containLabel: true },
      legend: { bottom: 0, type: 'scroll' },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days },
      yAxis: [
        { type: 'value', name: t('collectionPoints.history.chartWeight'), scale: true, axisLabel: { formatter: (value: number) => n.format(value, 0) } },
        { type: 'value', name: t('collectionPoints.history.chartBirds'), splitLine: { show: false }, minInterval: 1, axisLabel: { formatter: (value: number) => n.format(value, 0) } },
      ],
      series: [
        ...bars,
        ...weights.map((line, index) => ({
          name: collectorNames[index] ?? line.tit,
          type: 'line',
          yAxisIndex: 0,
          connectNulls: false,
          symbolSize: 5,
          lineStyle: { width: 2.5 },
          itemStyle: { color: WEIGHT_COLORS[index % WEIGHT_COLORS.length] },
          tooltip: { valueFormatter: weightText },
          data: line.dataset.map((point) => point.data_value),
        })),
      ],
    };
    // `shown` stands for every input: a new object with the same content draws nothing new.
  }, [shown]);
  return <EChart option={option} height={340} label={t('collectionPoints.history.chartLabel', { name: chart.titulo })} testId="history-chart" />;
}
