import { Group, NumberInput, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { FiltersValues } from './filtersForm';

/** The window's two edges: below the expected weight, then above it. */
const EDGES = [
  { field: 'abaixo_pct', label: 'reports.filters.janelaAbaixo', sign: '−', testId: 'filter-janela-abaixo' },
  { field: 'acima_pct', label: 'reports.filters.janelaAcima', sign: '+', testId: 'filter-janela-acima' },
] as const;

/**
 * "Recompute with another window" (issue 20): the quality window's two edges, −% below and +% above
 * the weight expected for the day, asked of every flock of the report with its filter on. Off, the
 * report is computed as each flock's settings say. Test ids `filter-outra-janela`,
 * `filter-janela-abaixo`, `filter-janela-acima`.
 */
export function WindowFields({ form }: { form: UseFormReturnType<FiltersValues> }) {
  const { t } = useTranslation();
  const on = form.values.outraJanela;
  return (
    <Stack gap="xs">
      <Switch
        label={t('reports.filters.outraJanela')}
        description={t('reports.filters.outraJanelaHint')}
        {...form.getInputProps('outraJanela', { type: 'checkbox' })}
        data-testid="filter-outra-janela"
      />
      {on && (
        <Group gap="md" align="flex-start" wrap="wrap">
          {EDGES.map((edge) => (
            <NumberInput
              key={edge.field}
              label={t(edge.label)}
              prefix={edge.sign}
              suffix=" %"
              min={1}
              max={90}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', xs: 200 }}
              {...form.getInputProps(`janela.${edge.field}`)}
              data-testid={edge.testId}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}
