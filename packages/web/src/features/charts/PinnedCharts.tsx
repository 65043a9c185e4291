import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Grafico } from '@portal/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecordList } from '../records/recordApi';
import { chartPath, graficoApi } from './api';
import { periodText } from './period';
import { useGraphData } from './useGraphData';

// ECharts comes with this module only when a chart is pinned: the dashboard's first download stays small.
const ChartCanvas = lazy(() => import('./ChartCanvas'));
const HEIGHT = 260;

function PinnedChart({ chart }: { chart: Grafico }) {
  const { t } = useTranslation();
  const data = useGraphData(chart, null);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="pinned-chart" data-id={chart.id}>
      <Stack gap={4} mb="xs">
        <Anchor component={Link} to={chartPath(chart)} fw={700} data-testid="pinned-chart-title">
          {chart.titulo}
        </Anchor>
        <Text size="sm" c="dimmed">
          {periodText(t, chart)}
        </Text>
      </Stack>
      {data.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('charts.dashboard.loadError')}
        </Alert>
      ) : data.data ? (
        <Suspense fallback={<Skeleton h={HEIGHT} radius="md" />}>
          <ChartCanvas data={data.data} tipo={chart.tipo} height={HEIGHT} />
        </Suspense>
      ) : (
        <Skeleton h={HEIGHT} radius="md" />
      )}
    </Paper>
  );
}

/**
 * The dashboard's pinned charts (graficos.painel) of the owner acted for, each over its own
 * period; nothing at all while none is pinned. Test ids: pinned-charts, pinned-chart (data-id).
 */
export function PinnedCharts() {
  const { t } = useTranslation();
  const list = useRecordList(graficoApi);
  const pinned = (list.data ?? []).filter((chart) => chart.painel);
  if (list.isError) {
    console.error('[charts] pinned charts could not be listed', list.error);
    return (
      <Alert color="red" variant="light" role="alert" data-testid="pinned-charts-error">
        {t('charts.dashboard.loadError')}
      </Alert>
    );
  }
  if (pinned.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="pinned-charts">
      <Title order={2} size="h4">
        {t('charts.dashboard.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {pinned.map((chart) => (
          <PinnedChart key={chart.id} chart={chart} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
