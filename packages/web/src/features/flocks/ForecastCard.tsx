import { Alert, Card, Center, Grid, Group, Loader, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { PREVISAO_ALVO_MAX_G, type Lote, type Previsao, type PrevisaoGrupo } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { ChartBoundary } from '../../components/charts/ChartBoundary';
import { DateInput } from '../../components/DateInput';
import { isoToMasked, maskedToIso } from '../records/dates';
import { useNumberFormat } from '../records/useNumberFormat';
import { usePrevisao } from './api';
import { forecastReason, groupOptions, targetDays, type ForecastFormat } from './forecast';
import { useForecastFormat } from './useForecastFormat';

const ForecastChart = lazy(() => import('./ForecastChart'));

/** Typing pauses this long before the forecast is asked again (a fit per group on the server). */
const ASK_DELAY_MS = 500;

/**
 * The flock page's growth forecast (getprevisao): a group to look at (flock, males, females,
 * mixed: those weighed), the target weight and the day asked, the chart of the curve with its
 * P10–P90 band, and beside it the weight expected on that day and the day the target is reached,
 * each as P50 with P10–P90, with what the fit used and how well it fits. A group without a trusted
 * curve says why instead. Test ids: `forecast-card`, `forecast-group`, `forecast-target-input`,
 * `forecast-day-input`, `forecast-error`, and ForecastSummary's and ForecastChart's.
 */
export function ForecastCard({ flock }: { flock: Lote }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const [target, setTarget] = useState<number | undefined>();
  const [dayText, setDayText] = useState<string | null>(null);
  const typedDay = dayText === null ? undefined : (maskedToIso(dayText) ?? undefined);
  const [alvo_g] = useDebouncedValue(target, ASK_DELAY_MS);
  const [data] = useDebouncedValue(typedDay, ASK_DELAY_MS);
  const query = usePrevisao(flock.id, { alvo_g, data });
  const [chosen, setChosen] = useState<string>('lote');
  const previsao = query.data;
  const grupo = previsao?.grupos.find((item) => item.grupo === chosen) ?? previsao?.grupos[0];
  const dayInvalid = dayText !== null && dayText.length === 10 && typedDay === undefined;

  return (
    <Card withBorder radius="lg" padding="md" data-testid="forecast-card" data-loaded={previsao && !query.isPlaceholderData ? 'true' : undefined}>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('flocks.forecast.title')}
        </Title>
        {previsao && previsao.grupos.length > 1 && (
          <SegmentedControl data={groupOptions(previsao, t)} value={grupo?.grupo ?? 'lote'} onChange={setChosen} size="xs" data-testid="forecast-group" />
        )}
      </Group>
      <Group gap="sm" mb="sm" align="flex-start" wrap="wrap">
        <NumberInput
          label={t('flocks.forecast.target')}
          value={target ?? previsao?.alvo_g ?? ''}
          onChange={(value) => setTarget(typeof value === 'number' && value >= 1 && value <= PREVISAO_ALVO_MAX_G ? value : undefined)}
          min={1}
          max={PREVISAO_ALVO_MAX_G}
          decimalScale={0}
          size="md"
          hideControls
          inputMode="numeric"
          thousandSeparator={n.thousandSeparator}
          decimalSeparator={n.decimalSeparator}
          w={{ base: 'calc(50% - 6px)', xs: 160 }}
          data-testid="forecast-target-input"
        />
        <DateInput
          label={t('flocks.forecast.day')}
          value={dayText ?? isoToMasked(previsao?.data)}
          onChange={setDayText}
          error={dayInvalid ? t('errors.FIELD_INVALID') : undefined}
          w={{ base: 'calc(50% - 6px)', xs: 160 }}
          data-testid="forecast-day-input"
        />
        {query.isFetching && <Loader size="xs" mt={38} aria-label={t('flocks.forecast.loading')} />}
      </Group>
      {query.isError && !previsao ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="forecast-error">
          {errorText(query.error, t)}
        </Alert>
      ) : !previsao || !grupo ? (
        <Center py="lg">
          <Loader size="sm" aria-label={t('flocks.forecast.loading')} />
        </Center>
      ) : (
        <ForecastBody previsao={previsao} grupo={grupo} active={flock.situacao === 'ativo'} />
      )}
    </Card>
  );
}

function ForecastBody({ previsao, grupo, active }: { previsao: Previsao; grupo: PrevisaoGrupo; active: boolean }) {
  const { t } = useTranslation();
  const { format, key } = useForecastFormat();
  // The chart's code could not be fetched (weak signal, a new release): the answers beside it stay.
  const chartFailed = <Text size="sm" c="dimmed" data-testid="forecast-chart-failed">{t('dashboard.flocks.chart.failed')}</Text>;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <ChartBoundary name="forecast" fallback={chartFailed}>
          <Suspense fallback={<Loader />}>
            <ForecastChart previsao={previsao} grupo={grupo} active={active} format={format} formatKey={key} />
          </Suspense>
        </ChartBoundary>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <ForecastSummary previsao={previsao} grupo={grupo} format={format} />
      </Grid.Col>
    </Grid>
  );
}

function Figure({ label, value, range, testId }: { label: string; value: string; range?: string; testId: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      {range && (
        <Text size="sm" c="dimmed" data-testid={`${testId}-range`}>
          {range}
        </Text>
      )}
    </div>
  );
}

/**
 * The answers beside the chart. Test ids: `forecast-reason` (why there is none), `forecast-weight`
 * and `forecast-weight-range`, `forecast-target` and `forecast-target-range`, `forecast-used`,
 * `forecast-rmse`, `forecast-standard-share`.
 */
function ForecastSummary({ previsao, grupo, format: f }: { previsao: Previsao; grupo: PrevisaoGrupo; format: ForecastFormat }) {
  const reason = forecastReason(grupo, f.t);
  const grams = (value: number) => `${f.number(value, 1)} g`;
  const peso = grupo.peso_na_data;
  const days = targetDays(grupo.alvo, previsao.horizonte, f);
  const range = (from: string, to: string) => f.t('flocks.forecast.range', { from, to });
  return (
    <Stack gap="md" data-testid="forecast-summary" data-situacao={grupo.situacao}>
      {reason !== null ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="forecast-reason">
          {reason}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 1 }} spacing="md">
          <Figure
            label={f.t('flocks.forecast.weightOn', { date: f.day(previsao.data), age: peso?.idade ?? '—' })}
            value={peso ? grams(peso.p50) : '—'}
            range={peso ? range(f.number(peso.p10, 1), grams(peso.p90)) : undefined}
            testId="forecast-weight"
          />
          <Figure
            label={f.t('flocks.forecast.reachTarget', { target: f.number(previsao.alvo_g, 0) })}
            value={!days ? '—' : days.reached ? f.t('flocks.forecast.reached') : days.p50}
            range={days && !days.reached ? range(days.p10, days.p90) : undefined}
            testId="forecast-target"
          />
        </SimpleGrid>
      )}
      <Stack gap={2}>
        <Text size="sm" data-testid="forecast-used">
          {f.t('flocks.forecast.used', { count: grupo.dias_pesagem, days: f.number(grupo.dias_pesagem, 0), birds: f.number(grupo.aves_pesadas, 0) })}
        </Text>
        {grupo.ajuste && (
          <Text size="sm" data-testid="forecast-rmse">
            {f.t('flocks.forecast.rmse', { grams: f.number(grupo.ajuste.rmse_g, 1), pct: f.number(grupo.ajuste.rmse_pct, 1) })}
          </Text>
        )}
        {grupo.padrao && grupo.ajuste && (
          <Text size="sm" data-testid="forecast-standard-share">
            {f.t('flocks.forecast.standardShare', { pct: f.number(grupo.peso_padrao_pct, 0), standard: grupo.padrao.nome })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
