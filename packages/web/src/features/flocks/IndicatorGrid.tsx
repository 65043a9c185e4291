import { Group, Paper, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { Desempenho, Indicadores } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';
import { indicatorCards } from './indicators';

const TONE = { bad: 'red.7', good: 'field.7' } as const;

/**
 * The indicator cards of one set: the value ('—' without enough data), a line under it, and the
 * formula with the inputs used behind the ⓘ (a tap opens it on a phone). Test ids `flock-indicators`,
 * `indicator-<key>` (value `indicator-<key>-value`).
 */
export function IndicatorGrid({ set, entradas, idade }: { set: Indicadores; entradas: Desempenho['entradas']; idade: number | null }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const cards = indicatorCards(set, entradas, idade, { t, number: (value, decimals) => (value === null || !Number.isFinite(value) ? '—' : n.format(value, decimals)) });
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="flock-indicators">
      {cards.map((card) => (
        <Paper key={card.key} withBorder radius="md" p="sm" data-testid={`indicator-${card.key}`} style={{ minWidth: 0 }}>
          <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {card.label}
            </Text>
            <Tooltip label={card.formula} multiline maw={300} events={{ hover: true, focus: true, touch: true }} withArrow>
              <IconInfoCircle size={16} tabIndex={0} aria-label={card.formula} style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }} data-testid={`indicator-${card.key}-formula`} />
            </Tooltip>
          </Group>
          <Text fw={700} fz="xl" c={card.tone ? TONE[card.tone] : undefined} data-testid={`indicator-${card.key}-value`}>
            {card.value}
          </Text>
          {card.detail && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {card.detail}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
