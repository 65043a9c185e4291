import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReportBox } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';
import type { ReportKind } from './api';
import { BoxHistogram } from './BoxHistogram';
import { StandardLine, StatsGrid } from './StatsGrid';

/**
 * The facts of a box title (section 9): lote, sexo, linha, product (lado), flock age, category
 * (aviario), order (box) and date, each with its label in the report's words.
 */
export function useBoxTitle(kind: ReportKind) {
  const { t } = useTranslation();
  return (box: ReportBox): { name: string; label: string; value: string }[] => {
    const facts = [
      { name: 'lote', value: box.lote },
      { name: 'sexo', value: box.sexo },
      { name: 'linha', value: box.linha },
      { name: 'lado', value: box.lado },
      { name: 'idade', value: box.idade_lote === null ? '' : t('reports.box.days', { count: box.idade_lote }) },
      { name: 'aviario', value: box.aviario },
      { name: 'box', value: box.box },
      { name: 'data', value: isoToMasked(box.data) },
    ];
    return facts.filter((fact) => fact.value !== '').map((fact) => ({ ...fact, label: t(`reports.box.${kind}.${fact.name}`) }));
  };
}

/**
 * One box of the report tree: its title, key (ending '.R.P'), statistics, comparison with the
 * standard and histogram. Test id `report-box` with `data-key`; `box-title`, `box-key`.
 */
export function BoxCard({ kind, box }: { kind: ReportKind; box: ReportBox }) {
  const { t } = useTranslation();
  const title = useBoxTitle(kind);
  return (
    <Paper withBorder radius="md" p="md" miw={0} data-testid="report-box" data-key={box.key}>
      <Stack gap="sm">
        <Group gap={6} data-testid="box-title">
          {title(box).map((fact) => (
            <Badge key={fact.name} variant="light" color={fact.name === 'box' ? 'field' : 'gray'} tt="none" size="md" maw="100%" data-fact={fact.name}>
              {fact.label}: {fact.value}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {t('reports.box.key')}: <span data-testid="box-key">{box.key}</span>
        </Text>
        {box.balancas.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('reports.scales', { list: box.balancas.join(', ') })}
          </Text>
        )}
        <StatsGrid stats={box.stats} cols={{ base: 2, xs: 3 }} />
        <StandardLine padrao={box.padrao} />
        <BoxHistogram histogram={box.histograma} />
      </Stack>
    </Paper>
  );
}
