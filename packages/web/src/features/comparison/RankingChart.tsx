import type { Comparativo } from '@portal/shared';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import { QUARTILE_HEX, quartileTone, sortLines } from './ranking';

/**
 * The IEP of each ranked line as a bar, best first, coloured by its quartile (the legend under the
 * chart names the colours; the table says each line's quartile in words), with the bird-weighted
 * mean as a dashed line. Loaded lazily: ECharts stays out of the first screen.
 */
export default function RankingChart({ report }: { report: Comparativo }) {
  const { t, language, numbers: n } = useReportLanguage();
  const shown = JSON.stringify([report.linhas, report.media.iep, language, n.decimalMark]);
  const ranked = useMemo(() => sortLines(report.linhas, { key: 'posicao', direction: 'asc' }).filter((line) => line.iep !== null), [report.linhas]);
  const option = useMemo(() => {
    const many = ranked.length > 24;
    return {
      animation: false,
      grid: { left: 4, right: 8, top: 24, bottom: 4, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? n.format(value, 1) : '—') },
      xAxis: {
        type: 'category',
        data: ranked.map((line) => (report.por === 'aviario' && line.nucleo ? `${line.nome} · ${line.nucleo.nome}` : line.nome)),
        axisLabel: { rotate: ranked.length > 6 ? 40 : 0, interval: many ? 'auto' : 0, width: 110, overflow: 'truncate' },
      },
      yAxis: { type: 'value', name: t('comparison.columns.iep'), axisLabel: { formatter: (value: number) => n.format(value, 0) } },
      series: [
        {
          name: t('comparison.columns.iep'),
          type: 'bar',
          barMaxWidth: 36,
          data: ranked.map((line) => ({ value: line.iep, itemStyle: { color: QUARTILE_HEX[quartileTone(line.quartil)] } })),
        },
        // The mean as a dashed level across the bars (a line series: no extra ECharts component to load).
        report.media.iep !== null && {
          name: t('comparison.mean'),
          type: 'line',
          symbol: 'none',
          lineStyle: { type: 'dashed', color: '#495057', width: 1.5 },
          itemStyle: { color: '#495057' },
          data: ranked.map(() => report.media.iep),
        },
      ].filter(Boolean),
    };
    // `shown` stands for every input.
  }, [shown]); // eslint-disable-line react-hooks/exhaustive-deps
  return <EChart option={option} height={320} label={t('comparison.chart.label')} testId="comparison-chart" attributes={{ 'data-bars': ranked.length }} />;
}
