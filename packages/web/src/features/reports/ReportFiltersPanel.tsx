import { Button, Collapse, Group, Paper, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconChevronDown, IconChevronUp, IconFilter, IconPlayerPlay } from '@tabler/icons-react';
import type { ReportHeader } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { dateInputProps, isoToMasked } from '../records/dates';
import { OwnerPicker } from '../records/OwnerPicker';
import type { OwnerState } from '../records/owner';
import { useSchemaForm } from '../records/schemaForm';
import type { ReportKind } from './api';
import { QUICK_RANGES, quickRange, todayIso } from '../../components/reports/reportPeriod';
import { filtersSummary, type ReportFilters } from './filters';
import { filtersRules, filtersValues, generatedFilters } from './filtersForm';
import { WindowFields } from './WindowFields';

interface ReportFiltersPanelProps {
  kind: ReportKind;
  owner: OwnerState;
  header: ReportHeader | undefined;
  filters: ReportFilters;
  generating: boolean;
  /** A phone showing a report: the filters fold away behind a one-line summary. */
  foldable: boolean;
  /** The filters to generate (dates as YYYY-MM-DD); `prop` is added by the screen. */
  onGenerate: (filters: Omit<ReportFilters, 'prop'>) => void;
}

/**
 * Owner, farm, flock, house, sex and period of a weighing report, with the quick ranges of
 * section 9 (30 and 365 days back), the weight report's "recompute with another window" (issue
 * 20, WindowFields) and Generate. On a phone showing a report they fold away
 * behind a button with their summary. Test ids: `report-filters`, `filter-<name>`,
 * `range-<days>`, `report-generate`, `report-available`, `filters-toggle`, `filters-summary`.
 */
export function ReportFiltersPanel({ kind, owner, header, filters, generating, foldable, onGenerate }: ReportFiltersPanelProps) {
  const { t } = useTranslation();
  const label = (name: string) => t(`reports.keys.${kind}.${name}`);
  // The panel keeps no message area: each refusal is said under its date field.
  const state = useSchemaForm({ ...filtersRules, initialValues: filtersValues(filters) });
  const { form } = state;
  const draft = form.values;
  const [unfolded, setUnfolded] = useState(false);
  const folded = foldable && !unfolded;

  const nucleos = header?.nucleos ?? [];
  const chosenFarm = nucleos.find((nucleo) => String(nucleo.id) === draft.nucleo_id);
  const lotes = (chosenFarm ? [chosenFarm] : nucleos).flatMap((nucleo) =>
    nucleo.lotes.map((lote) => ({
      value: String(lote.id),
      // Without a farm chosen the flock says whose it is: codes repeat between farms.
      label: chosenFarm ? lote.codigo : t('reports.filters.loteOf', { lote: lote.codigo, nucleo: nucleo.nome }),
    })),
  );

  const submit = state.onSubmit((values) => {
    // On a phone the filters fold away again once the new report shows.
    setUnfolded(false);
    onGenerate(generatedFilters(values));
  });

  const select = (name: 'aviario' | 'sexo', options: string[]) => (
    <Select
      label={label(name)}
      placeholder={t('reports.filters.all')}
      data={options}
      {...form.getInputProps(name)}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
      data-testid={`filter-${name}`}
    />
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="report-filters" data-folded={folded ? 'true' : 'false'}>
      {foldable && (
        <UnstyledButton w="100%" onClick={() => setUnfolded((open) => !open)} aria-expanded={!folded} data-testid="filters-toggle">
          <Group gap="sm" wrap="nowrap">
            <IconFilter size={20} color="var(--mantine-color-field-7)" style={{ flexShrink: 0 }} />
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text fw={600} size="sm">
                {t('reports.filters.title')}
              </Text>
              <Text size="sm" c="dimmed" truncate data-testid="filters-summary">
                {filtersSummary(
                  filters,
                  header,
                  (from, to) => t('reports.periodRange', { from, to }),
                  (janela) => t('reports.filters.janelaSummary', { abaixo: janela.abaixo_pct, acima: janela.acima_pct }),
                )}
              </Text>
            </Stack>
            {folded ? <IconChevronDown size={20} style={{ flexShrink: 0 }} /> : <IconChevronUp size={20} style={{ flexShrink: 0 }} />}
          </Group>
        </UnstyledButton>
      )}
      <Collapse expanded={!folded} keepMounted>
        <form ref={state.ref} onSubmit={submit} noValidate>
          <Stack gap="md" pt={foldable ? 'md' : 0}>
            <OwnerPicker owner={owner} />
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <Select
                label={label('nucleo')}
                placeholder={t('reports.filters.all')}
                data={nucleos.map((nucleo) => ({ value: String(nucleo.id), label: nucleo.nome }))}
                {...form.getInputProps('nucleo_id')}
                onChange={(value) => {
                  const farm = nucleos.find((nucleo) => String(nucleo.id) === value);
                  // A flock of another farm no longer fits.
                  form.setValues({ nucleo_id: value, lote_id: farm && !farm.lotes.some((lote) => String(lote.id) === draft.lote_id) ? null : draft.lote_id });
                }}
                clearable
                searchable
                comboboxProps={{ withinPortal: true }}
                data-testid="filter-nucleo"
              />
              <Select
                label={label('lote')}
                placeholder={t('reports.filters.all')}
                data={lotes}
                {...form.getInputProps('lote_id')}
                clearable
                searchable
                comboboxProps={{ withinPortal: true }}
                data-testid="filter-lote"
              />
              {select('aviario', header?.aviarios ?? [])}
              {select('sexo', header?.sexos ?? [])}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <DateInput label={t('reports.filters.inicio')} {...dateInputProps(form, 'inicio')} data-testid="filter-inicio" />
              <DateInput label={t('reports.filters.fim')} {...dateInputProps(form, 'fim')} data-testid="filter-fim" />
            </SimpleGrid>
            {kind === 'aves' && <WindowFields form={form} />}
            <Group justify="space-between" align="center" gap="sm">
              <Group gap="xs">
                {QUICK_RANGES.map((days) => (
                  <Button
                    key={days}
                    variant="light"
                    size="sm"
                    leftSection={<IconCalendarEvent size={16} />}
                    onClick={() => {
                      const range = quickRange(todayIso(), days);
                      form.setValues({ inicio: isoToMasked(range.inicio), fim: isoToMasked(range.fim) });
                      form.clearErrors();
                    }}
                    data-testid={`range-${days}`}
                  >
                    {t('reports.filters.lastDays', { count: days })}
                  </Button>
                ))}
              </Group>
              <Button type="submit" leftSection={<IconPlayerPlay size={18} />} loading={generating} data-testid="report-generate">
                {t('reports.filters.generate')}
              </Button>
            </Group>
            {header?.primeira && header.ultima && (
              <Text size="sm" c="dimmed" data-testid="report-available">
                {t('reports.filters.available', { from: isoToMasked(header.primeira), to: isoToMasked(header.ultima) })}
              </Text>
            )}
          </Stack>
        </form>
      </Collapse>
    </Paper>
  );
}
