import { SimpleGrid, Text } from '@mantine/core';
import type { Desempenho } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/charts/EChart';
import { useNumberFormat } from '../records/useNumberFormat';
import { growthSeries, lossSeries } from './chartSeries';

const COLORS = { mean: '#2f9e44', standard: '#868e96', macho: '#1c7ed6', femea: '#d6336c', misto: '#f08c00', losses: '#fa5252', cumulative: '#862e9c', water: '#1098ad' };

/**
 * The flock page's charts, in their own lazily loaded module (ECharts stays out of the first
 * screen): the mean weight of each weighing day against the standard by age, with each sex's
 * latest mean; and the daily losses with the cumulative mortality % against the standard's curve,
 * and the water drunk. Test ids: `flock-chart-growth`, `flock-chart-losses`.
 */
export default function FlockCharts({ desempenho }: { desempenho: Desempenho }) {
  const { t, i18n } = useTranslation();
  const n = useNumberFormat();
  const shown = JSON.stringify([desempenho.dias, desempenho.sexos.map((sexo) => [sexo.sexo, sexo.curva]), i18n.language, n.decimalSeparator]);
  const [growth, losses, hasWeights] = useMemo(() => {
    const g = growthSeries(desempenho);
    const l = lossSeries(desempenho);
    const text = (decimals: number, unit: string) => (value: unknown) => (typeof value === 'number' ? `${n.format(value, decimals)}${unit}` : '—');
    const base = { animation: false, legend: { top: 0, type: 'scroll' }, tooltip: { trigger: 'axis' } };
    const ageAxis = { type: 'value', name: t('flocks.charts.age'), nameLocation: 'middle', nameGap: 24, min: 0, minInterval: 1 };
    const growthOption = {
      ...base,
      grid: { left: 4, right: 12, top: 52, bottom: 28, containLabel: true },
      xAxis: ageAxis,
      yAxis: { type: 'value', name: 'g', axisLabel: { formatter: (value: number) => n.format(value, 0) } },
      series: [
        { name: t('flocks.charts.mean'), type: 'line', data: g.mean, symbolSize: 6, lineStyle: { width: 2.5 }, itemStyle: { color: COLORS.mean }, tooltip: { valueFormatter: text(1, ' g') } },
        ...(g.standard.length > 0
          ? [{ name: t('flocks.charts.standard'), type: 'line', data: g.standard, symbol: 'none', lineStyle: { type: 'dashed', width: 1.5 }, itemStyle: { color: COLORS.standard }, tooltip: { valueFormatter: text(1, ' g') } }]
          : []),
        ...g.sexes.map((sex) => ({
          name: t('flocks.charts.sexCurve', { sex: t(`flocks.sexes.${sex.sexo}`) }),
          type: 'line',
          data: sex.points,
          symbol: 'diamond',
          symbolSize: 8,
          lineStyle: { width: 1.5 },
          itemStyle: { color: COLORS[sex.sexo] },
          tooltip: { valueFormatter: text(1, ' g') },
        })),
      ],
    };
    const lossOption = {
      ...base,
      grid: { left: 4, right: 4, top: 52, bottom: 28, containLabel: true },
      xAxis: ageAxis,
      yAxis: [
        { type: 'value', name: t('flocks.charts.birds'), minInterval: 1, axisLabel: { formatter: (value: number) => n.format(value, 0) } },
        { type: 'value', name: '%', splitLine: { show: false }, axisLabel: { formatter: (value: number) => n.format(value, 1) } },
        ...(l.water.length > 0 ? [{ type: 'value', name: 'L', position: 'right', offset: 48, splitLine: { show: false }, axisLabel: { formatter: (value: number) => n.format(value, 0) } }] : []),
      ],
      series: [
        { name: t('flocks.charts.losses'), type: 'bar', data: l.losses, barMaxWidth: 14, itemStyle: { color: COLORS.losses }, tooltip: { valueFormatter: text(0, '') } },
        { name: t('flocks.charts.cumulative'), type: 'line', yAxisIndex: 1, data: l.cumulative, symbolSize: 3, itemStyle: { color: COLORS.cumulative }, tooltip: { valueFormatter: text(2, ' %') } },
        ...(l.standard.length > 0
          ? [{ name: t('flocks.charts.standardMortality'), type: 'line', yAxisIndex: 1, data: l.standard, symbol: 'none', lineStyle: { type: 'dashed' }, itemStyle: { color: COLORS.standard }, tooltip: { valueFormatter: text(2, ' %') } }]
          : []),
        ...(l.water.length > 0
          ? [{ name: t('flocks.charts.water'), type: 'line', yAxisIndex: 2, data: l.water, symbolSize: 3, connectNulls: false, itemStyle: { color: COLORS.water }, tooltip: { valueFormatter: text(0, ' L') } }]
          : []),
      ],
    };
    return [growthOption, lossOption, g.mean.length > 0];
    // `shown` stands for every input: a new answer with the same content draws nothing new.
  }, [shown]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <div>
        <Text fw={600} mb={4}>
          {t('flocks.charts.growthTitle')}
        </Text>
        {hasWeights ? (
          <EChart option={growth} height={280} label={t('flocks.charts.growthLabel')} testId="flock-chart-growth" />
        ) : (
          <Text c="dimmed" size="sm" data-testid="flock-chart-growth-empty">
            {t('flocks.charts.noWeighings')}
          </Text>
        )}
      </div>
      <div>
        <Text fw={600} mb={4}>
          {t('flocks.charts.lossesTitle')}
        </Text>
        {desempenho.dias.length > 0 ? (
          <EChart option={losses} height={280} label={t('flocks.charts.lossesLabel')} testId="flock-chart-losses" />
        ) : (
          <Text c="dimmed" size="sm" data-testid="flock-chart-losses-empty">
            {t('flocks.charts.noDays')}
          </Text>
        )}
      </div>
    </SimpleGrid>
  );
}
