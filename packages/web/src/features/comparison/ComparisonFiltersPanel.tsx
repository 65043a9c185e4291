import { Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { AGRUPAMENTOS_COMPARATIVO, SEXOS_PADRAO, type Lote, type Nucleo } from '@portal/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComparisonFilters } from './comparisonFilters';

interface ComparisonFiltersPanelProps {
  filters: ComparisonFilters;
  onChange: (filters: ComparisonFilters) => void;
  farms: readonly Nucleo[];
  flocks: readonly Lote[];
  /** Whether the user reaches other owners' flocks (the "all growers" box shows then only). */
  reachesOthers: boolean;
}

/** The distinct breeds of the owner's flocks, as typed (case folded for the comparison), sorted. */
export function breedsOf(flocks: readonly Pick<Lote, 'linhagem'>[], locale: string): string[] {
  const seen = new Map<string, string>();
  for (const { linhagem } of flocks) {
    const name = linhagem.trim();
    if (name && !seen.has(name.toLocaleLowerCase(locale))) seen.set(name.toLocaleLowerCase(locale), name);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, locale, { numeric: true }));
}

/**
 * The ranking's filters (interface language): grouping, farm, breed, sex, age at close-out, active
 * flocks, all growers. Each change goes to the url at once; the ages when the field is left, so a
 * half-typed number does not ask the server at every key. Test ids `comparison-filter-*`.
 */
export function ComparisonFiltersPanel({ filters, onChange, farms, flocks, reachesOthers }: ComparisonFiltersPanelProps) {
  const { t, i18n } = useTranslation();
  const set = (patch: Partial<ComparisonFilters>) => onChange({ ...filters, ...patch });
  const breeds = useMemo(() => {
    const list = breedsOf(flocks, i18n.language);
    // A breed from a shared link that this owner's flocks do not name still shows as chosen.
    return filters.linhagem && !list.some((name) => name.toLocaleLowerCase() === filters.linhagem!.toLocaleLowerCase()) ? [filters.linhagem, ...list] : list;
  }, [flocks, filters.linhagem, i18n.language]);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="comparison-filters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={t('comparison.filters.por')}
            data={AGRUPAMENTOS_COMPARATIVO.map((value) => ({ value, label: t(`comparison.filters.porOptions.${value}`) }))}
            value={filters.por}
            onChange={(value) => value && set({ por: value as ComparisonFilters['por'] })}
            allowDeselect={false}
            data-testid="comparison-filter-por"
          />
          <Select
            label={t('comparison.filters.farm')}
            placeholder={t('comparison.filters.allFarms')}
            data={farms.map((farm) => ({ value: String(farm.id), label: farm.nome }))}
            value={filters.nucleo === undefined ? null : String(filters.nucleo)}
            onChange={(value) => set({ nucleo: value ? Number(value) : undefined })}
            clearable
            searchable
            data-testid="comparison-filter-farm"
          />
          <Select
            label={t('comparison.filters.breed')}
            placeholder={t('comparison.filters.allBreeds')}
            data={breeds}
            value={filters.linhagem ?? null}
            onChange={(value) => set({ linhagem: value ?? undefined })}
            clearable
            searchable
            data-testid="comparison-filter-breed"
          />
          <Select
            label={t('comparison.filters.sex')}
            placeholder={t('comparison.filters.allSexes')}
            data={SEXOS_PADRAO.map((value) => ({ value, label: t(`comparison.filters.sexes.${value}`) }))}
            value={filters.sexo ?? null}
            onChange={(value) => set({ sexo: (value as ComparisonFilters['sexo']) ?? undefined })}
            clearable
            data-testid="comparison-filter-sex"
          />
        </SimpleGrid>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <AgeInput label={t('comparison.filters.ageMin')} value={filters.idade_min} onCommit={(idade_min) => set({ idade_min })} testId="comparison-filter-age-min" />
          <AgeInput label={t('comparison.filters.ageMax')} value={filters.idade_max} onCommit={(idade_max) => set({ idade_max })} testId="comparison-filter-age-max" />
          <Stack gap="xs" pb={4}>
            <Checkbox
              label={t('comparison.filters.active')}
              description={t('comparison.filters.activeHint')}
              checked={filters.ativos}
              onChange={(event) => set({ ativos: event.currentTarget.checked })}
              data-testid="comparison-filter-active"
            />
            {reachesOthers && (
              <Checkbox
                label={t('comparison.filters.allOwners')}
                description={t('comparison.filters.allOwnersHint')}
                checked={filters.todos}
                onChange={(event) => set({ todos: event.currentTarget.checked })}
                data-testid="comparison-filter-all-owners"
              />
            )}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A whole number of days 0–200, sent when the field is left or Enter is pressed; emptied: no limit. */
function AgeInput({ label, value, onCommit, testId }: { label: string; value: number | undefined; onCommit: (value: number | undefined) => void; testId: string }) {
  const [typed, setTyped] = useState<string | number>(value ?? '');
  useEffect(() => setTyped(value ?? ''), [value]);
  const commit = () => {
    const number = typeof typed === 'number' ? typed : typed.trim() === '' ? undefined : Number(typed);
    const valid = number === undefined || (Number.isInteger(number) && number >= 0 && number <= 200);
    if (valid && number !== value) onCommit(number);
    if (!valid) setTyped(value ?? '');
  };
  return (
    <NumberInput
      label={label}
      value={typed}
      onChange={setTyped}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      min={0}
      max={200}
      allowDecimal={false}
      allowNegative={false}
      w={{ base: '47%', xs: 160 }}
      data-testid={testId}
    />
  );
}
