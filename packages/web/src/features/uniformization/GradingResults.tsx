import { Button, Progress, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { TotaisSelauto } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" data-testid="uni-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('uniformization.columns.category')}</Table.Th>
            <Table.Th ta="right">{t('uniformization.columns.birds')}</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {t('uniformization.columns.totalWeight')}
            </Table.Th>
            <Table.Th ta="right">{t('uniformization.columns.mean')}</Table.Th>
            <Table.Th ta="right">{t('uniformization.columns.percent')}</Table.Th>
            <Table.Th w="22%" visibleFrom="sm">
              {t('uniformization.columns.share')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.categorias.map((categoria) => (
            <Table.Tr key={categoria.box} data-testid="uni-totals-row" data-category={categoria.desc}>
              <Table.Td>
                <CategoryName name={categoria.desc} />
                <Progress value={categoria.percent} color={categoryColor(categoria.desc)} size="sm" mt={4} hiddenFrom="sm" aria-hidden />
              </Table.Td>
              <Table.Td ta="right" data-col="aves">
                {n.format(categoria.aves, 0)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm" data-col="peso_total">
                {kg(categoria.peso_total)}
              </Table.Td>
              <Table.Td ta="right" data-col="pm">
                {grams(categoria.pm)}
              </Table.Td>
              <Table.Td ta="right" data-col="percent">
                {n.format(categoria.percent, 2)}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Progress value={categoria.percent} color={categoryColor(categoria.desc)} size="lg" radius="sm" aria-hidden />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="uni-totals-total" fw={700}>
            <Table.Td>{t('uniformization.totals.total')}</Table.Td>
            <Table.Td ta="right" data-col="aves">
              {n.format(totals.total.aves, 0)}
            </Table.Td>
            <Table.Td ta="right" visibleFrom="sm" data-col="peso_total">
              {kg(totals.total.peso_total)}
            </Table.Td>
            <Table.Td ta="right" data-col="pm">
              {grams(totals.total.pm)}
            </Table.Td>
            <Table.Td ta="right">{totals.total.aves > 0 ? n.format(100, 2) : ''}</Table.Td>
            <Table.Td visibleFrom="sm" />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ResultCard>
  );
}
