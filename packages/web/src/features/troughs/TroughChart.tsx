import type { CalhaGraphResponse } from '@portal/shared';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import type { EChartsCoreOption } from '../../components/charts/echarts';
// Registers markArea (the gaps and stoppages) with the shared ECharts build.
import './echarts';
import { chartArea, chartLines, chartRange, localDateTime } from './troughReport';

/** Colours of the chart, the legend and the table's badges (TroughsPage) alike. */
export const TROUGH_COLORS = {
  rpm: '#1c7ed6',
  presenca: 'rgba(47, 158, 68, 0.35)',
  lacuna: 'rgba(134, 142, 150, 0.35)',
  travada: 'rgba(224, 49, 49, 0.35)',
  sem_racao: 'rgba(247, 103, 7, 0.35)',
} as const;

/** The presence band fills the lowest quarter of the chart, under the rpm line. */
const PRESENCE_AXIS_MAX = 4;
/** A gap or stoppage is drawn at least this share of the period wide. */
const MIN_AREA_SHARE = 1 / 250;

/**
 * getgraph_calha drawn: rpm over time (blue line, breaking at gaps), feed presence as a green
 * step band at the bottom, and gaps (grey), jams (red) and empty troughs (orange) as shaded
 * areas, each kind its own legend entry that hides it. Times are the owner's (the axis draws in
 * UTC over shifted instants). Loaded lazily: ECharts stays out of the first screen.
 */
export default function TroughChart({ graph }: { graph: CalhaGraphResponse }) {
  // Part of the report: its language and the user's number format.
  const { t, language, numbers: n } = useReportLanguage();
  const shown = JSON.stringify([graph.iddevice, graph.idcalha, graph.di, graph.df, graph.pontos.length, graph.lacunas.length, graph.paradas.length, language, n.decimalMark]);

  // Up to now when the period runs into the future (troughReport.ts); fixed per drawing, like the option.
  const range = useMemo(() => chartRange(graph, Date.now()), [shown]);

  const option = useMemo<EChartsCoreOption>(() => {
    const { rpm, presenca } = chartLines(graph);
    const [start, end] = range;
    const minimum = (end - start) * MIN_AREA_SHARE;
    const names = {
      rpm: t('troughs.chart.rpm'),
      presenca: t('troughs.chart.presenca'),
      lacuna: t('troughs.chart.kind.lacuna'),
      travada: t('troughs.chart.kind.travada'),
      sem_racao: t('troughs.chart.kind.sem_racao'),
    };
    const area = (name: string, color: string, intervals: ReadonlyArray<{ inicio: string; fim: string }>) => ({
      name,
      type: 'line',
      // One point off the axis's range: the series exists (legend, markArea) and draws no line.
      data: [[start, null]],
      itemStyle: { color },
      lineStyle: { color, width: 8 },
      silent: true,
      markArea: {
        silent: true,
        itemStyle: { color },
        data: intervals.map((interval) => {
          const [from, to] = chartArea(interval, graph.timezone, minimum);
          return [{ xAxis: from }, { xAxis: to }];
        }),
      },
    });
    const timeText = (value: number) => localDateTime(new Date(value).toISOString(), 0);
    return {
      animation: false,
      useUTC: true,
      // The legend takes three lines on a phone, one or two on a wider screen.
      grid: { left: 4, right: 12, top: window.matchMedia('(max-width: 600px)').matches ? 104 : 64, bottom: 4, containLabel: true },
      // Shaded kinds show a square of their colour; the two lines their line.
      legend: {
        top: 0,
        type: 'plain',
        itemGap: 12,
        data: [
          ...[names.lacuna, names.travada, names.sem_racao, names.presenca].map((name) => ({ name, icon: 'rect' })),
          { name: names.rpm },
        ],
      },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'line' },
        formatter: (params: Array<{ seriesName: string; value: [number, number | null]; marker: string }>) => {
          const lines = params
            .filter((param) => param.seriesName === names.rpm || param.seriesName === names.presenca)
            .map((param) => {
              const value = param.value[1];
              const text = param.seriesName === names.rpm ? (value === null ? '—' : `${n.format(value, 1)} rpm`) : value === null ? '—' : value ? t('troughs.yes') : t('troughs.no');
              return `${param.marker}${param.seriesName}: ${text}`;
            });
          return [params[0] ? timeText(params[0].value[0]) : '', ...lines].join('<br/>');
        },
      },
      xAxis: {
        type: 'time',
        min: start,
        max: end,
        axisLabel: { hideOverlap: true, formatter: { year: '{yyyy}', month: '{MM}/{yyyy}', day: '{dd}/{MM}', hour: '{HH}:{mm}', minute: '{HH}:{mm}', second: '{HH}:{mm}:{ss}' } },
      },
      yAxis: [
        { type: 'value', name: 'rpm', min: 0, axisLabel: { formatter: (value: number) => n.format(value, 0) } },
        { type: 'value', min: 0, max: PRESENCE_AXIS_MAX, show: false },
      ],
      series: [
        area(names.lacuna, TROUGH_COLORS.lacuna, graph.lacunas),
        area(names.travada, TROUGH_COLORS.travada, graph.paradas.filter((parada) => parada.tipo === 'travada')),
        area(names.sem_racao, TROUGH_COLORS.sem_racao, graph.paradas.filter((parada) => parada.tipo === 'sem_racao')),
        {
          name: names.presenca,
          type: 'line',
          yAxisIndex: 1,
          step: 'end',
          showSymbol: false,
          connectNulls: false,
          lineStyle: { width: 0 },
          itemStyle: { color: 'rgb(47, 158, 68)' },
          areaStyle: { color: TROUGH_COLORS.presenca },
          data: presenca,
        },
        { name: names.rpm, type: 'line', showSymbol: false, connectNulls: false, sampling: 'lttb', lineStyle: { width: 1.5 }, itemStyle: { color: TROUGH_COLORS.rpm }, data: rpm },
      ],
    };
    // `shown` stands for every input: a refetch with the same content draws nothing new.
  }, [shown]);

  return (
    <EChart
      option={option}
      height={340}
      label={t('troughs.chart.label', { calha: graph.idcalha, serie: graph.serie })}
      testId="trough-chart"
      attributes={{
        'data-points': graph.pontos.length,
        'data-gaps': graph.lacunas.length,
        'data-stoppages': graph.paradas.length,
        // The instant the time axis ends (UTC; the axis draws it in the owner's time).
        'data-axis-end': new Date(range[1] - graph.timezone * 3_600_000).toISOString(),
      }}
    />
  );
}
