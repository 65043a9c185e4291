import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartBar, IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { UsrStats } from '@portal/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/errorText';
import { ChartBoundary } from '../../components/charts/ChartBoundary';
import { flockPath, useDesempenho } from '../flocks/api';
import { useFlockTitle } from '../flocks/flockTitle';
import { isoToMasked } from '../records/dates';
import { useOwner } from '../records/owner';
import { isEmptyAccount } from '../records/ownerChoice';
import { fetchUsrStats, usrStatsKey } from '../records/usrStats';
import { useNumberFormat } from '../records/useNumberFormat';
import { searchFromFilters } from '../reports/filters';

// The chart brings ECharts: its own chunk, fetched once a tile has a curve to draw, so the first
// screen's JavaScript never carries it.
const GrowthChart = lazy(() => import('./GrowthChart'));
// The forecast line too (its words and date formatting): the first screen stays within its budget.
const ForecastLine = lazy(() => import('./ForecastLine'));

type FlockTile = UsrStats['lotes'][number];

const COUNTS = ['nucleos', 'lotesAtivos', 'dispositivos', 'pesagens'] as const;

/** usrstats of the owner acted for. */
function useUsrStats() {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: usrStatsKey(prop),
    queryFn: () => fetchUsrStats(prop),
    enabled: ready,
    // Asked again on every visit (the last answer shows meanwhile): weighings imported or
    // arriving since then must show on the way back to the dashboard.
    staleTime: 0,
  });
}

/** The weight report of a flock over its weighing days (aves?lote=&inicio=&fim=). */
export function reportLink(tile: FlockTile): string {
  const days = tile.curva.map((point) => point.data);
  const filters = days.length > 0 ? { lote: tile.lote_id, inicio: days[0], fim: days[days.length - 1] } : { lote: tile.lote_id };
  return `/aves?${searchFromFilters(filters).toString()}`;
}

/** The account's counts and a tile per active flock with its latest weighing and growth curve. */
export function FlockTiles() {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const stats = useUsrStats();
  if (stats.isPending) {
    return (
      <Center py="md" data-testid="dashboard-stats-loading">
        <Loader size="sm" />
      </Center>
    );
  }
  if (stats.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} data-testid="dashboard-stats-error">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('dashboard.stats.loadError', { error: errorText(stats.error, t) })}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void stats.refetch()}>
            {t('dashboard.stats.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const { contagens, lotes } = stats.data;
  // A new account has nothing to count yet: the first steps (or the owners sharing data) speak for it.
  if (isEmptyAccount(contagens)) return null;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="dashboard-counts">
        {COUNTS.map((key) => (
          <Paper key={key} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(`dashboard.stats.${key}`)}
            </Text>
            <Text fz={24} fw={700} data-testid={`dashboard-count-${key}`}>
              {n.format(contagens[key], 0)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {contagens.lotesAtivos === 0 && contagens.nucleos > 0 && (
        <Text c="dimmed" data-testid="dashboard-no-flocks">
          {t('dashboard.flocks.none')}
        </Text>
      )}
      {contagens.lotesAtivos > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('dashboard.flocks.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {lotes.map((tile) => (
              <Tile key={tile.lote_id} tile={tile} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    // Values on one line even when a label wraps to two.
    <Stack gap={0} miw={0} justify="space-between">
      <Text size="xs" c="dimmed" lh={1.2}>
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value || '–'}
      </Text>
    </Stack>
  );
}

function Tile({ tile }: { tile: FlockTile }) {
  const { t } = useTranslation();
  const flockTitle = useFlockTitle();
  const n = useNumberFormat();
  const { ultima } = tile;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="dashboard-flock" data-lote={tile.lote_id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          <Anchor component={Link} to={flockPath({ id: tile.lote_id })} fw={700} truncate data-testid="dashboard-flock-code">
            {flockTitle(tile.codigo)}
          </Anchor>
          <Text size="sm" c="dimmed" truncate>
            {tile.nome_nucleo}
          </Text>
        </Stack>
        <Badge variant="light" size="lg" tt="none" style={{ flexShrink: 0 }} data-testid="dashboard-flock-age">
          {tile.idade === null ? t('dashboard.flocks.ageUnknown') : t('dashboard.flocks.age', { count: tile.idade })}
        </Badge>
      </Group>
      <PerformanceLine loteId={tile.lote_id} />
      {ultima ? (
        <>
          <Text size="xs" c="dimmed" mt={4} data-testid="dashboard-flock-date">
            {ultima.idade === null
              ? t('dashboard.flocks.weighedOn', { date: isoToMasked(ultima.data), birds: n.format(ultima.totalAves, 0) })
              : t('dashboard.flocks.weighedAt', { date: isoToMasked(ultima.data), age: ultima.idade, birds: n.format(ultima.totalAves, 0) })}
          </Text>
          <ChartBoundary name="dashboard-forecast" fallback={null}>
            <Suspense fallback={null}>
              <ForecastLine loteId={tile.lote_id} />
            </Suspense>
          </ChartBoundary>
          <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" mt="sm">
            <Figure label={t('dashboard.flocks.mean')} value={n.format(ultima.pesoMedio, 1)} testId="dashboard-flock-mean" />
            <Figure label={t('dashboard.flocks.uni')} value={n.format(ultima.uni, 2)} testId="dashboard-flock-uni" />
            <Figure label={t('dashboard.flocks.cv')} value={n.format(ultima.cv, 2)} testId="dashboard-flock-cv" />
            <Figure label={t('dashboard.flocks.gain')} value={n.format(ultima.ganhoDiario, 1)} testId="dashboard-flock-gain" />
            <Figure label={t('dashboard.flocks.standard')} value={n.format(ultima.percentPadrao, 2)} testId="dashboard-flock-standard" />
          </SimpleGrid>
          {tile.curva.length > 0 && (
            <ChartBoundary
              name="dashboard"
              fallback={
                <Text size="sm" c="dimmed" data-testid="dashboard-chart-failed">
                  {t('dashboard.flocks.chart.failed')}
                </Text>
              }
            >
              <Suspense
                fallback={
                  <Center h={200}>
                    <Loader size="sm" aria-label={t('dashboard.flocks.chart.loading')} />
                  </Center>
                }
              >
                <GrowthChart tile={tile} />
              </Suspense>
            </ChartBoundary>
          )}
          <Group justify="flex-end" mt="xs">
            <Button component={Link} to={reportLink(tile)} variant="subtle" size="compact-sm" leftSection={<IconChartBar size={16} />} data-testid="dashboard-flock-report">
              {t('dashboard.flocks.report')}
            </Button>
          </Group>
        </>
      ) : (
        <Stack gap="xs" mt="sm">
          <Text size="sm" c="dimmed" data-testid="dashboard-flock-empty">
            {t('dashboard.flocks.noWeighings')}
          </Text>
          <Group>
            <Button component={Link} to="/importacao" variant="light" size="compact-sm" leftSection={<IconFileImport size={16} />}>
              {t('dashboard.flocks.import')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

/**
 * The flock's IEP and livability today (getdesempenho, one query per tile, shared with the flock
 * page's cache); '—' while loading, on failure or when the flock lacks the data. Test ids
 * dashboard-flock-iep, dashboard-flock-livability.
 */
function PerformanceLine({ loteId }: { loteId: number }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const desempenho = useDesempenho(loteId);
  const geral = desempenho.data?.geral;
  const livability = geral?.viabilidade_pct ?? null;
  return (
    <Group gap="lg" mt={6} data-testid="dashboard-flock-performance" data-loaded={desempenho.data ? 'true' : undefined}>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t('dashboard.flocks.iep')}{' '}
        </Text>
        <Text span fw={700} data-testid="dashboard-flock-iep">
          {n.format(geral?.iep ?? null, 1) || '—'}
        </Text>
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t('dashboard.flocks.livability')}{' '}
        </Text>
        <Text span fw={700} data-testid="dashboard-flock-livability">
          {livability === null ? '—' : `${n.format(livability, 2)} %`}
        </Text>
      </Text>
    </Group>
  );
}
