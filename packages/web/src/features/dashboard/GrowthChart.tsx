import type { UsrStats } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/charts/EChart';
import { useFlockTitle } from '../flocks/flockTitle';
import { useNumberFormat } from '../records/useNumberFormat';

/** Height under the tick labels for the x axis's name ('Idade (dias)'), so it is not cut. */
const AXIS_NAME_ROOM = 24;

/**
 * A flock's mean weight per weighing day against its standard at the same ages. Its own module,
 * loaded with React.lazy from the dashboard, so ECharts stays out of the first screen's download.
 */
export default function GrowthChart({ tile }: { tile: UsrStats['lotes'][number] }) {
  const { t, i18n } = useTranslation();
  const flockTitle = useFlockTitle();
  const n = useNumberFormat();
  // By age when the flock has a placement date, else by day.
  const byAge = tile.curva.every((point) => point.idade !== null);
  const points = tile.curva.map((point) => ({ x: byAge ? point.idade! : point.data, mean: point.pesoMedio, standard: point.padrao }));
  const hasStandard = points.some((point) => point.standard !== null);
  const shown = JSON.stringify([points, i18n.language]);
  const option = useMemo(
    () => ({
      animation: false,
      // containLabel leaves room for the tick labels only: the age axis's name below them needs its own.
      grid: { left: 4, right: 12, top: 28, bottom: byAge ? AXIS_NAME_ROOM : 4, containLabel: true },
      legend: { top: 0, itemWidth: 18, data: [t('dashboard.flocks.chart.mean'), ...(hasStandard ? [t('dashboard.flocks.chart.standard')] : [])] },
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? `${n.format(value, 1)} g` : '') },
      xAxis: byAge
        ? { type: 'value', name: t('dashboard.flocks.chart.age'), nameLocation: 'middle', nameGap: 22, min: 0, minInterval: 1 }
        : { type: 'category', data: points.map((point) => point.x) },
      yAxis: { type: 'value', name: t('dashboard.flocks.chart.weight'), axisLabel: { formatter: (value: number) => n.format(value, 0) } },
      series: [
        {
          name: t('dashboard.flocks.chart.mean'),
          type: 'line',
          data: points.map((point) => (byAge ? [point.x, point.mean] : point.mean)),
          symbolSize: 6,
          lineStyle: { width: 2.5 },
          itemStyle: { color: '#2f9e44' },
        },
        ...(hasStandard
          ? [
              {
                name: t('dashboard.flocks.chart.standard'),
                type: 'line',
                data: points.map((point) => (byAge ? [point.x, point.standard] : point.standard)),
                symbol: 'circle',
                symbolSize: 3,
                lineStyle: { type: 'dashed', width: 1.5 },
                itemStyle: { color: '#868e96' },
              },
            ]
          : []),
      ],
    }),
    [shown],
  );
  return <EChart option={option} height={200} label={t('dashboard.flocks.chart.label', { flock: flockTitle(tile.codigo) })} testId="dashboard-growth-chart" />;
}
