import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { isoToMasked, maskedToIso } from '../records/dates';
import type { Option } from '../records/links';
import { ESTADO_FILTERS, periodProblem, type AlarmFilters, type EstadoFilter } from './alarmFilters';

interface Props {
  filters: AlarmFilters;
  onChange: (filters: AlarmFilters) => void;
  farms: Option[];
}

/** State, period (opened between two days, either end optional) and farm. Test ids `alarm-filter-*`. */
export function AlarmFiltersBar({ filters, onChange, farms }: Props) {
  const { t } = useTranslation();
  // Dates are typed dd/mm/yyyy: the list follows once a whole date (or an emptied field) is there.
  const [di, setDi] = useState(isoToMasked(filters.di));
  const [df, setDf] = useState(isoToMasked(filters.df));
  const typedDate = (masked: string, set: (value: string) => void, key: 'di' | 'df') => {
    set(masked);
    const iso = masked.trim() === '' ? '' : maskedToIso(masked);
    if (iso !== null) onChange({ ...filters, [key]: iso });
  };
  const problem = periodProblem(filters);
  const filtered = filters.estado !== 'ativos' || filters.di || filters.df || filters.nucleo !== null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="alarm-filters">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <Select
          label={t('alarms.filters.estado')}
          data={ESTADO_FILTERS.map((value) => ({ value, label: t(`alarms.filters.estados.${value}`) }))}
          value={filters.estado}
          onChange={(value) => value && onChange({ ...filters, estado: value as EstadoFilter })}
          allowDeselect={false}
          data-testid="alarm-filter-estado"
        />
        <DateInput label={t('alarms.filters.from')} value={di} onChange={(value) => typedDate(value, setDi, 'di')} data-testid="alarm-filter-di" />
        <DateInput
          label={t('alarms.filters.to')}
          value={df}
          onChange={(value) => typedDate(value, setDf, 'df')}
          error={problem ? t(`errors.${problem}`) : undefined}
          data-testid="alarm-filter-df"
        />
        <Select
          label={t('alarms.filters.farm')}
          placeholder={t('alarms.filters.allFarms')}
          data={farms}
          value={filters.nucleo === null ? null : String(filters.nucleo)}
          onChange={(value) => onChange({ ...filters, nucleo: value ? Number(value) : null })}
          clearable
          searchable
          data-testid="alarm-filter-farm"
        />
      </SimpleGrid>
      {filtered && (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconX size={14} />}
            onClick={() => {
              setDi('');
              setDf('');
              onChange({ estado: 'ativos', di: '', df: '', nucleo: null });
            }}
            data-testid="alarm-filter-clear"
          >
            {t('alarms.filters.clear')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
