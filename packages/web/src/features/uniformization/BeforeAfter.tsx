import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Estatisticas } from '@portal/shared';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart';
import { ReportTable } from '../../components/reports/ReportTable';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import { categoryLabel, CategoryName } from './CategoryName';
import { ResultCard } from './Panels';
import { compareGrading, type CategoryComparison } from './selection';

interface BeforeAfterProps {
  /** Every bird the grader weighed of the flock in the period: the population before grading. */
  before: Estatisticas;
  /** Each category's birds over the same period. */
  after: ReadonlyArray<{ categoria: string; stats: Estatisticas }>;
}

/**
 * The flock's uniformity before grading against each category's after it: figures, a table and a
 * bar chart, in the reports language and the user's number format.
 */
export function BeforeAfter({ before, after }: BeforeAfterProps) {
  const { t, numbers: n } = useReportLanguage();
  const figures = useFigures();
  const rows = compareGrading(before, after);
  const whole = figures(before);
  const points = (value: number | null) => (value === null ? '' : `${value > 0 ? '+' : ''}${n.format(value, 2)}`);

  return (
    <ResultCard title={t('uniformization.comparison.title')} description={t('uniformization.comparison.description')} testId="uni-comparison">
      <Text fw={700} mb={4}>
        {t('uniformization.comparison.before')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="lg" data-testid="uni-before">
        <Figure label={t('uniformization.columns.birds')} value={whole.aves} testId="uni-before-aves" />
        <Figure label={t('uniformization.columns.mean')} value={whole.pesoMedio} testId="uni-before-peso" />
        <Figure label={t('uniformization.columns.uni')} value={whole.uni} testId="uni-before-uni" />
        <Figure label={t('uniformization.columns.cv')} value={whole.cv} testId="uni-before-cv" />
      </SimpleGrid>

      <Text fw={700} mb={4}>
        {t('uniformization.comparison.after')}
      </Text>
      <ReportTable
        testId="uni-after"
        striped
        verticalSpacing="xs"
        horizontalSpacing="xs"
        columns={[
          { key: 'categoria', header: t('uniformization.columns.category'), dataCol: false, cell: (row) => <CategoryName name={row.categoria} /> },
          { key: 'aves', header: t('uniformization.columns.birds'), align: 'number', wideOnly: true, cell: (row) => n.format(row.stats.totalAves, 0) },
          { key: 'pesoMedio', header: t('uniformization.columns.mean'), align: 'number', cell: (row) => n.format(row.stats.pesoMedio, 1) },
          {
            key: 'uni',
            header: t('uniformization.columns.uni'),
            align: 'number',
            // The cell holds two figures: the uniformity and, under it, its gain over the whole flock.
            dataCol: false,
            cell: (row) => (
              <>
                <Text size="sm" data-col="uni">
                  {n.format(row.stats.uni, 2)}
                </Text>
                {row.ganhoUni !== null && (
                  <Badge size="xs" variant="light" color={row.ganhoUni >= 0 ? 'green' : 'red'} tt="none" data-col="ganhoUni">
                    {points(row.ganhoUni)}
                  </Badge>
                )}
              </>
            ),
          },
          { key: 'cv', header: t('uniformization.columns.cv'), align: 'number', cell: (row) => n.format(row.stats.cv, 2) },
        ]}
        rows={rows}
        rowKey={(row) => row.categoria}
        rowAttributes={(row) => ({ 'data-testid': 'uni-after-row', 'data-category': row.categoria })}
      />
      <Text size="xs" c="dimmed" mt={4}>
        {t('uniformization.comparison.gainNote')}
      </Text>
      <UniformityChart before={before} rows={rows} />
      <Text size="xs" c="dimmed" mt="sm" data-testid="uni-band-note">
        {t('uniformization.comparison.bandNote')}
      </Text>
    </ResultCard>
  );
}

/** Uniformity and CV, the whole flock first (grey) then each category, as bars. */
function UniformityChart({ before, rows }: { before: Estatisticas; rows: CategoryComparison[] }) {
  const { t, language, numbers: n } = useReportLanguage();
  const names = [t('uniformization.chart.before'), ...rows.map((row) => categoryLabel(row.categoria, t))];
  const uni = [before.uni, ...rows.map((row) => row.stats.uni)];
  const cv = [before.cv, ...rows.map((row) => row.stats.cv)];
  // Redrawn only when what it shows changes (the arrays above are new on every render).
  const shown = JSON.stringify([names, uni, cv, language, n.decimalMark]);
  const option = useMemo(() => {
    // The whole flock's bars in greys, so "before" stands apart from the categories.
    const bars = (values: (number | null)[], color: string, first: string) => values.map((value, index) => ({ value, itemStyle: { color: index === 0 ? first : color } }));
    return {
      animation: false,
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, data: [t('uniformization.chart.uni'), t('uniformization.chart.cv')] },
      tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? `${n.format(value, 2)} %` : '') },
      xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 4 ? 35 : 0, fontSize: 11 } },
      yAxis: { type: 'value', max: 100, axisLabel: { formatter: (value: number) => `${n.format(value)} %` } },
      series: [
        { name: t('uniformization.chart.uni'), type: 'bar', data: bars(uni, '#2f9e44', '#868e96'), itemStyle: { color: '#2f9e44' } },
        { name: t('uniformization.chart.cv'), type: 'bar', data: bars(cv, '#f08c00', '#ced4da'), itemStyle: { color: '#f08c00' } },
      ],
    };
  }, [shown]);
  return (
    <EChart
      option={option}
      height={320}
      label={t('uniformization.chart.label', { before: n.format(before.uni, 2) })}
      testId="uni-chart"
    />
  );
}

/** One figure of the whole flock before grading. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 24 }} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The figures of a group: birds, mean (g), uniformity and CV (%). */
function useFigures() {
  const { numbers: n } = useReportLanguage();
  return (stats: Estatisticas) => ({
    aves: n.format(stats.totalAves, 0),
    pesoMedio: n.format(stats.pesoMedio, 1),
    uni: n.format(stats.uni, 2),
    cv: n.format(stats.cv, 2),
  });
}
