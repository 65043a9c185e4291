import { SimpleGrid } from '@mantine/core';
import type { RacaoResponse } from '@portal/shared';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import { flockTitle as flockTitleOf } from '../flocks/flockTitle';
import { isoToMasked } from '../records/dates';

const COLORS = { consumo: '#40c057', acumulado: '#1c7ed6', gramas: '#e8590c', conversao: '#7048e8', padrao: '#868e96' };

/**
 * The report's two charts: daily feed (bars, kg) with the cumulative feed since placement (line,
 * right axis); and feed per bird per day (g) with the FCR of the weighing days against the
 * standard's (right axis). Days without data are gaps, not zeros. Loaded lazily (ECharts stays
 * out of the first screen).
 */
export default function FeedCharts({ report }: { report: RacaoResponse }) {
  // Part of the report: its language and the user's number format, on the axes and in the tooltips.
  const { t, language, numbers: n } = useReportLanguage();
  const flockTitle = (codigo: string) => flockTitleOf(codigo, (code) => t('flocks.form.titleOf', { code }));
  const shown = JSON.stringify([report.dias, language, n.decimalMark]);
  const [consumption, perBird] = useMemo(() => {
    const days = report.dias.map((dia) => isoToMasked(dia.data).slice(0, 5));
    const text = (decimals: number, unit: string) => (value: unknown) => (typeof value === 'number' ? `${n.format(value, decimals)}${unit}` : '—');
    const axis = (name: string, decimals: number, extra: object = {}) => ({
      type: 'value',
      name,
      axisLabel: { formatter: (value: number) => n.format(value, decimals) },
      ...extra,
    });
    const base = {
      animation: false,
      grid: { left: 4, right: 4, top: 56, bottom: 4, containLabel: true },
      legend: { top: 0, type: 'plain' },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days },
    };
    const line = (name: string, color: string, data: (number | null)[], format: (value: unknown) => string, options: object = {}) => ({
      name,
      type: 'line',
      symbolSize: 5,
      connectNulls: false,
      itemStyle: { color },
      lineStyle: { width: 2.5 },
      tooltip: { valueFormatter: format },
      data,
      ...options,
    });
    return [
      {
        ...base,
        yAxis: [axis(t('feed.chart.dailyKg'), 0), axis(t('feed.chart.cumulativeKg'), 0, { splitLine: { show: false } })],
        series: [
          {
            name: t('feed.columns.consumo_kg'),
            type: 'bar',
            barMaxWidth: 18,
            itemStyle: { color: COLORS.consumo },
            tooltip: { valueFormatter: text(1, ' kg') },
            data: report.dias.map((dia) => dia.consumo_kg),
          },
          line(t('feed.columns.acumulado_kg'), COLORS.acumulado, report.dias.map((dia) => dia.acumulado_kg), text(1, ' kg'), { yAxisIndex: 1, symbolSize: 3 }),
        ],
      },
      {
        ...base,
        yAxis: [axis(t('feed.chart.grams'), 0), axis(t('feed.chart.fcr'), 2, { splitLine: { show: false }, scale: true })],
        series: [
          line(t('feed.columns.g_ave_dia'), COLORS.gramas, report.dias.map((dia) => dia.g_ave_dia), text(1, ' g')),
          // Weighing days only: joined across the days between them.
          line(t('feed.columns.conversao'), COLORS.conversao, report.dias.map((dia) => dia.conversao), text(3, ''), { yAxisIndex: 1, connectNulls: true, symbolSize: 8 }),
          line(t('feed.columns.conversao_padrao'), COLORS.padrao, report.dias.map((dia) => dia.conversao_padrao), text(3, ''), {
            yAxisIndex: 1,
            symbolSize: 0,
            lineStyle: { width: 2, type: 'dashed' },
          }),
        ],
      },
    ];
    // `shown` stands for every input: a new object with the same content draws nothing new.
  }, [shown]);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <EChart option={consumption} height={320} label={t('feed.chart.consumptionLabel', { flock: flockTitle(report.header.lote.codigo) })} testId="racao-chart-consumo" />
      <EChart option={perBird} height={320} label={t('feed.chart.perBirdLabel', { flock: flockTitle(report.header.lote.codigo) })} testId="racao-chart-ave" />
    </SimpleGrid>
  );
}
