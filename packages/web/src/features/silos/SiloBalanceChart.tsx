import type { SiloLeiturasResponse } from '@portal/shared';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import { localStampOf } from './siloBalanceTable';

const COLORS = { level: '#1c7ed6', pendente: '#f08c00', confirmada: '#2f9e44', descartada: '#868e96' };

/**
 * The scale's level over the period (kg) with the detected deliveries marked where the level
 * settled after each (orange pending, green confirmed, grey dismissed). Times in the owner's
 * timezone. Loaded lazily: ECharts stays out of the first screen.
 */
export default function SiloBalanceChart({ report }: { report: SiloLeiturasResponse }) {
  // Part of the report: its language and the user's number format, on the axis and in the tooltips.
  const { t, language, numbers: n } = useReportLanguage();
  const shown = JSON.stringify([report.silo.id, report.di, report.df, report.leituras.length, report.entregas, language, n.decimalMark]);
  const option = useMemo(() => {
    const stamp = localStampOf(report.timezone);
    const shortRange = report.leituras.length > 0 && report.leituras.at(-1)!.em - report.leituras[0]!.em <= 3 * 86_400_000;
    const kg = (value: number) => t('silos.kg', { value: n.format(value, 1) });
    const marks = (['pendente', 'confirmada', 'descartada'] as const).map((situacao) => ({
      name: t(`silos.balance.situacao.${situacao}`),
      type: 'line',
      // Points only: a line series without its line (no scatter module is loaded).
      lineStyle: { width: 0 },
      symbol: 'pin',
      symbolSize: 26,
      itemStyle: { color: COLORS[situacao] },
      data: report.entregas.filter((entrega) => entrega.situacao === situacao).map((entrega) => [entrega.ate, entrega.depois_kg]),
    }));
    return {
      animation: false,
      // One scrolling legend line: wrapped on a phone it would run into the axis name.
      grid: { left: 4, right: 12, top: 52, bottom: 4, containLabel: true },
      legend: { top: 0, type: 'scroll' },
      tooltip: {
        trigger: 'item',
        formatter: (item: { seriesName: string; value: [number, number] }) => `${stamp(item.value[0])}<br/>${item.seriesName}: ${kg(item.value[1])}`,
      },
      xAxis: {
        type: 'time',
        axisLabel: { hideOverlap: true, formatter: (value: number) => (shortRange ? stamp(value).slice(0, 5) + '\n' + stamp(value).slice(11) : stamp(value).slice(0, 5)) },
      },
      yAxis: { type: 'value', name: t('silos.kgUnit'), min: 0, axisLabel: { formatter: (value: number) => n.format(value, 0) } },
      series: [
        {
          name: t('silos.balance.level'),
          type: 'line',
          showSymbol: false,
          itemStyle: { color: COLORS.level },
          lineStyle: { width: 2 },
          areaStyle: { opacity: 0.08 },
          data: report.leituras.map((leitura) => [leitura.em, leitura.kg]),
        },
        ...marks,
      ],
    };
    // `shown` stands for every input: a new object with the same content draws nothing new.
  }, [shown]); // eslint-disable-line react-hooks/exhaustive-deps
  return <EChart option={option} height={320} label={t('silos.balance.chartLabel', { name: report.silo.nome })} testId="balance-chart" />;
}
