import { Alert, Badge, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import type { ColetaValores, HistoricoPontoColeta } from '@portal/shared';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { positiveId, ReportContent, ReportPeriodBar, ReportSummary, ReportTable, reportPrintClasses, useReportFormat, useReportPeriod, type ReportColumn } from '../../components/reports';
import { isoToMasked } from '../records/dates';
import { useOwner } from '../records/owner';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useCollectionHistory, useCollectionHistoryChart } from './historyApi';
import { CSV_HEADER, DECIMALS, historyCsvName, historyCsvRows, historyRows, VALUE_COLUMNS, type HistoryRow } from './historyTable';

const HistoryChart = lazy(() => import('./HistoryChart'));

const T = 'collectionPoints.history';

/**
 * coletores/historico/:id: the batches of a collection point's ground collectors per collector and
 * day over the period in the url (?di&df, default the last 30 days): totals, a chart of mean weight
 * per collector over the males and females, and the table (CSV in the user's separator). Empty days
 * show '—'. Test ids: history-totals (total-<field>), history-chart, history-table with
 * history-row rows (data-kind, data-date, data-serie) and cells data-col=<field>, history-csv.
 */
export default function CollectionPointHistoryPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const id = positiveId(useParams().id ?? null);
  const period = useReportPeriod(30);
  const owner = useOwner();
  const format = useReportFormat();
  const query = { id: id ?? 0, prop: owner.prop, period: id === undefined ? null : period.period, ready: owner.ready };
  const history = useCollectionHistory(query);
  const chart = useCollectionHistoryChart(query);
  const rows = useMemo(() => (history.data ? historyRows(history.data) : []), [history.data]);

  // The report, its print and its file speak the reports language (rt); the screen around them the interface's (t).
  const rt = format.t;
  const sexo = (value: ColetaValores['sexo']) => (value === null ? '—' : rt(`${T}.sexo.${value}`));
  const collectorName = (row: Pick<HistoryRow, 'serie' | 'nome' | 'registrado'>) => (row.registrado && row.nome ? row.nome : (row.serie ?? ''));
  const collectorNames = history.data?.coletores.map((coletor) => collectorName({ ...coletor, nome: coletor.nome ?? '' })) ?? [];

  const download = () => {
    if (!history.data) return;
    const texts = { dayTotal: rt(`${T}.dayTotal`), period: `${history.data.di}/${history.data.df}`, total: rt(`${T}.pointTotal`), notRegistered: rt(`${T}.notRegistered`) };
    format.download(historyCsvName(history.data), format.csv(CSV_HEADER, historyCsvRows(rows, texts)));
  };

  const failure = history.error ?? chart.error;

  return (
    <PageFrame title={heading.title} description={history.data ? placeOf(history.data, t) : heading.description} crumbs={heading.crumbs} backTo={heading.backTo}>
      <ReportPeriodBar
        period={period}
        printTitle={rt(`screens.${route.screen}.title`)}
        printSubtitle={history.data ? placeOf(history.data, rt) : undefined}
        actions={
          <Button variant="default" leftSection={<IconDownload size={18} />} onClick={download} disabled={!history.data} data-testid="history-csv">
            {t('components.reports.download')}
          </Button>
        }
      />
      <ReportContent
        testIdPrefix="history"
        validId={id !== undefined}
        notFoundText={t('collectionPoints.form.notFound')}
        failure={failure}
        periodValid={period.period !== null}
        data={history.data}
      >
        {(loaded) => (
          <HistoryBody history={loaded} rows={rows} sexo={sexo} collectorName={collectorName} number={format.number}>
            <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
              <Title order={2} fz="lg" mb="sm">
                {rt(`${T}.chartTitle`)}
              </Title>
              {chart.data ? (
                <Suspense fallback={<Loader />}>
                  <HistoryChart chart={chart.data} collectorNames={collectorNames} />
                </Suspense>
              ) : (
                <Loader />
              )}
            </Card>
          </HistoryBody>
        )}
      </ReportContent>
    </PageFrame>
  );
}

function placeOf(history: HistoricoPontoColeta, t: (key: string) => string): string {
  const place = [history.nucleo_nome, history.aviario_nome].filter(Boolean).join(' / ');
  return place ? `${history.nome} · ${place}` : `${history.nome} · ${t('collectionPoints.list.noFarm')}`;
}

interface BodyProps {
  history: HistoricoPontoColeta;
  rows: HistoryRow[];
  sexo: (value: ColetaValores['sexo']) => string;
  collectorName: (row: Pick<HistoryRow, 'serie' | 'nome' | 'registrado'>) => string;
  number: (value: number | null, decimals: number) => string;
  children: ReactNode;
}

/** Totals, the chart (children) and the table of a loaded history: in the reports language and the user's number format. */
function HistoryBody({ history, rows, sexo, collectorName, number, children }: BodyProps) {
  const { t, locale } = useReportFormat();
  const unregistered = history.coletores.filter((coletor) => !coletor.registrado).map((coletor) => coletor.serie);
  const totals = [
    ['coletas', number(history.total.coletas, 0)],
    ['aves', number(history.total.aves, 0)],
    ['machos', number(history.total.machos, 0)],
    ['femeas', number(history.total.femeas, 0)],
    ['pesoMedio', history.total.pesoMedio === null ? '—' : `${number(history.total.pesoMedio, 1)} g`],
    ['peso_total_kg', history.total.peso_total_kg === null ? '—' : `${number(history.total.peso_total_kg, 1)} kg`],
    ['sexo', sexo(history.total.sexo)],
  ] as const;
  const columns = historyColumns(t, { sexo, collectorName, number });

  return (
    <Stack gap="lg" lang={locale}>
      {unregistered.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="history-unregistered">
          {t(`${T}.unregisteredWarning`, { serials: unregistered.join(', ') })}
        </Alert>
      )}
      {history.total.coletas === null && (
        <Alert color="gray" data-testid="history-empty">
          {t('components.reports.empty')}
        </Alert>
      )}
      <ReportSummary cols={{ base: 2, sm: 4, lg: 7 }} testId="history-totals" cards={totals.map(([field, text]) => ({ key: field, label: t(`${T}.columns.${field}`), value: text }))} />
      {children}
      <Card withBorder padding="md">
        <Title order={2} fz="lg" mb="sm">
          {t(`${T}.tableTitle`)}
        </Title>
        <ReportTable
          testId="history-table"
          highlightOnHover
          minWidth={760}
          columns={columns}
          rows={rows}
          rowKey={(_row, index) => index}
          rowTone={(row) => (row.kind === 'coletor' ? undefined : 'total')}
          rowAttributes={(row) => ({ 'data-testid': 'history-row', 'data-kind': row.kind, 'data-date': row.data ?? '', 'data-serie': row.serie ?? '' })}
        />
      </Card>
    </Stack>
  );
}

/** The table's columns: the day, the collector (or which total the row is), then the values (data-col = wire name). */
function historyColumns(t: TFunction, { sexo, collectorName, number }: Pick<BodyProps, 'sexo' | 'collectorName' | 'number'>): ReportColumn<HistoryRow>[] {
  const label = (row: HistoryRow) =>
    row.kind === 'dia' ? t(`${T}.dayTotal`) : row.kind === 'total' ? t(`${T}.pointTotal`) : collectorName(row);
  return [
    { key: 'data', header: t(`${T}.columns.data`), align: 'nowrap', dataCol: false, cell: (row) => (row.data ? isoToMasked(row.data) : t(`${T}.period`)) },
    {
      key: 'coletor',
      header: t(`${T}.columns.coletor`),
      align: 'nowrap',
      dataCol: false,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={row.kind === 'coletor' ? 400 : 600}>
            {label(row)}
          </Text>
          {row.serie && row.registrado && row.nome ? (
            <Text size="xs" c="dimmed">
              {row.serie}
            </Text>
          ) : null}
          {!row.registrado && (
            <Badge size="xs" color="yellow" variant="light">
              {t(`${T}.notRegistered`)}
            </Badge>
          )}
        </Stack>
      ),
    },
    ...VALUE_COLUMNS.map(
      (column): ReportColumn<HistoryRow> => ({
        key: column,
        header: t(`${T}.columns.${column}`),
        align: column === 'sexo' ? 'nowrap' : 'number',
        cell: (row) => (column === 'sexo' ? sexo(row.valores.sexo) : number(row.valores[column], DECIMALS[column])),
      }),
    ),
  ];
}
