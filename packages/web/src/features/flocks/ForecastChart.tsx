import type { Previsao, PrevisaoGrupo } from '@portal/shared';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import type { EChartsCoreOption } from '../../components/charts/echarts';
// Registers markLine (today, the asked day, the target) with the shared ECharts build.
import './forecastEcharts';
import { ageOn, forecastSeries, pointLines, type ForecastFormat } from './forecast';

export const FORECAST_COLORS = { observed: '#2f9e44', standard: '#868e96', p50: '#1c7ed6', band: 'rgba(28, 126, 214, 0.18)', marker: '#495057', target: '#e8590c' };

interface ForecastChartProps {
  previsao: Previsao;
  grupo: PrevisaoGrupo;
  /** An active flock has a today on its curve; a closed one ended on its closing day. */
  active: boolean;
  format: ForecastFormat;
  /** Changes whenever the words or numbers of `format` do (language, number format). */
  formatKey: string;
}

/**
 * One group's forecast by age: the weighed days' means as points, the standard dashed, the P50
 * curve and the P10–P90 band filled between P10 and P90 (a transparent P10 base with the band's
 * width stacked on it), today and the asked day as vertical lines and the target as a horizontal
 * one. Its own lazily loaded module: ECharts stays out of the flock page's first download.
 * Test id `forecast-chart`, with data-series (the series drawn), data-band (ages with a band),
 * data-today, data-asked (ages) and data-target (g).
 */
export default function ForecastChart({ previsao, grupo, active, format: f, formatKey }: ForecastChartProps) {
  const shown = JSON.stringify([previsao.lote_id, previsao.alvo_g, previsao.data, previsao.hoje, grupo, active, formatKey]);
  const { option, attributes } = useMemo(() => {
    const s = forecastSeries(grupo);
    const askedAge = grupo.peso_na_data?.idade ?? ageOn(grupo, previsao.data);
    const todayAge = active ? previsao.idade : null;
    const names = {
      observed: f.t('flocks.forecast.chart.observed'),
      standard: f.t('flocks.forecast.chart.standard'),
      p50: 'P50',
      band: 'P10–P90',
    };
    const byAge = new Map(grupo.curva.map((ponto) => [ponto.idade, ponto]));
    // Today's label runs up along its line, the asked day's sits above its own: close days do not overlap.
    const line = (axis: 'xAxis' | 'yAxis', value: number, label: string, color: string, position: string) => ({
      [axis]: value,
      lineStyle: { color, type: axis === 'xAxis' ? 'dotted' : 'solid', width: 1.5 },
      label: { formatter: label, color, position },
    });
    const phone = window.matchMedia('(max-width: 600px)').matches;
    const option: EChartsCoreOption = {
      animation: false,
      // The legend's four entries take two lines on a phone.
      grid: { left: 4, right: 16, top: phone && s.banded ? 84 : 60, bottom: 28, containLabel: true },
      legend: { top: 0, type: 'plain', itemGap: 12, data: [names.observed, ...(s.standard.length > 0 ? [names.standard] : []), ...(s.banded ? [names.p50, names.band] : [])] },
      tooltip: {
        trigger: 'axis',
        formatter: (params: Array<{ value: [number, unknown] }>) => {
          const ponto = byAge.get(params[0]?.value[0] ?? -1);
          return ponto ? pointLines(ponto, f).join('<br/>') : '';
        },
      },
      xAxis: { type: 'value', name: f.t('flocks.charts.age'), nameLocation: 'middle', nameGap: 24, min: 0, max: grupo.curva.at(-1)?.idade, minInterval: 1 },
      yAxis: { type: 'value', name: 'g', axisLabel: { formatter: (value: number) => f.number(value, 0) } },
      series: [
        { name: names.band, type: 'line', stack: 'band', data: s.bandBase, symbol: 'none', lineStyle: { opacity: 0 }, silent: true, itemStyle: { color: FORECAST_COLORS.band } },
        { name: names.band, type: 'line', stack: 'band', data: s.bandWidth, symbol: 'none', lineStyle: { opacity: 0 }, areaStyle: { color: FORECAST_COLORS.band }, silent: true, itemStyle: { color: FORECAST_COLORS.band } },
        { name: names.p50, type: 'line', data: s.p50, symbol: 'none', lineStyle: { width: 2.5 }, itemStyle: { color: FORECAST_COLORS.p50 } },
        ...(s.standard.length > 0 ? [{ name: names.standard, type: 'line', data: s.standard, symbol: 'none', lineStyle: { type: 'dashed', width: 1.5 }, itemStyle: { color: FORECAST_COLORS.standard } }] : []),
        { name: names.observed, type: 'line', data: s.observed, symbolSize: 7, lineStyle: { opacity: 0 }, itemStyle: { color: FORECAST_COLORS.observed } },
        {
          // The markers' own series, out of the legend; its one point at the target keeps the target inside the y axis.
          name: 'markers',
          type: 'line',
          data: [[0, previsao.alvo_g]],
          symbol: 'none',
          lineStyle: { opacity: 0 },
          silent: true,
          markLine: {
            silent: true,
            symbol: ['none', 'none'],
            data: [
              ...(todayAge !== null ? [line('xAxis', todayAge, f.t('flocks.forecast.chart.today'), FORECAST_COLORS.marker, 'insideEndTop')] : []),
              ...(askedAge !== null && askedAge !== todayAge ? [line('xAxis', askedAge, f.day(previsao.data, true), FORECAST_COLORS.p50, 'end')] : []),
              line('yAxis', previsao.alvo_g, `${f.number(previsao.alvo_g, 0)} g`, FORECAST_COLORS.target, 'insideStartTop'),
            ],
          },
        },
      ],
    };
    const drawn = ['observed', ...(s.standard.length > 0 ? ['standard'] : []), ...(s.banded ? ['p50', 'band'] : [])];
    const attributes = {
      'data-series': drawn.join(','),
      'data-band': s.bandWidth.filter(([, width]) => width !== null).length,
      'data-today': todayAge ?? '',
      'data-asked': askedAge ?? '',
      'data-target': previsao.alvo_g,
    } as const;
    return { option, attributes };
    // `shown` stands for every input: a new answer with the same content draws nothing new.
  }, [shown]); // eslint-disable-line react-hooks/exhaustive-deps
  return <EChart option={option} height={300} label={f.t('flocks.forecast.chart.label')} testId="forecast-chart" attributes={attributes} />;
}
