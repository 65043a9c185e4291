import { Alert, Button, Card, Grid, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconDownload, IconFeather } from '@tabler/icons-react';
import { PERIOD_MAX_DAYS, type RacaoResponse } from '@portal/shared';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import { ReportContent, ReportPeriodBar, ReportSummary, reportPrintClasses, useReportFormat, useReportPeriod } from '../../components/reports';
import { loteApi, flockAddPath } from '../flocks/api';
import { flockTitle as flockTitleOf, useFlockTitle } from '../flocks/flockTitle';
import { isoToMasked } from '../records/dates';
import { NoticePanel } from '../records/NoticePanel';
import { useOwner } from '../records/owner';
import { OwnerPicker } from '../records/OwnerPicker';
import { useRecordList } from '../records/recordApi';
import { positiveId } from '../../components/reports/urlValues';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useRacao } from './api';
import { DayTable, HouseBreakdown, SiloBreakdown } from './RacaoTables';
import { flockLife, flocksForPicker, racaoCsv, racaoCsvName, FLOCK_COLUMNS } from './racaoTable';

const FeedCharts = lazy(() => import('./FeedCharts'));

/**
 * racao: a flock's feed consumption over the period in the url (?lote&di&df; without dates, the
 * flock's whole life): totals, charts, the day table (flock, per silo, per house; '—' for days
 * without data), the silos and houses, CSV in the user's separator. Formulas: docs/feed-reports.md.
 * Test ids: racao-flock, racao-totals (total-<field>), racao-chart-*, racao-table (racao-row,
 * data-date, cells data-col), racao-silos, racao-houses, racao-csv, racao-life.
 */
export default function FeedConsumptionPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const flockTitle = useFlockTitle();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const format = useReportFormat();
  const period = useReportPeriod(30);
  const [params, setParams] = useSearchParams();
  const lotes = useRecordList(loteApi);
  const flocks = useMemo(() => flocksForPicker(lotes.data ?? []), [lotes.data]);
  const asked = positiveId(params.get('lote'));
  const flock = flocks.find((lote) => lote.id === asked) ?? (asked === undefined ? flocks[0] : undefined);
  const datesInUrl = params.has('di') || params.has('df');
  const life = flock ? flockLife(flock, period.today, PERIOD_MAX_DAYS) : null;

  // Without dates in the url the report covers the flock's whole life.
  useEffect(() => {
    if (!datesInUrl && life) period.setPeriod(life);
  }, [datesInUrl, life?.di, life?.df]); // eslint-disable-line react-hooks/exhaustive-deps

  const report = useRacao({ id: flock?.id, prop: owner.prop, period: datesInUrl ? period.period : null, ready: owner.ready });
  const chooseFlock = (id: string | null) => {
    if (!id) return;
    const next = new URLSearchParams(params);
    next.set('lote', id);
    // Another flock: its own life, unless the user set dates.
    next.delete('di');
    next.delete('df');
    setParams(next, { replace: true });
  };

  // The report, its print and its file speak the reports language (format.t); the screen around them the interface's (t).
  const download = () => {
    if (!report.data) return;
    const rt = format.t;
    const column = (name: string) => rt(`feed.columns.${name}`);
    const columns = Object.fromEntries(['data', 'completo', 'acumulado_completo', 'aves_pesadas', ...FLOCK_COLUMNS].map((name) => [name, column(name)]));
    const { header, rows } = racaoCsv(report.data, {
      columns: columns as Parameters<typeof racaoCsv>[1]['columns'],
      siloTotal: (silo) => rt('feed.csv.siloTotal', { silo }),
      siloShare: (silo) => rt('feed.csv.siloShare', { silo }),
      siloNoBirds: (silo) => rt('feed.csv.siloNoBirds', { silo }),
      house: (house) => rt('feed.csv.house', { house }),
      yes: rt('feed.csv.yes'),
      no: rt('feed.csv.no'),
    });
    format.download(racaoCsvName(report.data), format.csv(header, rows));
  };

  const frame = (content: ReactNode) => (
    <PageFrame title={heading.title} description={report.data ? placeOf(report.data, t, flockTitle) : heading.description} crumbs={heading.crumbs} backTo={heading.backTo}>
      <div className={reportPrintClasses.noPrint}>
        <OwnerPicker owner={owner} />
      </div>
      {content}
    </PageFrame>
  );

  if (lotes.isPending) return frame(<Group justify="center" py="xl"><Loader /></Group>);
  if (lotes.isError) return frame(<Alert color="red" icon={<IconAlertTriangle size={18} />}>{errorText(lotes.error, t)}</Alert>);
  if (flocks.length === 0) {
    return frame(
      <NoticePanel
        icon={IconFeather}
        title={t('feed.noFlocks.title')}
        text={t('feed.noFlocks.text')}
        testId="racao-no-flocks"
        action={owner.canWrite && <Button component={Link} to={flockAddPath} variant="light">{t('feed.noFlocks.action')}</Button>}
      />,
    );
  }

  const options = [
    { group: t('feed.picker.active'), items: flocks.filter((lote) => lote.situacao === 'ativo') },
    { group: t('feed.picker.closed'), items: flocks.filter((lote) => lote.situacao !== 'ativo') },
  ]
    .filter((group) => group.items.length > 0)
    .map((group) => ({ group: group.group, items: group.items.map((lote) => ({ value: String(lote.id), label: `${lote.codigo} · ${lote.nucleo_nome}` })) }));
  const failure = report.error;
  const missing = asked !== undefined && !flock;

  return frame(
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap" className={reportPrintClasses.noPrint}>
        <Select
          label={t('feed.picker.label')}
          data={options}
          value={flock ? String(flock.id) : null}
          onChange={chooseFlock}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 320 }}
          data-testid="racao-flock"
        />
      </Group>
      <ReportPeriodBar
        period={period}
        printTitle={format.t(`screens.${route.screen}.title`)}
        printSubtitle={report.data ? placeOf(report.data, format.t, (codigo) => flockTitleOf(codigo, (code) => format.t('flocks.form.titleOf', { code }))) : undefined}
        actions={
          <>
            {life && (
              <Button variant="light" leftSection={<IconCalendarEvent size={18} />} onClick={() => period.setPeriod(life)} data-testid="racao-life">
                {t('feed.flockLife')}
              </Button>
            )}
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={download} disabled={!report.data} data-testid="racao-csv">
              {t('components.reports.download')}
            </Button>
          </>
        }
      />
      <ReportContent testIdPrefix="racao" validId={!missing} notFoundText={t('feed.notFound')} failure={failure} periodValid={period.period !== null} data={report.data}>
        {(loaded) => <ReportBody report={loaded} />}
      </ReportContent>
    </Stack>,
  );
}

/** "Flock L-1 · Farm · House 1, House 2", the line under the title (printed too); "Lote 101", not "Lote Lote 101". */
function placeOf(report: RacaoResponse, t: (key: string, options?: Record<string, unknown>) => string, flockTitle: (codigo: string) => string): string {
  const { lote, nucleo, aviarios } = report.header;
  return t('feed.place', { flock: flockTitle(lote.codigo), farm: nucleo.nome, houses: aviarios.map((house) => house.nome).join(', ') });
}

/** The report itself: in the reports language and the user's number format. */
function ReportBody({ report }: { report: RacaoResponse }) {
  const { t, number, locale } = useReportFormat();
  const { header, totais } = report;
  const unit = (value: number | null, decimals: number, suffix: string) => (value === null ? number(null, 0) : `${number(value, decimals)} ${suffix}`);
  const last = report.dias.at(-1);
  const cards = [
    ['consumo_kg', unit(totais.consumo_kg, 1, 'kg')],
    ['acumulado_kg', unit(totais.acumulado_kg, 1, 'kg')],
    ['g_ave_dia', unit(totais.g_ave_dia, 1, 'g')],
    ['aves_vivas', number(last?.aves_vivas ?? null, 0)],
    ['conversao', number(totais.conversao, 3)],
    ['conversao_padrao', number(totais.conversao_padrao, 3)],
  ] as const;

  if (report.dias.length === 0) {
    return (
      <Alert color="gray" data-testid="racao-empty" lang={locale}>
        {t('feed.outsideLife', { from: isoToMasked(header.lote.data_alojamento), to: header.lote.data_encerramento ? isoToMasked(header.lote.data_encerramento) : '…' })}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" lang={locale}>
      {header.silos.length === 0 ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="racao-no-silos">
          {t('feed.noSilos')}
        </Alert>
      ) : !totais.completo || !totais.acumulado_completo ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="racao-incomplete">
          {t('feed.incomplete', { empty: totais.dias_sem_dados, partial: totais.dias_incompletos })}
          {!totais.acumulado_completo && ` ${t('feed.incompleteCumulative')}`}
        </Alert>
      ) : null}
      <ReportSummary cols={{ base: 2, sm: 3, lg: 6 }} testId="racao-totals" cards={cards.map(([field, text]) => ({ key: field, label: t(`feed.totals.${field}`), value: text }))} />
      <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
        <Title order={2} fz="lg" mb="sm">
          {t('feed.chart.title')}
        </Title>
        <Suspense fallback={<Loader />}>
          <FeedCharts report={report} />
        </Suspense>
      </Card>
      <DayTable report={report} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SiloBreakdown report={report} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <HouseBreakdown report={report} />
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed" data-testid="racao-notes">
        {t('feed.notes', {
          weight: number(header.peso_alojamento_g, 1),
          source: t(`feed.placementSource.${header.peso_alojamento_fonte}`),
          timezone: header.timezone >= 0 ? `+${header.timezone}` : String(header.timezone),
        })}
      </Text>
    </Stack>
  );
}
