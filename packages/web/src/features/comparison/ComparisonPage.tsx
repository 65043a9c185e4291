import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Comparativo } from '@portal/shared';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { ReportContent, ReportPeriodBar, ReportSummary, reportPrintClasses, useReportFormat, useReportPeriod } from '../../components/reports';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { loteApi } from '../flocks/api';
import { nucleoApi } from '../records/farms';
import { useOwner } from '../records/owner';
import { OwnerPicker } from '../records/OwnerPicker';
import { useRecordList } from '../records/recordApi';
import { useComparativo } from './api';
import { ChartBoundary } from '../../components/charts/ChartBoundary';
import { ComparisonFiltersPanel } from './ComparisonFiltersPanel';
import { comparativoQueryOf, readFilters, readSort, withFilters, withSort, type ComparisonFilters } from './comparisonFilters';
import { INDICATORS, nextSort, rankingCsv, rankingCsvName, sortLines, type RankingCsvTexts, type SortKey } from './ranking';
import { QuartileBadge, RankingTable } from './RankingTable';

const RankingChart = lazy(() => import('./RankingChart'));

/**
 * comparativo: flocks closed in the period (?di&df; with "active", those still placed too) grouped
 * by flock, house, farm or grower and ranked by IEP with quartiles ("cabeça" the top quarter,
 * "cola" the bottom one); filters in the url; a chart, print and CSV in the reports language.
 * Test ids: comparison-filters (comparison-filter-*), comparison-summary, comparison-chart,
 * comparison-table, comparison-csv, comparison-empty.
 */
export default function ComparisonPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const format = useReportFormat();
  const period = useReportPeriod(365);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const sort = useMemo(() => readSort(params), [params]);
  const farms = useRecordList(nucleoApi);
  const flocks = useRecordList(loteApi);
  // Someone with grants reaches owners other than themself: only they may ask for everyone side by side.
  const reachesOthers = owner.owners.some((entry) => entry.nivel !== 'proprietario');
  const query = period.period ? comparativoQueryOf(period.period, filters, { prop: owner.prop, reachesOthers }) : null;
  const report = useComparativo(query, owner.ready);
  const owners = query?.todos !== undefined;
  const lines = useMemo(() => (report.data ? sortLines(report.data.linhas, sort, format.locale) : []), [report.data, sort, format.locale]);

  const changeFilters = (next: ComparisonFilters) => setParams((current) => withFilters(current, next), { replace: true });
  const changeSort = (key: SortKey) => setParams((current) => withSort(current, nextSort(sort, key)), { replace: true });

  const download = () => {
    if (!report.data) return;
    const rt = format.t;
    const names = ['posicao', 'quartil', 'nome', 'proprietario', 'nucleo', ...INDICATORS.map(([key]) => key)] as const;
    const texts: RankingCsvTexts = {
      columns: Object.fromEntries(names.map((name) => [name, rt(`comparison.columns.${name}`)])) as RankingCsvTexts['columns'],
      quartile: (quartil) => rt(`comparison.quartile.${quartil}`),
      mean: rt('comparison.mean'),
    };
    const { header, rows } = rankingCsv(report.data, lines, texts, { owners });
    format.download(rankingCsvName(report.data), format.csv(header, rows));
  };
  const groupName = (text: typeof t) => text(`comparison.filters.porOptions.${filters.por}`);

  return (
    <PageFrame title={heading.title} description={heading.description} crumbs={heading.crumbs} backTo={heading.backTo}>
      <Stack gap="md">
        <div className={reportPrintClasses.noPrint}>
          <OwnerPicker owner={owner} />
        </div>
        <div className={reportPrintClasses.noPrint}>
          <ComparisonFiltersPanel filters={filters} onChange={changeFilters} farms={farms.data ?? []} flocks={flocks.data ?? []} reachesOthers={reachesOthers} />
        </div>
        <ReportPeriodBar
          period={period}
          printTitle={format.t(`screens.${route.screen}.title`)}
          printSubtitle={format.t('comparison.printSubtitle', { group: groupName(format.t) })}
          actions={
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={download} disabled={!report.data || report.data.linhas.length === 0} data-testid="comparison-csv">
              {t('components.reports.download')}
            </Button>
          }
        />
        <ReportContent testIdPrefix="comparison" validId notFoundText="" failure={report.error} periodValid={period.period !== null} data={report.data}>
          {(loaded) => <RankingBody report={loaded} lines={lines} sort={sort} onSort={changeSort} owners={owners} groupName={groupName(format.t)} />}
        </ReportContent>
      </Stack>
    </PageFrame>
  );
}

interface RankingBodyProps {
  report: Comparativo;
  lines: Comparativo['linhas'];
  sort: ReturnType<typeof readSort>;
  onSort: (key: SortKey) => void;
  owners: boolean;
  groupName: string;
}

/** The ranking itself, in the reports language and the user's number format. */
function RankingBody({ report, lines, sort, onSort, owners, groupName }: RankingBodyProps) {
  const { t, number, locale } = useReportFormat();
  if (report.linhas.length === 0) {
    return (
      <Alert color="gray" data-testid="comparison-empty" lang={locale}>
        {t('comparison.empty')}
      </Alert>
    );
  }
  const { media } = report;
  const cards = [
    { key: 'lines', label: t('comparison.summary.lines'), value: number(report.linhas.length, 0) },
    { key: 'lotes', label: t('comparison.summary.lotes'), value: number(media.lotes, 0) },
    { key: 'aves_alojadas', label: t('comparison.summary.aves_alojadas'), value: number(media.aves_alojadas, 0) },
    { key: 'iep', label: t('comparison.summary.iep'), value: number(media.iep, 1) },
    { key: 'ca', label: t('comparison.summary.ca'), value: number(media.ca, 3) },
    { key: 'viabilidade_pct', label: t('comparison.summary.viabilidade_pct'), value: `${number(media.viabilidade_pct, 2)} %` },
  ];
  return (
    <Stack gap="lg" lang={locale}>
      <ReportSummary cols={{ base: 2, sm: 3, lg: 6 }} testId="comparison-summary" cards={cards} />
      {report.linhas.some((line) => line.iep !== null) && (
        <Card withBorder padding="md" className={reportPrintClasses.keepTogether}>
          <Title order={2} fz="lg" mb="sm">
            {t('comparison.chart.title', { group: groupName.toLocaleLowerCase(locale) })}
          </Title>
          <ChartBoundary name="comparison" fallback={<Text size="sm" c="dimmed">{t('comparison.chart.failed')}</Text>}>
            <Suspense fallback={<Center h={320}><Loader size="sm" aria-label={t('comparison.chart.loading')} /></Center>}>
              <RankingChart report={report} />
            </Suspense>
          </ChartBoundary>
          <Group gap="xs" mt="xs" data-testid="comparison-legend">
            {[1, 2, 3, 4].map((quartil) => (
              <QuartileBadge key={quartil} quartil={quartil} t={t} />
            ))}
          </Group>
        </Card>
      )}
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('comparison.rankingTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('comparison.quartileHint')}
        </Text>
        <RankingTable report={report} lines={lines} sort={sort} onSort={onSort} owners={owners} t={t} number={number} />
      </Stack>
    </Stack>
  );
}
