import { Paper, Text, Title } from '@mantine/core';
import type { ChartDataResponse } from '@portal/shared';
import { ReportTable, useReportFormat, type ReportColumn } from '../../components/reports';
import { isoToMasked } from '../records/dates';
import { decimalsOf } from './chartOption';

/** The header of a series' column: its name and unit. */
export const seriesHeader = (t: (key: string, values: Record<string, string>) => string, linha: ChartDataResponse['chartData']['linhas'][number]) =>
  t('charts.view.seriesUnit', { tit: linha.tit, unidade: linha.unidade });

/**
 * The chart's values day by day under it ('—' for a day without data), scrolling sideways inside
 * its box on a phone; in the reports language and the user's number format. Test ids: chart-table,
 * chart-table-row.
 */
export function ChartDataTable({ data }: { data: ChartDataResponse }) {
  const format = useReportFormat();
  const { t } = format;
  const linhas = data.chartData.linhas;
  const days = linhas[0]?.dataset.map((point) => point.data) ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} lang={format.locale}>
      <Title order={2} size="h4" mb="sm">
        {t('charts.view.tableTitle')}
      </Title>
      <ReportTable
        testId="chart-table"
        striped
        highlightOnHover
        stickyHeader
        minWidth={Math.min(160 + 140 * linhas.length, 900)}
        columns={[
          { key: 'day', header: t('charts.view.day'), align: 'nowrap', dataCol: false, cell: (day) => isoToMasked(day) },
          ...linhas.map(
            (linha, index): ReportColumn<string> => ({
              key: String(index),
              header: seriesHeader(t, linha),
              align: 'number',
              dataCol: false,
              cell: (_day, row) => {
                const value = linha.dataset[row]?.data_value ?? null;
                return value === null ? (
                  <Text span inherit c="dimmed">
                    {format.number(null, 0)}
                  </Text>
                ) : (
                  format.number(value, decimalsOf(linha.unidade))
                );
              },
            }),
          ),
        ]}
        rows={days}
        rowKey={(day) => day}
        rowAttributes={() => ({ 'data-testid': 'chart-table-row' })}
      />
      {days.length === 0 && <Text c="dimmed">{t('charts.view.empty')}</Text>}
    </Paper>
  );
}
