import { Badge, Box, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { Qualidade } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';
import { dayText, scaleSummaries, scoreTone, type ScaleSummary } from './qualityRows';

/** A day's bar (px): its track is a score of 100. */
const BAR_HEIGHT = 36;

/**
 * Per scale: the period's mean daily score and accepted share, and a small bar per day (its score,
 * coloured good/fair/poor; the day's figures on hover). Test ids: `quality-scales`,
 * `quality-scale` (data-serie), `quality-scale-score`, `quality-scale-accepted`, `quality-scale-day` (data-date, data-score).
 */
export function QualityScales({ balancas, meta }: { balancas: Qualidade['balancas']; meta: number }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const scales = useMemo(() => scaleSummaries(balancas), [balancas]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="quality-scales">
      <Title order={2} size="h4" mb={4}>
        {t('flocks.quality.scales.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('flocks.quality.scales.hint', { target: n.format(meta) })}
      </Text>
      {scales.length === 0 ? (
        <Text size="sm">{t('flocks.quality.scales.empty')}</Text>
      ) : (
        <Stack gap="md">
          {scales.map((scale) => (
            <ScaleLine key={scale.serie_balanca} scale={scale} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function ScaleLine({ scale }: { scale: ScaleSummary }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const tone = scoreTone(scale.nota_media);
  return (
    <Stack gap={6} data-testid="quality-scale" data-serie={scale.serie_balanca}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {scale.serie_balanca}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={tone} tt="none" data-testid="quality-scale-score">
            {t('flocks.quality.scales.score', { score: scale.nota_media === null ? '—' : n.format(scale.nota_media, 0) })}
          </Badge>
          <Text size="sm" c="dimmed" data-testid="quality-scale-accepted">
            {t('flocks.quality.scales.accepted', { pct: scale.aceitas_pct === null ? '—' : n.format(scale.aceitas_pct, 1), weighed: n.format(scale.aves) })}
          </Text>
        </Group>
      </Group>
      {/* One bar per day, shrinking to fit a phone; the figures are in each bar's tooltip and label. */}
      <Group gap={2} wrap="nowrap" align="flex-end" h={BAR_HEIGHT} role="list" aria-label={t('flocks.quality.scales.daily')}>
        {scale.dias.map((day) => {
          const label = t('flocks.quality.scales.day', {
            date: dayText(n.locale, day.data),
            score: n.format(day.nota, 0),
            pct: n.format(day.aceitas_pct, 1),
            weighed: n.format(day.aves),
          });
          return (
            <Tooltip key={day.data} label={label} withArrow>
              <Box
                role="listitem"
                aria-label={label}
                data-testid="quality-scale-day"
                data-date={day.data}
                data-score={day.nota}
                bg="var(--mantine-color-gray-2)"
                style={{ flex: '1 1 0', minWidth: 3, maxWidth: 14, height: BAR_HEIGHT, borderRadius: 2, display: 'flex', alignItems: 'flex-end' }}
              >
                <Box bg={`var(--mantine-color-${scoreTone(day.nota)}-6)`} w="100%" style={{ height: `${Math.min(100, Math.max(0, day.nota))}%`, minHeight: 2, borderRadius: 2 }} />
              </Box>
            </Tooltip>
          );
        })}
      </Group>
    </Stack>
  );
}
