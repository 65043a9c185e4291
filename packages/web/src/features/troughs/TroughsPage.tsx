import { Alert, Badge, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import type { CalhaDia, CalhaGraphResponse, CalhaMonitor } from '@portal/shared';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import { EMPTY_VALUE, positiveId, ReportPeriodBar, ReportSummary, ReportTable, reportPrintClasses, reportTableClasses, useReportFormat, useReportPeriod, type ReportColumn } from '../../components/reports';
import { isoToMasked } from '../records/dates';
import { useOwner } from '../records/owner';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useTroughGraph, useTroughMonitors } from './api';
import { csvName, dayCsvRows, intervalCsvRows, intervalRows, localDateTime, periodTotals, type IntervalKind, type IntervalRow } from './troughReport';
import classes from './TroughsPage.module.css';

const TroughChart = lazy(() => import('./TroughChart'));

/** Badge colours of the intervals table, matching the chart's shaded areas. */
const KIND_COLORS: Record<IntervalKind, string> = { lacuna: 'gray', travada: 'red', sem_racao: 'orange' };
/** Interval rows listed before 'show all' (a year can hold thousands; the CSV has them all). */
const INTERVALS_FIRST = 100;
const DAY_COLUMNS = ['minutos_ligada', 'voltas', 'minutos_lacuna', 'paradas', 'presenca_pct'] as const;
const DAY_DECIMALS: Record<(typeof DAY_COLUMNS)[number], number> = { minutos_ligada: 0, voltas: 0, minutos_lacuna: 1, paradas: 0, presenca_pct: 1 };
/** Narrower than this the tables scroll sideways in their cards. */
const TABLE_MIN_WIDTH = 520;

const monitorLabel = (monitor: CalhaMonitor) => {
  const place = [monitor.nucleo_nome, monitor.aviario_nome].filter(Boolean).join(' / ');
  return [monitor.nome || monitor.serie, `${monitor.modelo} ${monitor.serie}`, place].filter(Boolean).join(' · ');
};

/**
 * calhas: one trough of a trough monitor (MCALHA, SAC) over the period in the url (?id&calha&di&df,
 * default yesterday and today): rpm and feed presence over time with gaps and stoppages shaded,
 * the table of gaps and stoppages, and the summary per day (CSV of both in the user's separator).
 * Test ids: trough-device, trough-number, trough-totals (total-<field>), trough-chart,
 * trough-intervals with interval-row rows (data-kind), trough-days with day-row rows (data-date,
 * cells data-col), trough-csv-days, trough-csv-intervals, trough-none, trough-error.
 */
export default function TroughsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const [params, setParams] = useSearchParams();
  const period = useReportPeriod(1);
  const owner = useOwner();
  const format = useReportFormat();
  const monitors = useTroughMonitors(owner);
  const list = monitors.data ?? [];

  // The url's monitor and trough, else the first monitor with readings and its first trough.
  const asked = positiveId(params.get('id'));
  const monitor = list.find((item) => item.id === asked) ?? (asked === undefined ? (list.find((item) => item.calhas.length > 0) ?? list[0]) : undefined);
  const askedTrough = positiveId(params.get('calha'));
  const idcalha = askedTrough ?? monitor?.calhas[0];
  const graph = useTroughGraph({ id: monitor?.id, idcalha, prop: owner.prop, period: period.period, ready: owner.ready });

  const choose = (id: number | undefined, calha: number | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of [['id', id], ['calha', calha]] as const) {
          if (value === undefined) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );

  const troughs = monitor ? [...new Set([...monitor.calhas, ...(idcalha === undefined ? [] : [idcalha])])].sort((a, b) => a - b) : [];

  // The report, its print and its files speak the reports language (rt); the screen around them the interface's (t).
  const rt = format.t;
  const reportKindText = (kind: IntervalKind) => rt(`troughs.kind.${kind}`);
  const downloadDays = (data: CalhaGraphResponse) =>
    format.download(csvName(data, 'dias'), format.csv([rt('troughs.days.data'), ...DAY_COLUMNS.map((column) => rt(`troughs.days.${column}`))], dayCsvRows(data.dias)));
  const downloadIntervals = (data: CalhaGraphResponse) =>
    format.download(
      csvName(data, 'intervalos'),
      format.csv([rt('troughs.intervals.kind'), rt('troughs.intervals.inicio'), rt('troughs.intervals.fim'), rt('troughs.intervals.minutos')], intervalCsvRows(intervalRows(data), data.timezone, reportKindText)),
    );

  let body;
  if (monitors.isError) body = <Failure error={monitors.error} />;
  else if (!monitors.data) body = <Waiting />;
  else if (list.length === 0)
    body = (
      <Alert color="gray" data-testid="trough-none">
        {t('troughs.noMonitors')}
      </Alert>
    );
  else if (!monitor)
    body = (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="trough-not-found">
        {t('troughs.notFound')}
      </Alert>
    );
  else if (idcalha === undefined)
    body = (
      <Alert color="gray" data-testid="trough-no-readings">
        {t('troughs.noReadings')}
      </Alert>
    );
  else if (graph.isError) body = <Failure error={graph.error} />;
  else if (period.period === null) body = null;
  else if (!graph.data) body = <Waiting />;
  else body = <TroughReport graph={graph.data} kindText={reportKindText} number={format.number} />;

  return (
    <PageFrame title={heading.title} description={heading.description} crumbs={heading.crumbs} backTo={heading.backTo}>
      <Group gap="sm" align="flex-end" wrap="wrap" className={`${classes.pickers} ${reportPrintClasses.noPrint}`}>
        <Select
          className={classes.monitor}
          label={t('troughs.monitor')}
          placeholder={t('troughs.monitorPlaceholder')}
          data={list.map((item) => ({ value: String(item.id), label: monitorLabel(item) }))}
          value={monitor ? String(monitor.id) : null}
          onChange={(value) => choose(positiveId(value), undefined)}
          allowDeselect={false}
          searchable
          disabled={list.length === 0}
          data-testid="trough-device"
        />
        <Select
          className={classes.trough}
          label={t('troughs.trough')}
          data={troughs.map((number) => ({ value: String(number), label: t('troughs.troughNumber', { number }) }))}
          value={idcalha === undefined ? null : String(idcalha)}
          onChange={(value) => choose(monitor?.id, positiveId(value))}
          allowDeselect={false}
          disabled={troughs.length === 0}
          data-testid="trough-number"
        />
      </Group>
      <ReportPeriodBar
        period={period}
        quickRanges={[7, 30, 365]}
        printTitle={rt(`screens.${route.screen}.title`)}
        actions={
          <>
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={() => graph.data && downloadDays(graph.data)} disabled={!graph.data} data-testid="trough-csv-days">
              {t('troughs.csvDays')}
            </Button>
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={() => graph.data && downloadIntervals(graph.data)} disabled={!graph.data} data-testid="trough-csv-intervals">
              {t('troughs.csvIntervals')}
            </Button>
          </>
        }
      />
      {body}
    </PageFrame>
  );
}

function Waiting() {
  return (
    <Group justify="center" py="xl">
      <Loader />
    </Group>
  );
}

function Failure({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="trough-error">
      {errorText(error, t)}
    </Alert>
  );
}

interface ReportProps {
  graph: CalhaGraphResponse;
  kindText: (kind: IntervalKind) => string;
  number: (value: number | null, decimals: number) => string;
}

/** Totals, chart, intervals and days of a loaded trough: in the reports language and the user's number format. */
function TroughReport({ graph, kindText, number }: ReportProps) {
  // 'Show all' is a control of the screen (interface language); the rest is the report's.
  const { t: interfaceT } = useTranslation();
  const { t, locale } = useReportFormat();
  const intervals = useMemo(() => intervalRows(graph), [graph]);
  const [allIntervals, setAllIntervals] = useState(false);
  const listed = allIntervals ? intervals : intervals.slice(0, INTERVALS_FIRST);
  const totals = periodTotals(graph.dias);
  const cards = [
    ['minutos_ligada', number(totals.minutos_ligada, 0)],
    ['voltas', number(totals.voltas, 0)],
    ['minutos_lacuna', number(totals.minutos_lacuna, 1)],
    ['paradas', number(totals.paradas, 0)],
    ['presenca_pct', totals.presenca_pct === null ? EMPTY_VALUE : `${number(totals.presenca_pct, 1)} %`],
  ] as const;
  const intervalColumns = intervalColumnsOf(t, number, kindText, graph.timezone);
  const dayColumns = dayColumnsOf(t, number);

  return (
    <Stack gap="lg" lang={locale}>
      <Text size="sm" fw={600} className={reportPrintClasses.printOnly}>
        {t('troughs.printHeading', { serie: graph.serie, nome: graph.nome || graph.serie, number: graph.idcalha })}
      </Text>
      {totals.minutos_ligada === null && (
        <Alert color="gray" data-testid="trough-empty">
          {t('components.reports.empty')}
        </Alert>
      )}
      <ReportSummary cols={{ base: 2, sm: 3, lg: 5 }} testId="trough-totals" cards={cards.map(([field, text]) => ({ key: field, label: t(`troughs.days.${field}`), value: text }))} />
      <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
        <Title order={2} fz="lg" mb={4}>
          {t('troughs.chart.title', { number: graph.idcalha })}
        </Title>
        {graph.passo_min > 1 && (
          <Text size="xs" c="dimmed" mb="xs" data-testid="trough-step">
            {t('troughs.chart.step', { count: graph.passo_min })}
          </Text>
        )}
        <Suspense fallback={<Loader />}>
          <TroughChart graph={graph} />
        </Suspense>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="lg" mb="sm">
          {t('troughs.intervals.title')}
        </Title>
        {intervals.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="trough-no-intervals">
            {t('troughs.intervals.none')}
          </Text>
        ) : (
          <ReportTable
            testId="trough-intervals"
            minWidth={TABLE_MIN_WIDTH}
            columns={intervalColumns}
            rows={listed}
            rowKey={(row) => `${row.kind}${row.inicio}`}
            rowAttributes={(row) => ({ 'data-testid': 'interval-row', 'data-kind': row.kind, 'data-inicio': row.inicio })}
          />
        )}
        {listed.length < intervals.length && (
          <Button variant="subtle" mt="xs" onClick={() => setAllIntervals(true)} className={reportPrintClasses.noPrint} data-testid="trough-intervals-all">
            {interfaceT('troughs.intervals.showAll', { count: intervals.length })}
          </Button>
        )}
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="lg" mb="sm">
          {t('troughs.days.title')}
        </Title>
        <ReportTable
          testId="trough-days"
          minWidth={TABLE_MIN_WIDTH}
          columns={dayColumns}
          rows={graph.dias}
          rowKey={(dia) => dia.data}
          rowAttributes={(dia) => ({ 'data-testid': 'day-row', 'data-date': dia.data })}
        />
      </Card>
    </Stack>
  );
}

type NumberText = ReportProps['number'];

/** The columns of the gaps and stoppages (only the minutes carry data-col). */
function intervalColumnsOf(t: TFunction, number: NumberText, kindText: ReportProps['kindText'], timezone: number): ReportColumn<IntervalRow>[] {
  return [
    {
      key: 'kind',
      header: t('troughs.intervals.kind'),
      dataCol: false,
      cell: (row) => (
        <Badge color={KIND_COLORS[row.kind]} variant="light" tt="none" className={reportTableClasses.badge}>
          {kindText(row.kind)}
        </Badge>
      ),
    },
    { key: 'inicio', header: t('troughs.intervals.inicio'), align: 'nowrap', dataCol: false, cell: (row) => localDateTime(row.inicio, timezone) },
    { key: 'fim', header: t('troughs.intervals.fim'), align: 'nowrap', dataCol: false, cell: (row) => localDateTime(row.fim, timezone) },
    { key: 'minutos', header: t('troughs.intervals.minutos'), align: 'number', cell: (row) => number(row.minutos, 1) },
  ];
}

/** The columns of the days: the date, then each figure ('—' for a day without data). */
function dayColumnsOf(t: TFunction, number: NumberText): ReportColumn<CalhaDia>[] {
  return [
    { key: 'data', header: t('troughs.days.data'), align: 'nowrap', dataCol: false, cell: (dia) => isoToMasked(dia.data) },
    ...DAY_COLUMNS.map((column): ReportColumn<CalhaDia> => ({ key: column, header: t(`troughs.days.${column}`), align: 'number', cell: (dia) => number(dia[column], DAY_DECIMALS[column]) })),
  ];
}
