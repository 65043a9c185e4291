import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import type { DosagemRelatorio, FumigacaoLista } from '@portal/shared';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { ZoneNote } from '../../components/clock/ZoneNote';
import { PageFrame } from '../../components/PageFrame';
import { positiveId, ReportContent, ReportPeriodBar, ReportSummary, ReportTable, reportPrintClasses, useReportFormat, useReportPeriod, type ReportColumn, type ReportFormat } from '../../components/reports';
import { isoToMasked } from '../records/dates';
import { useOwner } from '../records/owner';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { DosagemForm } from './DosagemForm';
import { eventsCsv } from './dosingCsv';
import { fumigatorDosingPath, useDoserChart, useDosingEvents, useDosingReport } from './dosingApi';

const DailyChart = lazy(() => import('./DosingCharts').then((module) => ({ default: module.DailyChart })));
const DoserChart = lazy(() => import('./DosingCharts').then((module) => ({ default: module.DoserChart })));

const T = 'fumigators.history';
const DAY_COLUMNS = ['eventos', 'volume_ml', 'minutos', 'previstas', 'feitas'] as const;
const DAY_DECIMALS = { eventos: 0, volume_ml: 1, minutos: 1, previstas: 0, feitas: 0 } as const;
/** Applications shown before 'show all': a doser applying every 15 minutes makes ~100 a day. */
const EVENTS_SHOWN = 50;
/** Narrower than this the tables scroll sideways in their cards. */
const TABLE_MIN_WIDTH = 640;

/**
 * fumigadores/historico/:id: a fumigator's dosing over the period in the url (?di&df, default the
 * last 30 days): totals, the daily chart and table, the doser's readings, and the applications
 * (each opens its detail). CSV of the days and of the applications in the user's separator;
 * empty days '—'. Test ids: dosing-totals (total-<field>), dosing-days (dosing-day rows,
 * data-date), dosing-events (dosing-event rows, data-id), dosing-csv-days, dosing-csv-events,
 * dosing-add.
 */
export default function DosingHistoryPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const id = positiveId(useParams().id ?? null);
  const period = useReportPeriod(30);
  const owner = useOwner();
  const format = useReportFormat();
  const [adding, setAdding] = useState(false);
  const query = { id: id ?? 0, prop: owner.prop, period: id === undefined ? null : period.period, ready: owner.ready };
  const report = useDosingReport(query);
  const events = useDosingEvents(query);
  const chart = useDoserChart(query);

  const failure = report.error ?? events.error;
  // The report, its print and its files speak the reports language (rt); the screen around them the interface's (t).
  const rt = format.t;
  const column = (key: string) => rt(`${T}.columns.${key}`);

  const downloadDays = () => {
    if (!report.data) return;
    const rows = report.data.dias.map((day) => [isoToMasked(day.data), ...DAY_COLUMNS.map((field) => day[field])]);
    format.download(`dosagem_${report.data.fumigador.id}_${report.data.di}_${report.data.df}.csv`, format.csv([column('data'), ...DAY_COLUMNS.map(column)], rows));
  };
  const downloadEvents = () => {
    if (!events.data) return;
    const { header, rows } = eventsCsv(events.data.eventos, {
      column,
      dateTime: format.clock.dateTime,
      running: rt(`${T}.running`),
      origem: (origem) => rt(`${T}.origem.${origem}`),
    });
    format.download(`aplicacoes_${events.data.fumigador_id}_${events.data.di}_${events.data.df}.csv`, format.csv(header, rows));
  };

  const fumigador = report.data?.fumigador;
  const description = fumigador ? [fumigador.nome, [fumigador.nucleo_nome, fumigador.aviario_nome].filter(Boolean).join(' / '), fumigador.device_nome].filter(Boolean).join(' · ') : heading.description;
  return (
    <PageFrame title={heading.title} description={description} crumbs={heading.crumbs} backTo={heading.backTo}>
      <ZoneNote />
      <ReportPeriodBar
        period={period}
        printTitle={rt(`screens.${route.screen}.title`)}
        printSubtitle={fumigador ? description : undefined}
        actions={
          <>
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={downloadDays} disabled={!report.data} data-testid="dosing-csv-days">
              {t(`${T}.csvDays`)}
            </Button>
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={downloadEvents} disabled={!events.data} data-testid="dosing-csv-events">
              {t(`${T}.csvEvents`)}
            </Button>
            {owner.canWrite && fumigador && (
              <Button className={reportPrintClasses.noPrint} leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)} data-testid="dosing-add">
                {t(`${T}.addManual`)}
              </Button>
            )}
          </>
        }
      />
      <ReportContent
        testIdPrefix="dosing"
        validId={id !== undefined}
        notFoundText={t('fumigators.form.notFound')}
        failure={failure}
        periodValid={period.period !== null}
        data={report.data && events.data ? { report: report.data, events: events.data } : undefined}
      >
        {(loaded) => (
          <HistoryBody report={loaded.report} events={loaded.events}>
            {loaded.report.fumigador.device_id !== null && (
              <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
                <Title order={2} fz="lg" mb="sm" lang={format.locale}>
                  {rt(`${T}.doserTitle`)}
                </Title>
                {chart.error ? <Alert color="red">{errorText(chart.error, t)}</Alert> : chart.data ? <Suspense fallback={<Loader />}><DoserChart chart={chart.data} /></Suspense> : <Loader />}
              </Card>
            )}
          </HistoryBody>
        )}
      </ReportContent>
      {fumigador && (
        <Modal opened={adding} onClose={() => setAdding(false)} title={t('fumigators.dosing.manualTitle')} size="lg">
          <Text size="sm" c="dimmed" mb="sm">
            {t('fumigators.dosing.manualHint')}
          </Text>
          <DosagemForm fumigadorId={fumigador.id} prop={owner.prop} produto={fumigador.produto} canWrite={owner.canWrite} onSaved={() => setAdding(false)} />
        </Modal>
      )}
    </PageFrame>
  );
}

/**
 * Totals, the daily chart and table, the doser chart (children) and the applications of a loaded
 * report: in the reports language, the user's number format and the account's clock.
 */
function HistoryBody({ report, events, children }: { report: DosagemRelatorio; events: FumigacaoLista; children: ReactNode }) {
  // 'Show all' is a control of the screen (interface language); the rest is the report's.
  const { t: interfaceT } = useTranslation();
  const format = useReportFormat();
  const { t } = format;
  const [showAll, setShowAll] = useState(false);
  const { total } = report;
  const listed = showAll ? events.eventos : events.eventos.slice(0, EVENTS_SHOWN);
  const totals: Array<[string, string]> = [
    ['eventos', format.number(total.eventos, 0)],
    ['volume_ml', total.volume_ml === null ? '—' : `${format.number(total.volume_ml, 1)} ml`],
    ['minutos', total.minutos === null ? '—' : `${format.number(total.minutos, 1)} min`],
    ['feitas', total.feitas === null ? '—' : t(`${T}.feitasOf`, { done: format.number(total.feitas, 0), scheduled: format.number(total.previstas, 0) })],
    ['dias', format.number(total.dias_com_dados, 0)],
  ];
  return (
    <Stack gap="lg" lang={format.locale}>
      {report.fumigador.device_id === null && (
        <Alert color="gray" data-testid="dosing-no-doser">
          {t(`${T}.noDoser`)}
        </Alert>
      )}
      {total.eventos === null && (
        <Alert color="gray" data-testid="dosing-empty">
          {t('components.reports.empty')}
        </Alert>
      )}
      <ReportSummary cols={{ base: 2, sm: 3, lg: 5 }} testId="dosing-totals" cards={totals.map(([field, text]) => ({ key: field, label: t(`${T}.totals.${field}`), value: text }))} />
      <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
        <Title order={2} fz="lg" mb="sm">
          {t(`${T}.dailyTitle`)}
        </Title>
        <Suspense fallback={<Loader />}>
          <DailyChart dias={report.dias} name={report.fumigador.nome} />
        </Suspense>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} fz="lg" mb="sm">
          {t(`${T}.daysTitle`)}
        </Title>
        <ReportTable
          testId="dosing-days"
          minWidth={TABLE_MIN_WIDTH}
          columns={dayColumnsOf(t, format.number)}
          rows={[...report.dias].reverse()}
          rowKey={(day) => day.data}
          rowAttributes={(day) => ({ 'data-testid': 'dosing-day', 'data-date': day.data })}
        />
      </Card>
      {children}
      <Card withBorder padding="md">
        <Title order={2} fz="lg" mb="sm">
          {t(`${T}.eventsTitle`)}
        </Title>
        {events.truncado && (
          <Alert color="yellow" mb="sm" data-testid="dosing-truncated">
            {t(`${T}.truncated`, { count: events.eventos.length })}
          </Alert>
        )}
        {events.eventos.length === 0 ? (
          <Text c="dimmed" data-testid="dosing-no-events">
            {t(`${T}.noEvents`)}
          </Text>
        ) : (
          <>
            <ReportTable
              testId="dosing-events"
              highlightOnHover
              minWidth={TABLE_MIN_WIDTH}
              columns={eventColumnsOf(format, report.fumigador.id)}
              rows={listed}
              rowKey={(event) => event.id}
              rowAttributes={(event) => ({ 'data-testid': 'dosing-event', 'data-id': event.id, 'data-origem': event.origem })}
            />
            {listed.length < events.eventos.length && (
              <Group justify="center" mt="sm" className={reportPrintClasses.noPrint}>
                <Button variant="light" onClick={() => setShowAll(true)} data-testid="dosing-show-all">
                  {interfaceT(`${T}.showAll`, { count: events.eventos.length })}
                </Button>
              </Group>
            )}
          </>
        )}
      </Card>
    </Stack>
  );
}

/** The days, newest first: the date, then each figure ('—' for a day without data). */
function dayColumnsOf(t: TFunction, number: ReportFormat['number']): ReportColumn<DosagemRelatorio['dias'][number]>[] {
  return [
    { key: 'data', header: t(`${T}.columns.data`), align: 'nowrap', dataCol: false, cell: (day) => isoToMasked(day.data) },
    ...DAY_COLUMNS.map((field): ReportColumn<DosagemRelatorio['dias'][number]> => ({ key: field, header: t(`${T}.columns.${field}`), align: 'number', cell: (day) => number(day[field], DAY_DECIMALS[field]) })),
  ];
}

/** The applications: each opens its detail from its start time; a running one says so instead of an end. */
function eventColumnsOf({ t, clock: time, number }: ReportFormat, fumigadorId: number): ReportColumn<FumigacaoLista['eventos'][number]>[] {
  const header = (key: string) => t(`${T}.columns.${key}`);
  return [
    {
      key: 'inicio',
      header: header('inicio'),
      align: 'nowrap',
      dataCol: false,
      cell: (event) => (
        <Anchor component={Link} to={fumigatorDosingPath(fumigadorId, event.id)} aria-label={t(`${T}.open`, { time: time.dateTime(event.inicio) })}>
          {time.dateTime(event.inicio)}
        </Anchor>
      ),
    },
    {
      key: 'fim',
      header: header('fim'),
      align: 'nowrap',
      dataCol: false,
      cell: (event) =>
        event.fim === null ? (
          <Badge color="green" variant="light">
            {t(`${T}.running`)}
          </Badge>
        ) : (
          time.time(event.fim)
        ),
    },
    { key: 'duracao', header: header('duracao'), align: 'number', dataCol: false, cell: (event) => number(event.duracao_min, 1) },
    { key: 'volume', header: header('volume'), align: 'number', dataCol: false, cell: (event) => number(event.volume_ml, 1) },
    { key: 'vazao', header: header('vazao'), align: 'number', dataCol: false, cell: (event) => number(event.vazao_media_ml_min, 1) },
    { key: 'operador', header: header('operador'), cell: (event) => event.operador || '—' },
    {
      key: 'origem',
      header: header('origem'),
      dataCol: false,
      cell: (event) => (
        <Badge variant="light" color={event.origem === 'manual' ? 'grape' : 'blue'}>
          {t(`${T}.origem.${event.origem}`)}
        </Badge>
      ),
    },
    { key: 'fotos', header: header('fotos'), align: 'number', cell: (event) => number(event.fotos, 0) },
  ];
}
