import { Alert, Button, Center, CloseButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { IconAlertCircle, IconRefresh, IconReportAnalytics, IconScaleOutline } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import { saveTextFile } from '../../components/textFile';
import { useCurrentUser } from '../../components/session/session';
import { NoticePanel } from '../records/NoticePanel';
import { useOwner } from '../records/owner';
import type { ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { fetchSummaryCsv, useReportHeader, useWeighingReport, type ReportKind } from './api';
import { downloadName, downloadText, saveFile, type DownloadFormat } from './downloads';
import { filtersFromSearch, searchFromFilters, windowOf, type ReportFilters } from './filters';
import { useLastFilters } from './lastFilters';
import { PrintLayer, type PrintHandle } from './PrintLayer';
import { ReportActions } from './ReportActions';
import { ReportFiltersPanel } from './ReportFiltersPanel';
import { reportTexts, ReportTextsContext } from './reportTexts';
import { ReportView } from './ReportView';

/** Up to Mantine's sm breakpoint the filters fold away once a report shows. */
const PHONE = '(max-width: 48em)';

/**
 * The weight report (aves) and the hatchery weighing report (aves-incubatorio): filters kept in
 * the url (the last ones restored when the url has none), Generate, the report on screen, its
 * printed layout and its downloads. The report, its print and its files are in the user's
 * reports language; the filters and buttons in the interface language.
 * Test ids: `report-idle`, `report-loading`, `report-error` with `report-retry`, `report-empty`,
 * `header-error`, `summary-error`, `print-progress`, and those of ReportActions,
 * ReportFiltersPanel, ReportView and PrintReport.
 */
export function WeighingReportScreen({ route, kind }: { route: ScreenRoute; kind: ReportKind }) {
  const { t } = useTranslation();
  const reportLanguage = useReportLanguage();
  const texts = useMemo(() => reportTexts(reportLanguage), [reportLanguage]);
  const { title, description, crumbs, backTo } = useScreenHeading(route);
  const { user } = useCurrentUser();
  const owner = useOwner();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });

  // A shared link names its owner; it applies when the user may see that owner's data.
  const linkOwner = filters.prop === undefined ? undefined : owner.owners.find((entry) => entry.id === filters.prop);
  const actingFor = linkOwner ?? owner.owner;
  const prop = actingFor && actingFor.id !== user.id && actingFor.nivel !== 'proprietario' ? actingFor.id : undefined;
  const reportFilters: ReportFilters = { ...filters, prop };
  useLastFilters({ kind, userId: user.id, owner: prop ?? 'self', ready: owner.ready }, params, setParams);

  // A window asked for recomputes the weight report only (the hatchery's has no quality filter); kept
  // as one object while the url's window stays, so the printed pages are not laid out again.
  const { abaixo, acima } = filters;
  const janela = useMemo(() => (kind === 'aves' ? windowOf({ abaixo, acima }) : undefined), [kind, abaixo, acima]);

  const header = useReportHeader(kind, prop, owner.ready);
  const report = useWeighingReport(kind, reportFilters, owner.ready);
  const printer = useRef<PrintHandle>(null);

  const generate = (next: Omit<ReportFilters, 'prop'>) => {
    const search = searchFromFilters({ ...next, prop });
    // The same filters again: ask the server again (new weighings may have arrived).
    if (search.toString() === searchFromFilters(reportFilters).toString()) void report.refetch();
    else setParams(search);
  };

  const ownerState = {
    ...owner,
    owner: actingFor,
    // Another owner's farms and flocks differ: the filters start over.
    choose: (id: number) => {
      owner.choose(id);
      setParams(searchFromFilters({ prop: id === user.id ? undefined : id }));
    },
  };

  const download = (format: DownloadFormat) => {
    if (!report.data) return;
    const { t: reportT, numbers, language } = reportLanguage;
    const text = downloadText(format, { t: reportT, kind, report: report.data, numbers, language, separator: user.separador_csv });
    saveFile(downloadName(kind, report.data, format), text, format);
  };

  const summary = useMutation({
    mutationFn: (shown: ReportFilters & { inicio: string; fim: string }) => fetchSummaryCsv(shown, prop),
    onSuccess: (file) => saveTextFile(file.name, file.text, 'text/csv'),
  });

  const data = report.data;
  const hasBoxes = Boolean(data?.grupos.length);
  const actions =
    data && hasBoxes ? (
      <ReportActions
        withSummary={kind === 'aves'}
        summaryPending={summary.isPending}
        onPrint={() => printer.current?.print()}
        onDownload={download}
        onSummary={() => summary.mutate({ ...filters, inicio: data.inicio, fim: data.fim })}
      />
    ) : undefined;

  let result;
  if (filters.inicio === undefined || filters.fim === undefined) {
    result = <NoticePanel icon={IconReportAnalytics} title={t('reports.idleTitle')} text={t(`reports.idleHint.${kind}`)} testId="report-idle" />;
  } else if (report.isPending) {
    result = (
      <Center py={60} data-testid="report-loading">
        <Loader />
      </Center>
    );
  } else if (report.isError) {
    result = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="report-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorText(report.error, t)}</Text>
          <Button variant="light" color="red" size="sm" leftSection={<IconRefresh size={16} />} loading={report.isFetching} onClick={() => void report.refetch()} data-testid="report-retry">
            {t('reports.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data && !hasBoxes) {
    result = <NoticePanel icon={IconScaleOutline} color="gray" title={t('reports.emptyTitle')} text={t(`reports.emptyHint.${kind}`)} testId="report-empty" />;
  } else if (data) {
    result = (
      <ReportTextsContext value={texts}>
        <ReportView kind={kind} report={data} prop={prop} janela={janela} />
        <PrintLayer ref={printer} kind={kind} report={data} janela={janela} />
      </ReportTextsContext>
    );
  }

  return (
    <PageFrame title={title} description={description} crumbs={crumbs} backTo={backTo} actions={actions}>
      {header.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="header-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorText(header.error, t)}</Text>
            <Button variant="light" color="red" size="sm" leftSection={<IconRefresh size={16} />} loading={header.isFetching} onClick={() => void header.refetch()}>
              {t('reports.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {summary.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="summary-error">
          <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{errorText(summary.error, t)}</Text>
            <CloseButton size="sm" aria-label={t('reports.dismiss')} onClick={() => summary.reset()} />
          </Group>
        </Alert>
      )}
      <ReportFiltersPanel
        key={`${prop ?? 'self'}|${params.toString()}`}
        kind={kind}
        owner={ownerState}
        header={header.data}
        filters={filters}
        generating={report.isFetching}
        foldable={phone && hasBoxes}
        onGenerate={generate}
      />
      {result}
    </PageFrame>
  );
}
