import { Alert, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconPrinter } from '@tabler/icons-react';
import type { Desempenho, Lote } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { ReportContent, ReportPrintTitle, ReportSummary, ReportTable, reportPrintClasses, useReportFormat, type ReportColumn } from '../../components/reports';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { isoToMasked } from '../records/dates';
import { RecordLoader } from '../records/RecordFormPage';
import { FLOCKS_PATH, loteApi, useDesempenho } from './api';
import { closeOutCsvRows, closeOutLines, HOUSE_COLUMNS, type CloseOutLine } from './closeOutReport';
import { flockTitle as flockTitleOf } from './flockTitle';

/** Figures shown as cards at the top; the rest are in the table below them. */
const CARDS = ['aves_entregues', 'kg_entregues', 'peso_entregue_g', 'idade', 'viabilidade_pct', 'ca', 'ca_corrigida', 'iep'];

/**
 * lotes/:id/fechamento: the printable close-out report of a flock, in the reports language: what
 * was delivered and the final indicators, per house too; Print (the browser's, with the app's
 * chrome left off paper) and CSV. Test ids: `closeout-report`, `closeout-cards` (`total-<key>`),
 * `closeout-table` (`closeout-line`, data-key), `closeout-houses`, `closeout-csv`, `closeout-print`,
 * `closeout-missing`.
 */
export default function CloseOutReportPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <RecordLoader route={route} api={loteApi} listPath={FLOCKS_PATH} notFound={t('flocks.form.notFound')}>
      {(flock) => <CloseOutReport route={route} flock={flock} />}
    </RecordLoader>
  );
}

function CloseOutReport({ route, flock }: ScreenProps & { flock: Lote }) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const rt = format.t;
  const title = (codigo: string, tr: typeof t) => flockTitleOf(codigo, (code) => tr('flocks.form.titleOf', { code }));
  const heading = useScreenHeading(route, { flockDetail: title(flock.codigo, t) });
  const desempenho = useDesempenho(flock.id);
  const place = rt('flocks.closeOutReport.place', { flock: title(flock.codigo, rt), farm: flock.nucleo_nome, houses: flock.aviarios.map((house) => house.nome).join(', ') });
  const label = (key: string) => rt(`flocks.closeOutReport.lines.${key}`);

  const download = () => {
    if (!desempenho.data) return;
    const rows = closeOutCsvRows(closeOutLines(flock, desempenho.data), desempenho.data.aviarios, label);
    const header = [rt('flocks.closeOutReport.csv.indicator'), rt('flocks.closeOutReport.csv.value'), rt('flocks.closeOutReport.csv.unit')];
    format.download(`fechamento-${flock.codigo}.csv`, format.csv(header, rows));
  };

  return (
    <PageFrame {...heading} description={place}>
      <Stack gap="md" data-testid="closeout-report">
        <ReportPrintTitle title={rt('flocks.closeOutReport.title')} subtitle={place} />
        <Group gap="sm" className={reportPrintClasses.noPrint}>
          <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => window.print()} data-testid="closeout-print">
            {t('components.reports.print')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={18} />} onClick={download} disabled={!desempenho.data || !flock.fechamento} data-testid="closeout-csv">
            {t('components.reports.download')}
          </Button>
        </Group>
        {!flock.fechamento && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="closeout-missing">
            {t('flocks.closeOutReport.missing')}
          </Alert>
        )}
        <ReportContent testIdPrefix="closeout" validId notFoundText={t('flocks.form.notFound')} failure={desempenho.error} periodValid data={desempenho.data}>
          {(data) => <CloseOutBody flock={flock} desempenho={data} />}
        </ReportContent>
      </Stack>
    </PageFrame>
  );
}

function CloseOutBody({ flock, desempenho }: { flock: Lote; desempenho: Desempenho }) {
  const { t: rt, number, locale } = useReportFormat();
  const lines = closeOutLines(flock, desempenho);
  const text = (entry: Pick<CloseOutLine, 'value' | 'decimals' | 'unit'>) => {
    const shown = number(entry.value, entry.decimals);
    return entry.value === null || entry.unit === '' ? shown : `${shown} ${entry.unit}`;
  };
  const label = (key: string) => rt(`flocks.closeOutReport.lines.${key}`);
  const lineColumns: ReportColumn<CloseOutLine>[] = [
    { key: 'label', header: rt('flocks.closeOutReport.csv.indicator'), cell: (entry) => label(entry.key) },
    { key: 'value', header: rt('flocks.closeOutReport.csv.value'), align: 'number', cell: (entry) => text(entry) },
  ];
  type House = Desempenho['aviarios'][number];
  const houseColumns: ReportColumn<House>[] = [
    { key: 'aviario', header: label('aviario'), align: 'nowrap', cell: (house) => house.aviario_nome },
    ...HOUSE_COLUMNS.map(([key, decimals, unit]): ReportColumn<House> => ({ key, header: label(key), align: 'number', cell: (house) => text({ value: house[key], decimals, unit }) })),
  ];
  const f = flock.fechamento;
  return (
    <Stack gap="lg" lang={locale}>
      <ReportSummary
        cols={{ base: 2, sm: 4 }}
        testId="closeout-cards"
        cards={lines.filter((entry) => CARDS.includes(entry.key)).map((entry) => ({ key: entry.key, label: label(entry.key), value: text(entry) }))}
      />
      {f && (
        <Text size="sm" data-testid="closeout-closed-on">
          {rt('flocks.closeOutReport.closedOn', { date: isoToMasked(f.data), placed: flock.data_alojamento ? isoToMasked(flock.data_alojamento) : '—' })}
          {f.obs && ` · ${f.obs}`}
        </Text>
      )}
      <Box maw={720}>
        <ReportTable testId="closeout-table" columns={lineColumns} rows={lines} rowKey={(entry) => entry.key} rowAttributes={(entry) => ({ 'data-testid': 'closeout-line', 'data-key': entry.key })} striped />
      </Box>
      {desempenho.aviarios.length > 0 && (
        <div className={reportPrintClasses.keepTogether}>
          <Title order={2} fz="lg" mb="sm">
            {rt('flocks.closeOutReport.houses')}
          </Title>
          <ReportTable testId="closeout-houses" columns={houseColumns} rows={desempenho.aviarios} rowKey={(house) => house.aviario_id} minWidth={560} striped />
        </div>
      )}
      <Text size="xs" c="dimmed">
        {rt('flocks.closeOutReport.sources', {
          weight: rt(`flocks.closeOutReport.weightSource.${desempenho.entradas.peso_fonte ?? 'none'}`),
          feed: rt(`flocks.closeOutReport.feedSource.${desempenho.entradas.racao_fonte ?? 'none'}`),
        })}
      </Text>
    </Stack>
  );
}
