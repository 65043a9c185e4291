import { ActionIcon, Alert, Box, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_BOXES, MAX_LADOS } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { RecordSection } from '../records/RecordFormPage';
import { errorLabel } from '../records/recordForm';
import { useNumberFormat } from '../records/useNumberFormat';
import { newHouse, type SiteValues } from './siteForm';

/** The server keeps at most this many houses per farm (registerNucleoBody). */
const MAX_HOUSES = 200;

/** Desktop rows: name wide, the four numbers narrow, then the remove button. */
const GRID = 'minmax(10rem, 2fr) repeat(2, minmax(5rem, 0.8fr)) repeat(2, minmax(7rem, 1.2fr)) 2.5rem';

/**
 * The houses (aviarios) of a farm, or incubators of a hatchery: the structure weighings refer to
 * (house, side 1..lados, pen 1..boxes). A table of inputs on wide screens, one card per house on
 * phones. Rows are added and removed in the form; nothing is stored until the farm is saved.
 * Test ids: `houses-add`, `house-row` (each row or card), `house-remove`, the inputs'
 * `field-aviarios-<i>-<name>`.
 */
export function HousesEditor({ form, disabled }: { form: UseFormReturnType<SiteValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const wide = useMediaQuery('(min-width: 62em)');
  const { aviarios: houses, tipo } = form.values;
  const hatchery = tipo === 'incubatorio';
  const text = (key: 'title' | 'hint' | 'add' | 'empty' | 'defaultName') => `sites.houses.${key}${hatchery ? 'Hatchery' : ''}`;

  const add = () => {
    const names = new Set(houses.map((house) => house.nome.trim().toLowerCase()));
    let number = houses.length + 1;
    while (names.has(t(text('defaultName'), { number }).toLowerCase())) number += 1;
    form.insertListItem('aviarios', newHouse(t(text('defaultName'), { number })));
    // Straight to the new row's name, which most people rename.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-path="aviarios.${houses.length}.nome"]`)?.select());
  };

  const listError = form.errors.aviarios;
  // Removing a stored house only takes effect on Save: say so, or people think it is gone.
  const current = new Set(houses.map((house) => house.id));
  const removedStored = form.getInitialValues().aviarios.some((house) => house.id !== undefined && !current.has(house.id));
  const birds = houses.reduce((sum, house) => sum + (typeof house.capacidade === 'number' ? house.capacidade : 0), 0);
  const integer = {
    size: 'md',
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: numbers.thousandSeparator,
    decimalSeparator: numbers.decimalSeparator,
  } as const;
  const label = {
    nome: t('sites.houses.name'),
    lados: t('sites.houses.sides'),
    boxes: t('sites.houses.boxes'),
    capacidade: t('sites.houses.capacity'),
    area_m2: t('sites.houses.area'),
  };

  // One set of inputs for both layouts: on wide screens the header row names the columns, so
  // each input carries its name for screen readers instead of a visible label.
  const inputs = (index: number) => {
    const named = (key: keyof typeof label) => (wide ? { 'aria-label': `${label[key]} ${index + 1}` } : { label: label[key] });
    return [
      <TextInput key="nome" required {...named('nome')} {...form.getInputProps(`aviarios.${index}.nome`)} />,
      <NumberInput key="lados" min={1} max={MAX_LADOS} {...integer} {...named('lados')} {...form.getInputProps(`aviarios.${index}.lados`)} />,
      <NumberInput key="boxes" min={0} max={MAX_BOXES} {...integer} {...named('boxes')} {...form.getInputProps(`aviarios.${index}.boxes`)} />,
      <NumberInput key="capacidade" min={0} hideControls {...integer} {...named('capacidade')} {...form.getInputProps(`aviarios.${index}.capacidade`)} />,
      <NumberInput
        key="area_m2"
        size="md"
        hideControls
        min={0}
        decimalScale={2}
        allowNegative={false}
        thousandSeparator={numbers.thousandSeparator}
        decimalSeparator={numbers.decimalSeparator}
        {...named('area_m2')}
        {...form.getInputProps(`aviarios.${index}.area_m2`)}
      />,
    ];
  };

  const removeButton = (index: number) =>
    disabled ? null : (
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        onClick={() => form.removeListItem('aviarios', index)}
        aria-label={t('sites.houses.remove', { name: houses[index]?.nome || index + 1 })}
        data-testid="house-remove"
      >
        <IconTrash size={20} />
      </ActionIcon>
    );

  return (
    <RecordSection
      title={t(text('title'))}
      description={t(text('hint'))}
      actions={
        disabled ? null : (
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={add} disabled={houses.length >= MAX_HOUSES} data-testid="houses-add">
            {t(text('add'))}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {listError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="houses-error">
            {errorLabel(listError)}
          </Alert>
        )}
        {houses.length === 0 ? (
          <Text c="dimmed" data-testid="houses-empty">
            {t(text('empty'))}
          </Text>
        ) : wide ? (
          <Box style={{ display: 'grid', gridTemplateColumns: GRID, gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)', alignItems: 'start' }}>
            {Object.values(label).map((name) => (
              <Text key={name} size="sm" fw={600} c="dimmed">
                {name}
              </Text>
            ))}
            <span />
            {houses.map((house, index) => (
              <Box key={house.key} style={{ display: 'contents' }} data-testid="house-row">
                {inputs(index)}
                <Box pt={4}>{removeButton(index)}</Box>
              </Box>
            ))}
          </Box>
        ) : (
          houses.map((house, index) => (
            <Paper key={house.key} withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="house-row">
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Text fw={600} size="sm" c="dimmed">
                  #{index + 1}
                </Text>
                {removeButton(index)}
              </Group>
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                {inputs(index).map((input) => (
                  <Box key={input.key} style={input.key === 'nome' ? { gridColumn: '1 / -1' } : undefined}>
                    {input}
                  </Box>
                ))}
              </SimpleGrid>
            </Paper>
          ))
        )}
        {removedStored && (
          <Text size="sm" c="orange.8" data-testid="houses-removed-hint">
            {t('sites.houses.removedOnSave')}
          </Text>
        )}
        {houses.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="houses-summary">
            {t('sites.houses.summary', { count: houses.length, birds: numbers.format(birds) })}
          </Text>
        )}
      </Stack>
    </RecordSection>
  );
}
