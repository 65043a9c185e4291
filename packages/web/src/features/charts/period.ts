import type { Grafico } from '@portal/shared';
import type { TFunction } from 'i18next';
import { isoToMasked } from '../records/dates';

/** 'Last 30 days', or the fixed dates of a custom period. */
export function periodText(t: TFunction, chart: Pick<Grafico, 'periodo' | 'data_inicio' | 'data_fim'>): string {
  if (chart.periodo !== 'personalizado') return t(`charts.periodo.${chart.periodo}`);
  return t('charts.periodo.range', { from: isoToMasked(chart.data_inicio), to: isoToMasked(chart.data_fim) });
}
