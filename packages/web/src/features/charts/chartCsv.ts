import type { ChartDataResponse } from '@portal/shared';
import type { CsvCell } from '../../components/reports';
import { decimalsOf } from './chartOption';

type Linha = ChartDataResponse['chartData']['linhas'][number];

/**
 * Header and rows of a chart's CSV (pure, so the test sees what the file holds): a line per day,
 * a column per series, values rounded as shown. Series titles are typed by the owner and its
 * grantees, so csvText defuses them like every text.
 */
export function chartCsv(data: ChartDataResponse, texts: { day: string; series: (linha: Linha) => string }): { header: string[]; rows: CsvCell[][] } {
  const linhas = data.chartData.linhas;
  const days = linhas[0]?.dataset.map((point) => point.data) ?? [];
  const header = [texts.day, ...linhas.map(texts.series)];
  const rows = days.map((day, index): CsvCell[] => [
    day,
    ...linhas.map((linha) => {
      const value = linha.dataset[index]?.data_value ?? null;
      // Rounded as shown: the wire's digits, never more.
      return value === null ? null : Number(value.toFixed(decimalsOf(linha.unidade)));
    }),
  ]);
  return { header, rows };
}
