import type { ChartDataResponse, DosagemDia, DoseLeitura } from '@portal/shared';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useReportFormat } from '../../components/reports/reportFormat';
import { isoToMasked } from '../records/dates';

/**
 * The dosing history's charts. Their own module, loaded lazily by the screens, so ECharts stays
 * out of the first screen (components/charts/echarts.ts). A null value is a gap, never a zero.
 * They belong to the reports: the reports language, the user's number format, the account's clock.
 */

const COLORS = { volume: 'rgba(28, 126, 214, 0.55)', events: '#e8590c', flow: '#2f9e44', counter: '#1c7ed6' };

/** reldosagem's days: volume per day as bars (ml, left axis) and applications as a line (right axis). */
export function DailyChart({ dias, name }: { dias: DosagemDia[]; name: string }) {
  const { t, language, numbers: n } = useReportFormat();
  const shown = JSON.stringify([dias, language, n.decimalMark]);
  const option = useMemo(() => {
    const text = (decimals: number, unit = '') => (value: unknown) => (typeof value === 'number' ? `${n.format(value, decimals)}${unit}` : '—');
    return {
      animation: false,
      grid: { left: 4, right: 4, top: 36, bottom: 36, containLabel: true },
      legend: { bottom: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: dias.map((day) => isoToMasked(day.data).slice(0, 5)) },
      yAxis: [
        { type: 'value', name: 'ml', axisLabel: { formatter: (value: number) => n.format(value, 0) } },
        { type: 'value', minInterval: 1, splitLine: { show: false }, axisLabel: { formatter: (value: number) => n.format(value, 0) } },
      ],
      series: [
        { name: t('fumigators.history.volumeBars'), type: 'bar', barMaxWidth: 18, itemStyle: { color: COLORS.volume }, tooltip: { valueFormatter: text(1, ' ml') }, data: dias.map((day) => day.volume_ml) },
        {
          name: t('fumigators.history.eventsLine'),
          type: 'line',
          yAxisIndex: 1,
          connectNulls: false,
          symbolSize: 5,
          itemStyle: { color: COLORS.events },
          tooltip: { valueFormatter: text(0) },
          data: dias.map((day) => day.eventos),
        },
      ],
    };
    // `shown` stands for every input.
  }, [shown]);
  return <EChart option={option} height={300} label={t('fumigators.history.dailyLabel', { name })} testId="dosing-daily-chart" />;
}

interface Series {
  flow: Array<[number, number | null]>;
  counter: Array<[number, number | null]>;
}

/** Mean flow (ml/min, left axis) and a volume (ml, right axis) on a time axis in the user's timezone. */
function FlowChart({ series, label, testId, volumeName }: { series: Series; label: string; testId: string; volumeName: string }) {
  const { t, language, numbers: n, clock: time } = useReportFormat();
  const shown = JSON.stringify([series, language, n.decimalMark, time.timezone, volumeName]);
  const option = useMemo(() => {
    const text = (decimals: number, unit: string) => (value: unknown) => (typeof value === 'number' ? `${n.format(value, decimals)} ${unit}` : '—');
    return {
      animation: false,
      grid: { left: 4, right: 4, top: 36, bottom: 36, containLabel: true },
      legend: { bottom: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true, formatter: (value: number) => time.dateTime(new Date(value).toISOString()) } },
      yAxis: [
        { type: 'value', name: 'ml/min', axisLabel: { formatter: (value: number) => n.format(value, 0) } },
        { type: 'value', name: 'ml', splitLine: { show: false }, axisLabel: { formatter: (value: number) => n.format(value, 0) } },
      ],
      series: [
        { name: t('fumigators.history.flowLine'), type: 'line', step: 'end', showSymbol: false, connectNulls: false, itemStyle: { color: COLORS.flow }, tooltip: { valueFormatter: text(1, 'ml/min') }, data: series.flow },
        { name: volumeName, type: 'line', yAxisIndex: 1, showSymbol: false, connectNulls: false, itemStyle: { color: COLORS.counter }, tooltip: { valueFormatter: text(1, 'ml') }, data: series.counter },
      ],
    };
  }, [shown]);
  return <EChart option={option} height={300} label={label} testId={testId} />;
}

/** getfumigacaodetalhe: the doser over the period. */
export function DoserChart({ chart }: { chart: ChartDataResponse }) {
  const { t } = useReportFormat();
  const [flow, counter] = chart.chartData.linhas;
  const points = (line: typeof flow): Array<[number, number | null]> => (line?.dataset ?? []).map((point) => [Date.parse(point.data), point.data_value]);
  return (
    <FlowChart
      series={{ flow: points(flow), counter: points(counter) }}
      label={t('fumigators.history.doserLabel', { name: chart.titulo })}
      testId="dosing-doser-chart"
      volumeName={t('fumigators.history.counterLine')}
    />
  );
}

/**
 * reldosagemdetalhe's readings around one event: the flow, and the ml dosed since the first
 * reading shown (the day counter's rises; after its midnight restart, its new value).
 */
export function EventChart({ leituras }: { leituras: DoseLeitura[] }) {
  const { t } = useReportFormat();
  let dosed = 0;
  const counter = leituras.map((reading, index): [number, number | null] => {
    const previous = leituras[index - 1];
    if (previous) dosed += reading.volume_ml >= previous.volume_ml ? reading.volume_ml - previous.volume_ml : reading.volume_ml;
    return [Date.parse(reading.em), Math.round(dosed * 10) / 10];
  });
  const series = { flow: leituras.map((reading): [number, number | null] => [Date.parse(reading.em), reading.vazao_ml_min]), counter };
  return <FlowChart series={series} label={t('fumigators.dosing.chartLabel')} testId="dosing-event-chart" volumeName={t('fumigators.dosing.dosedLine')} />;
}
