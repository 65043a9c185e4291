import { Badge, Card, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import type { RacaoDia, RacaoResponse } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportPrintClasses, reportTableClasses, useReportFormat } from '../../components/reports';
import { isoToMasked } from '../records/dates';
import classes from './FeedConsumptionPage.module.css';
import { COLUMN_DECIMALS, DECIMALS, FLOCK_COLUMNS } from './racaoTable';

type View = 'lote' | 'silos' | 'aviarios';

/**
 * One row per day: the flock's figures, or the flock's share of each silo, or each house's feed.
 * Days without data show '—'; a day some silo lacks is marked partial.
 */
export function DayTable({ report }: { report: RacaoResponse }) {
  // The view switch is a control of the screen (interface language); the table is the report's.
  const { t: interfaceT } = useTranslation();
  const { t, number } = useReportFormat();
  const [view, setView] = useState<View>('lote');
  const { silos, aviarios } = report.header;

  const columns: { key: string; title: string; cell: (dia: RacaoDia) => string }[] =
    view === 'lote'
      ? FLOCK_COLUMNS.map((column) => ({ key: column, title: t(`feed.columns.${column}`), cell: (dia) => number(dia[column], COLUMN_DECIMALS[column]) }))
      : view === 'silos'
        ? silos.map((silo, index) => ({
            key: `silo-${silo.id}`,
            title: silo.nome,
            cell: (dia) => number(dia.silos[index]!.parte_kg, DECIMALS.kg),
          }))
        : aviarios.map((house, index) => ({ key: `aviario-${house.id}`, title: house.nome, cell: (dia) => number(dia.aviarios[index]!.consumo_kg, DECIMALS.kg) }));

  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Title order={2} fz="lg">
          {t('feed.table.title')}
        </Title>
        <SegmentedControl
          className={reportPrintClasses.noPrint}
          value={view}
          onChange={(value) => setView(value as View)}
          data={(['lote', 'silos', 'aviarios'] as const).map((value) => ({ value, label: interfaceT(`feed.table.view.${value}`) }))}
          data-testid="racao-view"
        />
      </Group>
      {view !== 'lote' && (
        <Text size="xs" c="dimmed" mb="xs">
          {t(view === 'silos' ? 'feed.table.silosHint' : 'feed.table.housesHint')}
        </Text>
      )}
      <div className={reportTableClasses.tableWrap}>
        {/* Tight cells: the flock's twelve columns fit beside the side menu at 1366 px; narrower, the table scrolls in its card. */}
        <Table className={classes.table} horizontalSpacing={6} highlightOnHover withRowBorders data-testid="racao-table" data-view={view}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('feed.columns.data')}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} className={classes.numberHead}>
                  {column.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.dias.map((dia) => (
              <Table.Tr key={dia.data} data-testid="racao-row" data-date={dia.data} className={dia.consumo_kg === null ? reportTableClasses.emptyRow : undefined}>
                <Table.Td className={reportTableClasses.nowrap}>
                  <Group gap={6} wrap="nowrap">
                    <span>{isoToMasked(dia.data)}</span>
                    {dia.consumo_kg !== null && !dia.completo && (
                      <Badge size="xs" color="yellow" variant="light" className={reportTableClasses.badge} data-testid="racao-partial">
                        {t('feed.table.partial')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.key} data-col={column.key} className={reportTableClasses.number}>
                    {column.cell(dia)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr className={reportTableClasses.totalRow} data-testid="racao-total-row">
              <Table.Td>{t('feed.table.total')}</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.key} data-col={column.key} className={reportTableClasses.number}>
                  {totalCell(report, view, column.key, number)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </div>
      {silos.length === 0 && view === 'silos' && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('feed.noSilos')}
        </Text>
      )}
    </Card>
  );
}

/** The period's total under a column: sums for feed, the last day's for running figures, nothing for the rest. */
function totalCell(report: RacaoResponse, view: View, key: string, number: (value: number | null, decimals: number) => string): string {
  const { totais } = report;
  if (view === 'silos') return number(totais.silos.find((silo) => `silo-${silo.id}` === key)?.parte_kg ?? null, DECIMALS.kg);
  if (view === 'aviarios') return number(totais.aviarios.find((house) => `aviario-${house.id}` === key)?.consumo_kg ?? null, DECIMALS.kg);
  if (key === 'consumo_kg') return number(totais.consumo_kg, DECIMALS.kg);
  if (key === 'acumulado_kg') return number(totais.acumulado_kg, DECIMALS.kg);
  if (key === 'g_ave_dia') return number(totais.g_ave_dia, DECIMALS.grams);
  if (key === 'conversao') return number(totais.conversao, DECIMALS.fcr);
  if (key === 'conversao_padrao') return number(totais.conversao_padrao, DECIMALS.fcr);
  return '';
}

/** The silos feeding the flock: where their figures come from, the houses they serve, their feed in the period. */
export function SiloBreakdown({ report }: { report: RacaoResponse }) {
  const { t, number } = useReportFormat();
  const flockHouses = new Set(report.header.aviarios.map((house) => house.id));
  // Feed no bird was there to eat: a column only when some silo had such days.
  const noBirds = report.totais.silos.some((silo) => (silo.sem_aves_kg ?? 0) > 0);
  return (
    <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
      <Title order={2} fz="lg" mb="sm">
        {t('feed.silos.title')}
      </Title>
      <div className={reportTableClasses.tableWrap}>
        <Table className={classes.smallTable} withRowBorders data-testid="racao-silos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('feed.silos.silo')}</Table.Th>
              <Table.Th>{t('feed.silos.houses')}</Table.Th>
              <Table.Th className={classes.numberHead}>{t('feed.silos.total')}</Table.Th>
              <Table.Th className={classes.numberHead}>{t('feed.silos.share')}</Table.Th>
              {noBirds && <Table.Th className={classes.numberHead}>{t('feed.silos.noBirds')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.header.silos.map((silo, index) => (
              <Table.Tr key={silo.id} data-testid="racao-silo" data-silo={silo.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {silo.nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`feed.silos.source.${silo.fonte}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {silo.aviarios.map((house, position) => (
                    <Text key={house.id} span size="sm" fw={flockHouses.has(house.id) ? 600 : 400} c={flockHouses.has(house.id) ? undefined : 'dimmed'}>
                      {position > 0 ? ', ' : ''}
                      {house.nome}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td className={reportTableClasses.number} data-col="consumo_kg">
                  {number(report.totais.silos[index]!.consumo_kg, DECIMALS.kg)}
                </Table.Td>
                <Table.Td className={reportTableClasses.number} data-col="parte_kg">
                  {number(report.totais.silos[index]!.parte_kg, DECIMALS.kg)}
                </Table.Td>
                {noBirds && (
                  <Table.Td className={reportTableClasses.number} data-col="sem_aves_kg">
                    {number(report.totais.silos[index]!.sem_aves_kg, DECIMALS.kg)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Text size="xs" c="dimmed" mt="xs">
        {t('feed.silos.rule')}
      </Text>
      {report.header.silos.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('feed.noSilos')}
        </Text>
      )}
    </Card>
  );
}

/** The flock's houses and the feed each got in the period. */
export function HouseBreakdown({ report }: { report: RacaoResponse }) {
  const { t, number } = useReportFormat();
  return (
    <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
      <Title order={2} fz="lg" mb="sm">
        {t('feed.houses.title')}
      </Title>
      <Table className={classes.smallTable} withRowBorders data-testid="racao-houses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('feed.houses.house')}</Table.Th>
            <Table.Th className={classes.numberHead}>{t('feed.houses.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.header.aviarios.map((house, index) => (
            <Table.Tr key={house.id} data-testid="racao-house" data-house={house.id}>
              <Table.Td>{house.nome}</Table.Td>
              <Table.Td className={reportTableClasses.number} data-col="consumo_kg">
                {number(report.totais.aviarios[index]!.consumo_kg, DECIMALS.kg)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
