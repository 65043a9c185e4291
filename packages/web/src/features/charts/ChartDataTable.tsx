import { Paper, Table, Text, Title } from '@mantine/core';
import type { ChartDataResponse } from '@portal/shared';
import { reportPrintClasses, useReportFormat } from '../../components/reports';
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
      <Table.ScrollContainer minWidth={Math.min(160 + 140 * linhas.length, 900)}>
        <Table striped highlightOnHover stickyHeader data-testid="chart-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('charts.view.day')}</Table.Th>
              {linhas.map((linha, index) => (
                <Table.Th key={index} ta="right">
                  {seriesHeader(t, linha)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day, row) => (
              <Table.Tr key={day} data-testid="chart-table-row" className={reportPrintClasses.keepTogether}>
                <Table.Td>{isoToMasked(day)}</Table.Td>
                {linhas.map((linha, index) => {
                  const value = linha.dataset[row]?.data_value ?? null;
                  return (
                    <Table.Td key={index} ta="right" c={value === null ? 'dimmed' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {format.number(value, decimalsOf(linha.unidade))}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {days.length === 0 && <Text c="dimmed">{t('charts.view.empty')}</Text>}
    </Paper>
  );
}
