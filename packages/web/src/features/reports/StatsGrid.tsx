import { Box, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { Estatisticas, ReportGrupo } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';
import { DIGITS, STAT_FIELDS, type StatUnit } from './statFields';

/** A statistic as shown: '2.000,0 g', '10,00 %', '45' (empty statistics of an empty group: '—'). */
export function useStatText() {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  return (value: number | null, unit: StatUnit) => {
    if (value === null) return t('reports.none');
    const text = numbers.format(value, DIGITS[unit]);
    return unit === 'grams' ? t('reports.units.grams', { value: text }) : unit === 'percent' ? t('reports.units.percent', { value: text }) : text;
  };
}

/** The band rule beside the statistics it governs (uni, qtdUniforme, corteCima, corteBaixo). */
const BAND_STATS = new Set(['uni', 'qtdUniforme', 'corteCima', 'corteBaixo']);

/**
 * The section 3 statistics of one node under translated labels; each value carries the test id
 * `stat-<name>` (pesoMedio, cv, uni …), the scores `stat-scores`.
 */
export function StatsGrid({ stats, cols = { base: 2, xs: 3, lg: 5 } }: { stats: Estatisticas; cols?: Record<string, number> }) {
  const { t } = useTranslation();
  const text = useStatText();
  const numbers = useNumberFormat();
  return (
    <Box>
      <SimpleGrid cols={cols} spacing="sm" verticalSpacing={6}>
        {STAT_FIELDS.map((field) => (
          <Box key={field.name} miw={0}>
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed" truncate>
                {t(`reports.stats.${field.name}`)}
              </Text>
              {BAND_STATS.has(field.name) && (
                <Tooltip label={t('reports.uniformityRule')} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
                  <IconInfoCircle size={14} color="var(--mantine-color-dimmed)" aria-label={t('reports.uniformityRule')} tabIndex={0} style={{ flexShrink: 0 }} />
                </Tooltip>
              )}
            </Group>
            <Text size="sm" fw={600} data-testid={`stat-${field.name}`}>
              {text(stats[field.name], field.unit)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {stats.scores.length > 0 && (
        <Text size="sm" mt={6} data-testid="stat-scores">
          <Text span size="xs" c="dimmed">
            {t('reports.stats.scores')}:{' '}
          </Text>
          {stats.scores
            .map((entry) => t('reports.scoreEntry', { score: entry.score, count: numbers.format(entry.count, 0), percent: numbers.format(entry.percent, 2) }))
            .join(' · ')}
        </Text>
      )}
    </Box>
  );
}

/** pmComparacao and % of the standard, when the flock has a standard for its age. */
export function StandardLine({ padrao }: { padrao: ReportGrupo['padrao'] }) {
  const { t } = useTranslation();
  const text = useStatText();
  if (!padrao) return null;
  return (
    <Text size="sm" data-testid="stat-padrao">
      {t('reports.standard', {
        nome: padrao.padrao_nome,
        idade: padrao.idade,
        pmComparacao: text(padrao.pmComparacao, 'grams'),
        percent: text(padrao.percentPadrao, 'percent'),
      })}
    </Text>
  );
}
