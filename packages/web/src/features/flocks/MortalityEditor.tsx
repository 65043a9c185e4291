import { ActionIcon, Alert, Box, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { isoToMasked } from '../records/dates';
import { RecordSection } from '../records/RecordFormPage';
import { errorLabel } from '../records/recordForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { dateInputProps } from './dateInputProps';
import { deadBirds, newMortality, placedBirds, type FlockValues } from './flockForm';

/** The server keeps at most this many mortality entries per flock (registerLoteBody). */
const MAX_ROWS = 2000;

/** Desktop rows: date, birds, cause (wide), remove button. */
const GRID = 'minmax(9rem, 1fr) minmax(7rem, 0.8fr) minmax(10rem, 2.5fr) 2.5rem';

/** Today on this device, YYYY-MM-DD: deaths are usually written down the day they are counted. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The mortality of a flock: one row per count (date, birds, cause), with the total and the birds
 * left. A table of inputs on wide screens, one card per entry on phones; stored on Save.
 * Test ids: `mortality-add`, `mortality-row`, `mortality-remove`, `mortality-summary`,
 * `mortality-error`, the inputs' `field-mortalidade-<i>-<name>`.
 */
export function MortalityEditor({ form, disabled }: { form: UseFormReturnType<FlockValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const wide = useMediaQuery('(min-width: 62em)');
  const rows = form.values.mortalidade;
  const placed = placedBirds(form.values);
  const dead = deadBirds(rows);

  const add = () => {
    form.insertListItem('mortalidade', newMortality(isoToMasked(today())));
    // Straight to the new row's count, the one thing always typed.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-path="mortalidade.${rows.length}.aves"]`)?.focus());
  };

  const label = { data: t('flocks.mortality.date'), aves: t('flocks.mortality.birds'), causa: t('flocks.mortality.cause') };
  const listError = form.errors.mortalidade;

  const inputs = (index: number) => {
    const named = (key: keyof typeof label) => (wide ? { 'aria-label': `${label[key]} ${index + 1}` } : { label: label[key] });
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

  const removeButton = (index: number) =>
    disabled ? null : (
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        onClick={() => form.removeListItem('mortalidade', index)}
        aria-label={t('flocks.mortality.remove', { number: index + 1 })}
        data-testid="mortality-remove"
      >
        <IconTrash size={20} />
      </ActionIcon>
    );

  return (
    <RecordSection
      title={t('flocks.mortality.title')}
      description={t('flocks.mortality.hint')}
      actions={
        disabled ? null : (
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={add} disabled={rows.length >= MAX_ROWS} data-testid="mortality-add">
            {t('flocks.mortality.add')}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {listError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="mortality-error">
            {errorLabel(listError)}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text c="dimmed" data-testid="mortality-empty">
            {t('flocks.mortality.empty')}
          </Text>
        ) : wide ? (
          <Box style={{ display: 'grid', gridTemplateColumns: GRID, gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)', alignItems: 'start' }}>
            {Object.values(label).map((name) => (
              <Text key={name} size="sm" fw={600} c="dimmed">
                {name}
              </Text>
            ))}
            <span />
            {rows.map((row, index) => (
              <Box key={row.key} style={{ display: 'contents' }} data-testid="mortality-row">
                {inputs(index)}
                <Box pt={4}>{removeButton(index)}</Box>
              </Box>
            ))}
          </Box>
        ) : (
          rows.map((row, index) => (
            <Paper key={row.key} withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="mortality-row">
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Text fw={600} size="sm" c="dimmed">
                  #{index + 1}
                </Text>
                {removeButton(index)}
              </Group>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                {inputs(index).map((input) => (
                  <Box key={input.key} style={input.key === 'causa' ? { gridColumn: '1 / -1' } : undefined}>
                    {input}
                  </Box>
                ))}
              </SimpleGrid>
            </Paper>
          ))
        )}
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
      </Stack>
    </RecordSection>
  );
}
