import { Alert, Button, Center, CloseButton, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconAlertCircle, IconChevronDown, IconDownload, IconPrinter, IconRefresh, IconReportAnalytics, IconScaleOutline } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { PageFrame } from '../../components/PageFrame';
import { saveTextFile } from '../../components/textFile';
import { LOCALE_OF, isLanguage } from '../../i18n';
import { useCurrentUser } from '../auth/session';
import { NoticePanel } from '../records/NoticePanel';
import { useOwner } from '../records/owner';
import type { ScreenRoute } from '../screens/ScreenFrame';
import { useScreenHeading } from '../screens/useScreenHeading';
import { fetchSummaryCsv, useReportHeader, useWeighingReport, type ReportKind } from './api';
import { DOWNLOAD_FORMATS, downloadName, downloadText, saveFile, type DownloadFormat } from './downloads';
import { filtersFromSearch, searchFromFilters, type ReportFilters } from './filters';
import { ReportFiltersPanel } from './ReportFiltersPanel';
import { PrintReport, usePrintLayout } from './PrintReport';
import { ReportView } from './ReportView';

/**
 * The weight report (aves) and the hatchery weighing report (aves-incubatorio): filters kept in
 * the url, Generate, the report on screen, its printed layout and its downloads.
 * Test ids: `report-idle`, `report-loading`, `report-error` with `report-retry`, `report-empty`,
 * `header-error`, `report-print`, `report-download` with `download-<csv|txt|html>` (aves also
 * `download-summary`, the server's summary file, and `summary-error`), and those
 * of ReportFiltersPanel, ReportView and PrintReport.
 */
export function WeighingReportScreen({ route, kind }: { route: ScreenRoute; kind: ReportKind }) {
  const { t, i18n } = useTranslation();
  const { title, description, crumbs, backTo } = useScreenHeading(route);
  const { user } = useCurrentUser();
  const owner = useOwner();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);

  // A shared link names its owner; it applies when the user may see that owner's data.
  const linkOwner = filters.prop === undefined ? undefined : owner.owners.find((entry) => entry.id === filters.prop);
  const actingFor = linkOwner ?? owner.owner;
  const prop = actingFor && actingFor.id !== user.id && actingFor.nivel !== 'proprietario' ? actingFor.id : undefined;
  const reportFilters: ReportFilters = { ...filters, prop };

  const header = useReportHeader(kind, prop, owner.ready);
  const report = useWeighingReport(kind, reportFilters, owner.ready);
  const printing = usePrintLayout(report.data);

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
    const language = isLanguage(i18n.language) ? i18n.language : 'pt';
    const text = downloadText(format, { t, kind, report: report.data, locale: LOCALE_OF[language], language, separator: user.separador_csv });
    saveFile(downloadName(kind, report.data, format), text, format);
  };

  // aves only: v2/resumo reads every farm in reach, not the hatchery report's hatcheries alone.
  const summary = useMutation({
    mutationFn: (period: { inicio: string; fim: string }) => fetchSummaryCsv(period, prop),
    onSuccess: (file) => saveTextFile(file.name, file.text, 'text/csv'),
  });

  const data = report.data;
  const hasBoxes = Boolean(data?.grupos.length);
  const actions = hasBoxes ? (
    <>
      <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={printing.print} data-testid="report-print">
        {t('reports.print')}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={18} />} rightSection={<IconChevronDown size={16} />} loading={summary.isPending} data-testid="report-download">
            {t('reports.download')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {DOWNLOAD_FORMATS.map((format) => (
            <Menu.Item key={format} onClick={() => download(format)} data-testid={`download-${format}`}>
              {t(`reports.formats.${format}`)}
            </Menu.Item>
          ))}
          {kind === 'aves' && data && (
            <>
              <Menu.Divider />
              <Menu.Item onClick={() => summary.mutate({ inicio: data.inicio, fim: data.fim })} data-testid="download-summary">
                {t('reports.formats.summary')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  ) : undefined;

  let result;
  if (filters.inicio === undefined || filters.fim === undefined) {
    result = <NoticePanel icon={IconReportAnalytics} title={t('reports.idleTitle')} text={t('reports.idleHint')} testId="report-idle" />;
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
    result = <NoticePanel icon={IconScaleOutline} color="gray" title={t('reports.emptyTitle')} text={t('reports.emptyHint')} testId="report-empty" />;
  } else if (data) {
    result = (
      <>
        <ReportView kind={kind} report={data} />
        {printing.requested && <PrintReport kind={kind} report={data} images={printing.images} onReady={printing.onReady} />}
      </>
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
        onGenerate={generate}
      />
      {result}
    </PageFrame>
  );
}
