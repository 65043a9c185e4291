import { Group, NumberInput, Paper, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { dateInputProps, todayMasked } from '../records/dates';
import { RowsEditor, type RowInputName } from '../records/RowsEditor';
import { useNumberFormat } from '../records/useNumberFormat';
import { deadBirds, newMortality, placedBirds, type FlockValues } from './flockForm';

/** The server keeps at most this many mortality entries per flock (registerLoteBody). */
const MAX_ROWS = 2000;

/** Desktop rows: date, birds, cause (wide), remove button. */
const GRID = 'minmax(9rem, 1fr) minmax(7rem, 0.8fr) minmax(10rem, 2.5fr) 2.5rem';

/**
 * The mortality of a flock: one row per count (date, birds, cause), with the total and the birds
 * left; stored on Save. Test ids: `mortality-add`, `mortality-row`, `mortality-remove`,
 * `mortality-summary`, `mortality-error`, the inputs' `field-mortalidade-<i>-<name>`.
 */
export function MortalityEditor({ form, disabled }: { form: UseFormReturnType<FlockValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const rows = form.values.mortalidade;
  const placed = placedBirds(form.values);
  const dead = deadBirds(rows);

  const add = () => {
    // Deaths are usually written down the day they are counted.
    form.insertListItem('mortalidade', newMortality(todayMasked()));
    // Straight to the new row's count, the one thing always typed.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-path="mortalidade.${rows.length}.aves"]`)?.focus());
  };

  const label = { data: t('flocks.mortality.date'), aves: t('flocks.mortality.birds'), causa: t('flocks.mortality.cause') };
  const inputs = (index: number, named: (key: keyof typeof label) => RowInputName) => {
    const path = (key: keyof typeof label) => `mortalidade.${index}.${key}`;
    return [
      <DateInput key="data" size="md" required {...named('data')} {...dateInputProps(form, path('data'))} />,
      <NumberInput
        key="aves"
        size="md"
        required
        min={1}
        hideControls
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator={numbers.thousandSeparator}
        decimalSeparator={numbers.decimalSeparator}
        {...named('aves')}
        {...form.getInputProps(path('aves'))}
      />,
      <TextInput key="causa" size="md" maxLength={120} placeholder={t('flocks.mortality.causeHint')} {...named('causa')} {...form.getInputProps(path('causa'))} />,
    ];
  };

  return (
    <RowsEditor
      title={t('flocks.mortality.title')}
      description={t('flocks.mortality.hint')}
      rows={rows}
      columns={label}
      grid={GRID}
      inputs={inputs}
      fullWidth="causa"
      disabled={disabled}
      add={{ text: t('flocks.mortality.add'), onClick: add, disabled: rows.length >= MAX_ROWS }}
      remove={{ label: (index) => t('flocks.mortality.remove', { number: index + 1 }), onClick: (index) => form.removeListItem('mortalidade', index) }}
      error={form.errors.mortalidade}
      emptyText={t('flocks.mortality.empty')}
      testIds={{ add: 'mortality-add', row: 'mortality-row', remove: 'mortality-remove', error: 'mortality-error', empty: 'mortality-empty' }}
    >
      <Paper radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="mortality-summary">
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {t('flocks.mortality.total')}{' '}
            <Text span fw={700} data-testid="mortality-total">
              {t('flocks.birds', { birds: numbers.format(dead) })}
            </Text>
            {placed > 0 && (
              <Text span c="dimmed">
                {' '}
                ({numbers.format((dead / placed) * 100, 1)}%)
              </Text>
            )}
          </Text>
          <Text size="sm">
            {t('flocks.mortality.birdsNow')}{' '}
            <Text span fw={700} c={dead > placed ? 'red' : undefined} data-testid="flock-birds-now">
              {t('flocks.birds', { birds: numbers.format(placed - dead) })}
            </Text>
          </Text>
        </Group>
      </Paper>
    </RowsEditor>
  );
}
