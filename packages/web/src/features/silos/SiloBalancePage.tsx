import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconScale } from '@tabler/icons-react';
import type { SiloLeiturasResponse } from '@portal/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import { positiveId, ReportPeriodBar, ReportSummary, ReportTable, reportPrintClasses, useReportFormat, useReportPeriod, type ReportColumn } from '../../components/reports';
import { isoToMasked } from '../records/dates';
import { NoticePanel } from '../records/NoticePanel';
import { useOwner } from '../records/owner';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { siloPath, useSiloBalance } from './api';
import { DeliveryLog } from './DeliveryLog';
import { SiloRunOutPanel } from './SiloRunOut';
import { BALANCE_COLUMNS, balanceCsv, balanceCsvName, balanceTotals, localStampOf, type BalanceColumn } from './siloBalanceTable';

const SiloBalanceChart = lazy(() => import('./SiloBalanceChart'));

/**
 * silos/:id/saldo: a silo's balance over the period in the url (?di&df): the scale's level now,
 * its cautious "empty by" (getsilofim), the chart of its readings with the deliveries marked, the deliveries (pending ones confirmed or
 * dismissed here), the day table ('—' for days without data) and its CSV. A silo without a scale
 * shows the days its movements give. Test ids: balance-runout (data-horas, data-base; balance-runout-left), balance-summary (balance-scale-kg, balance-read-at),
 * balance-chart, balance-deliveries (DeliveryLog.tsx), balance-table (balance-row data-date, cells data-col), balance-csv.
 */
export default function SiloBalancePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const siloId = positiveId(useParams().id ?? null);
  const owner = useOwner();
  const format = useReportFormat();
  const period = useReportPeriod(30);
  const report = useSiloBalance(siloId ?? 0, siloId === undefined ? null : period.period);
  const number = (value: number | null) => format.number(value, 1);
  // Once the page is titled with the silo's name, the trail reads 'Silos / Silo 1' (not 'Silos /
  // Silo / Silo 1'); the back arrow still leads to the silo.
  const crumbs = report.data && siloId !== undefined ? heading.crumbs.filter((crumb) => crumb.to !== siloPath({ id: siloId })) : heading.crumbs;

  // The report, its print and its file speak the reports language (format.t); the screen around them the interface's (t).
  const download = () => {
    if (!report.data) return;
    const columns = Object.fromEntries(BALANCE_COLUMNS.map((column) => [column, format.t(`silos.balance.columns.${column}`)]));
    const { header, rows } = balanceCsv(report.data, columns as Record<(typeof BALANCE_COLUMNS)[number], string>);
    format.download(balanceCsvName(report.data), format.csv(header, rows));
  };

  let content: ReactNode;
  if (siloId === undefined || (report.isError && report.error && 'status' in report.error && report.error.status === 404)) {
    content = <NoticePanel icon={IconAlertCircle} text={t('silos.form.notFound')} testId="balance-not-found" />;
  } else if (period.period === null) {
    content = null;
  } else if (report.isPending) {
    content = <Loader />;
  } else if (report.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="balance-error">
        {errorText(report.error, t)}
      </Alert>
    );
  } else {
    content = <BalanceReport report={report.data} canWrite={owner.canWrite} number={number} />;
  }

  return (
    <PageFrame title={report.data?.silo.nome ?? heading.title} description={heading.description} crumbs={crumbs} backTo={heading.backTo}>
      <ReportPeriodBar
        period={period}
        printTitle={report.data ? `${format.t(`screens.${route.screen}.title`)} · ${report.data.silo.nome}` : undefined}
        actions={
          <Button variant="default" leftSection={<IconDownload size={18} />} onClick={download} disabled={!report.data} data-testid="balance-csv">
            {t('silos.balance.csv')}
          </Button>
        }
      />
      {content}
    </PageFrame>
  );
}

/** The report itself: in the reports language and the user's number format. */
function BalanceReport({ report, canWrite, number }: { report: SiloLeiturasResponse; canWrite: boolean; number: (value: number | null) => string }) {
  const { t, locale } = useReportFormat();
  const totals = balanceTotals(report);
  const stamp = localStampOf(report.timezone);
  const kg = (value: number | null) => (value === null ? number(null) : t('silos.kg', { value: number(value) }));
  const cards: [string, string, string?][] = [
    ['saldo', kg(report.saldo_kg), report.leitura_em === null ? undefined : t('silos.balance.readAt', { when: stamp(report.leitura_em) })],
    ['entregas', kg(totals.entregas_kg)],
    ['consumo', kg(totals.consumo_kg)],
    ['semDados', String(totals.dias_sem_dados)],
  ];
  return (
    <Stack gap="lg" lang={locale}>
      {report.fonte === 'movimentos' && (
        <Alert color="blue" icon={<IconScale size={18} />} data-testid="balance-no-scale">
          {t('silos.balance.noScale')}{' '}
          <Link to={siloPath(report.silo)}>{t('silos.balance.toMovements')}</Link>
        </Alert>
      )}
      {report.fonte === 'balanca' && <SiloRunOutPanel siloId={report.silo.id} />}
      <ReportSummary
        cols={{ base: 2, md: 4 }}
        testId="balance-summary"
        cards={cards.map(([field, text, hint]) => ({
          key: field,
          label: t(`silos.balance.totals.${field}`, { source: t(`silos.balance.source.${report.fonte}`) }),
          value: text,
          testId: field === 'saldo' ? 'balance-scale-kg' : `balance-total-${field}`,
          hint: hint ? { text: hint, testId: 'balance-read-at' } : undefined,
        }))}
      />
      {report.fonte === 'balanca' && (
        <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
          <Title order={2} fz="lg" mb="sm">
            {t('silos.balance.chartTitle')}
          </Title>
          {report.leituras.length === 0 ? (
            <Text c="dimmed" data-testid="balance-no-readings">
              {t('silos.balance.noReadings')}
            </Text>
          ) : (
            <Suspense fallback={<Loader />}>
              <SiloBalanceChart report={report} />
            </Suspense>
          )}
        </Card>
      )}
      {report.fonte === 'balanca' && <DeliveryLog report={report} canWrite={canWrite} kg={kg} />}
      <DayTable report={report} number={number} />
    </Stack>
  );
}

function DayTable({ report, number }: { report: SiloLeiturasResponse; number: (value: number | null) => string }) {
  const { t } = useReportFormat();
  const header = (column: BalanceColumn) => t(`silos.balance.columns.${column}`);
  const columns: ReportColumn<SiloLeiturasResponse['dias'][number]>[] = [
    { key: 'data', header: header('data'), align: 'nowrap', cell: (dia) => isoToMasked(dia.data) },
    { key: 'inicio_kg', header: header('inicio_kg'), align: 'number', cell: (dia) => number(dia.inicio_kg) },
    // A day without data shows '—' for its deliveries too, unless some were made.
    { key: 'entregas_kg', header: header('entregas_kg'), align: 'number', cell: (dia) => (dia.entregas_kg === 0 && dia.consumo_kg === null ? number(null) : number(dia.entregas_kg)) },
    { key: 'consumo_kg', header: header('consumo_kg'), align: 'number', cell: (dia) => number(dia.consumo_kg) },
    { key: 'fim_kg', header: header('fim_kg'), align: 'number', cell: (dia) => number(dia.fim_kg) },
  ];
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="lg" mb="sm">
        {t('silos.balance.tableTitle')}
      </Title>
      <ReportTable
        testId="balance-table"
        striped
        withTableBorder
        minWidth={520}
        columns={columns}
        rows={report.dias}
        rowKey={(dia) => dia.data}
        rowAttributes={(dia) => ({ 'data-testid': 'balance-row', 'data-date': dia.data })}
        rowTone={(dia) => (dia.consumo_kg === null ? 'empty' : undefined)}
      />
    </Card>
  );
}
