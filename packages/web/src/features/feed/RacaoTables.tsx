import { Badge, Card, Group, SegmentedControl, Text, Title } from '@mantine/core';
import type { RacaoDia, RacaoResponse } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportTable, reportPrintClasses, reportTableClasses, useReportFormat, type ReportColumn } from '../../components/reports';
import { isoToMasked } from '../records/dates';
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

  // A figure's column: right-aligned, with the period's total under it.
  const figure = (key: string, header: string, cell: (dia: RacaoDia) => string): ReportColumn<RacaoDia> => ({ key, header, align: 'number', cell, total: totalCell(report, view, key, number) });
  const figures =
    view === 'lote'
      ? FLOCK_COLUMNS.map((column) => figure(column, t(`feed.columns.${column}`), (dia) => number(dia[column], COLUMN_DECIMALS[column])))
      : view === 'silos'
        ? silos.map((silo, index) => figure(`silo-${silo.id}`, silo.nome, (dia) => number(dia.silos[index]!.parte_kg, DECIMALS.kg)))
        : aviarios.map((house, index) => figure(`aviario-${house.id}`, house.nome, (dia) => number(dia.aviarios[index]!.consumo_kg, DECIMALS.kg)));
  const columns: ReportColumn<RacaoDia>[] = [
    {
      key: 'data',
      header: t('feed.columns.data'),
      align: 'nowrap',
      dataCol: false,
      total: t('feed.table.total'),
      cell: (dia) => (
        <Group gap={6} wrap="nowrap">
          <span>{isoToMasked(dia.data)}</span>
          {dia.consumo_kg !== null && !dia.completo && (
            <Badge size="xs" color="yellow" variant="light" className={reportTableClasses.badge} data-testid="racao-partial">
              {t('feed.table.partial')}
            </Badge>
          )}
        </Group>
      ),
    },
    ...figures,
  ];

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
      {/* Tight cells: the flock's twelve columns fit beside the side menu at 1366 px; narrower, the table scrolls in its card. */}
      <ReportTable
        testId="racao-table"
        attributes={{ 'data-view': view }}
        dense
        highlightOnHover
        minWidth={720}
        columns={columns}
        rows={report.dias}
        rowKey={(dia) => dia.data}
        rowAttributes={(dia) => ({ 'data-testid': 'racao-row', 'data-date': dia.data })}
        rowTone={(dia) => (dia.consumo_kg === null ? 'empty' : undefined)}
        totals={{ 'data-testid': 'racao-total-row' }}
      />
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
      <ReportTable
        testId="racao-silos"
        columns={[
          {
            key: 'silo',
            header: t('feed.silos.silo'),
            dataCol: false,
            cell: ({ silo }) => (
              <>
                <Text size="sm" fw={600}>
                  {silo.nome}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`feed.silos.source.${silo.fonte}`)}
                </Text>
              </>
            ),
          },
          {
            key: 'aviarios',
            header: t('feed.silos.houses'),
            dataCol: false,
            // The flock's own houses stand out among the others the silo feeds.
            cell: ({ silo }) =>
              silo.aviarios.map((house, position) => (
                <Text key={house.id} span size="sm" fw={flockHouses.has(house.id) ? 600 : 400} c={flockHouses.has(house.id) ? undefined : 'dimmed'}>
                  {position > 0 ? ', ' : ''}
                  {house.nome}
                </Text>
              )),
          },
          { key: 'consumo_kg', header: t('feed.silos.total'), align: 'number', cell: ({ totals }) => number(totals.consumo_kg, DECIMALS.kg) },
          { key: 'parte_kg', header: t('feed.silos.share'), align: 'number', cell: ({ totals }) => number(totals.parte_kg, DECIMALS.kg) },
          noBirds && { key: 'sem_aves_kg', header: t('feed.silos.noBirds'), align: 'number', cell: ({ totals }) => number(totals.sem_aves_kg, DECIMALS.kg) },
        ]}
        rows={report.header.silos.map((silo, index) => ({ silo, totals: report.totais.silos[index]! }))}
        rowKey={({ silo }) => silo.id}
        rowAttributes={({ silo }) => ({ 'data-testid': 'racao-silo', 'data-silo': silo.id })}
      />
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
      <ReportTable
        testId="racao-houses"
        columns={[
          { key: 'aviario', header: t('feed.houses.house'), dataCol: false, cell: ({ house }) => house.nome },
          { key: 'consumo_kg', header: t('feed.houses.total'), align: 'number', cell: ({ totals }) => number(totals.consumo_kg, DECIMALS.kg) },
        ]}
        rows={report.header.aviarios.map((house, index) => ({ house, totals: report.totais.aviarios[index]! }))}
        rowKey={({ house }) => house.id}
        rowAttributes={({ house }) => ({ 'data-testid': 'racao-house', 'data-house': house.id })}
      />
    </Card>
  );
}
