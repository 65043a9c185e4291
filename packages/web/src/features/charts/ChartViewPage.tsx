import { Alert, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconDownload, IconPencil, IconPin, IconPinnedOff } from '@tabler/icons-react';
import type { Grafico } from '@portal/shared';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import { ReportPeriodBar, reportPrintClasses, useReportFormat, useReportPeriod } from '../../components/reports';
import { ListError } from '../records/ListTable';
import { useOwner } from '../records/owner';
import { RecordLoader } from '../records/RecordFormPage';
import type { ScreenProps, ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { CHARTS_PATH, chartEditPath, graficoApi } from './api';
import { chartCsv } from './chartCsv';
import { ChartDataTable, seriesHeader } from './ChartDataTable';
import { useGraphData, usePinChart } from './useGraphData';

const ChartCanvas = lazy(() => import('./ChartCanvas'));
const CHART_HEIGHT = 360;

/**
 * graficos/:id — the chart drawn with its data: the period bar (?di&df in the url, the chart's
 * own period by default), the chart, its values per day, CSV, print, and pin to the dashboard.
 * Test ids: chart-view, chart-pin (aria-pressed), chart-edit, chart-csv, chart-empty, and those of
 * ReportPeriodBar, ChartCanvas and ChartDataTable.
 */
function ChartView({ route, chart }: { route: ScreenRoute; chart: Grafico }) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const { canWrite } = useOwner();
  const format = useReportFormat();
  const fixed = chart.periodo === 'personalizado' && chart.data_inicio !== null && chart.data_fim !== null;
  // A chart of fixed dates opens on them; a rolling one on its last 7, 30 or 365 days.
  const period = useReportPeriod(fixed ? 30 : Number(chart.periodo), fixed ? { di: chart.data_inicio!, df: chart.data_fim! } : undefined);
  const [params] = useSearchParams();
  const datesInUrl = params.has('di') || params.has('df');

  // The period shown goes in the url at once, so the link shared is the chart seen.
  useEffect(() => {
    if (!datesInUrl) period.setPeriod({ di: period.di, df: period.df });
  }, [datesInUrl, period.di, period.df, period.setPeriod]);

  const data = useGraphData(chart, period.period, period.period !== null);
  const pin = usePinChart();

  const downloadCsv = () => {
    if (!data.data) return;
    // The file speaks the reports language, as the chart and table under the controls do.
    const { header, rows } = chartCsv(data.data, { day: format.t('charts.view.day'), series: (linha) => seriesHeader(format.t, linha) });
    format.download(`grafico-${chart.id}_${data.data.di}_${data.data.df}.csv`, format.csv(header, rows));
  };

  const empty = data.data?.chartData.linhas.every((linha) => linha.dataset.every((point) => point.data_value === null)) ?? false;

  return (
    <PageFrame
      {...heading}
      title={chart.titulo}
      actions={
        canWrite && (
          <Group gap="xs" className={reportPrintClasses.noPrint}>
            <Button
              variant={chart.painel ? 'filled' : 'light'}
              leftSection={chart.painel ? <IconPinnedOff size={18} /> : <IconPin size={18} />}
              loading={pin.isPending}
              aria-pressed={chart.painel}
              onClick={() => pin.mutate({ id: chart.id, painel: !chart.painel })}
              data-testid="chart-pin"
            >
              {t(chart.painel ? 'charts.view.unpin' : 'charts.view.pin')}
            </Button>
            <Button component={Link} to={chartEditPath(chart)} variant="default" leftSection={<IconPencil size={18} />} data-testid="chart-edit">
              {t('charts.view.edit')}
            </Button>
          </Group>
        )
      }
    >
      <div data-testid="chart-view">
        <ReportPeriodBar
          period={period}
          printTitle={chart.titulo}
          actions={
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={downloadCsv} disabled={!data.data} data-testid="chart-csv">
              {t('components.reports.download')}
            </Button>
          }
        />
      </div>
      {pin.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="chart-pin-error">
          {errorText(pin.error, t)}
        </Alert>
      )}
      {data.isError ? (
        <ListError error={data.error} onRetry={() => void data.refetch()} retrying={data.isFetching} />
      ) : !data.data ? (
        <Skeleton h={CHART_HEIGHT} radius="md" />
      ) : (
        <>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className={reportPrintClasses.keepTogether}>
            {empty && (
              <Text c="dimmed" mb="xs" data-testid="chart-empty" lang={format.locale}>
                {format.t('charts.view.empty')}
              </Text>
            )}
            <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="md" />}>
              <ChartCanvas data={data.data} tipo={chart.tipo} height={CHART_HEIGHT} printable />
            </Suspense>
          </Paper>
          <ChartDataTable data={data.data} />
        </>
      )}
    </PageFrame>
  );
}

/** graficos/:id */
export default function ChartViewPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <RecordLoader route={route} api={graficoApi} listPath={CHARTS_PATH} notFound={t('charts.view.notFound')}>
      {(chart) => <ChartView route={route} chart={chart} />}
    </RecordLoader>
  );
}
