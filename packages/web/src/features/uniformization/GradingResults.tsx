import { Button, Progress, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { TotaisSelauto } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReportTable } from '../../components/reports/ReportTable';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import { isoToMasked } from '../records/dates';
import { NoticePanel } from '../records/NoticePanel';
import { useTotaisSelauto } from './api';
import { CategoryName, categoryColor } from './CategoryName';
import { BeforeAfter } from './BeforeAfter';
import { ResultCard, UniError, UniLoading } from './Panels';
import { afterGrading, type UniFarm, type UniFlock, type UniGrader } from './selection';

interface GradingResultsProps {
  farm: UniFarm;
  flock: UniFlock;
  grader: UniGrader;
  inicio: string;
  fim: string;
}

/**
 * The grader's totals per category for the flock, then its uniformity before and after grading:
 * all from one gettotaisselauto call (a phone in a shed pays for every round trip). The results
 * are a report (reports language, the user's number format); the empty state with its Import
 * button is the screen's (interface language).
 */
export function GradingResults({ farm, flock, grader, inicio, fim }: GradingResultsProps) {
  const { t } = useTranslation();
  const report = useReportLanguage();
  const totals = useTotaisSelauto(grader.id, flock.id, inicio, fim);

  if (totals.isError) return <UniError error={totals.error} onRetry={() => void totals.refetch()} />;
  if (!totals.data) return <UniLoading />;
  // The flock is the subject: without its grader weighings there is no before or after to show.
  if (totals.data.total.aves === 0) {
    return (
      <NoticePanel
        icon={IconFileImport}
        title={t('uniformization.empty.title')}
        text={t('uniformization.empty.text', { flock: flock.codigo, grader: grader.nome.trim() || grader.serie })}
        testId="uni-empty"
        maw={560}
        action={
          <Button component={Link} to="/importacao" variant="light" leftSection={<IconFileImport size={18} />}>
            {t('uniformization.empty.import')}
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="lg" data-testid="uni-results" lang={report.locale}>
      <Text c="dimmed" size="sm" data-testid="uni-summary">
        {report.t('uniformization.summary', {
          flock: flock.codigo,
          farm: farm.nome,
          grader: grader.nome.trim() || grader.serie,
          serie: grader.serie,
          from: isoToMasked(inicio),
          to: isoToMasked(fim),
        })}
      </Text>
      <TotalsCard totals={totals.data} />
      <BeforeAfter before={totals.data.total.stats} after={afterGrading(totals.data)} />
    </Stack>
  );
}

/** gettotaisselauto: the flock's birds, weight, mean and share per category over the period. */
function TotalsCard({ totals }: { totals: TotaisSelauto }) {
  const { t, numbers: n } = useReportLanguage();
  const kg = (grams: number) => n.format(grams / 1000, 1);
  // A category without birds has no mean: a dash, not an empty cell.
  const grams = (value: number | null) => (value === null ? '–' : n.format(value, 1));
  return (
    <ResultCard title={t('uniformization.totals.title')} description={t('uniformization.totals.description')}>
      <ReportTable
        testId="uni-totals"
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing="xs"
        columns={[
          {
            key: 'categoria',
            header: t('uniformization.columns.category'),
            dataCol: false,
            total: t('uniformization.totals.total'),
            cell: (categoria) => (
              <>
                <CategoryName name={categoria.desc} />
                {/* A phone has no share column: the bar goes under the name. */}
                <Progress value={categoria.percent} color={categoryColor(categoria.desc)} size="sm" mt={4} hiddenFrom="sm" aria-hidden />
              </>
            ),
          },
          { key: 'aves', header: t('uniformization.columns.birds'), align: 'number', total: n.format(totals.total.aves, 0), cell: (categoria) => n.format(categoria.aves, 0) },
          { key: 'peso_total', header: t('uniformization.columns.totalWeight'), align: 'number', wideOnly: true, total: kg(totals.total.peso_total), cell: (categoria) => kg(categoria.peso_total) },
          { key: 'pm', header: t('uniformization.columns.mean'), align: 'number', total: grams(totals.total.pm), cell: (categoria) => grams(categoria.pm) },
          { key: 'percent', header: t('uniformization.columns.percent'), align: 'number', total: totals.total.aves > 0 ? n.format(100, 2) : '', cell: (categoria) => n.format(categoria.percent, 2) },
          {
            key: 'share',
            header: t('uniformization.columns.share'),
            wideOnly: true,
            width: '22%',
            dataCol: false,
            cell: (categoria) => <Progress value={categoria.percent} color={categoryColor(categoria.desc)} size="lg" radius="sm" aria-hidden />,
          },
        ]}
        rows={totals.categorias}
        rowKey={(categoria) => categoria.box}
        rowAttributes={(categoria) => ({ 'data-testid': 'uni-totals-row', 'data-category': categoria.desc })}
        totals={{ 'data-testid': 'uni-totals-total' }}
      />
    </ResultCard>
  );
}
