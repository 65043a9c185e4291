import { NumberInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_BOXES, MAX_LADOS } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { RowsEditor, type RowInputName } from '../records/RowsEditor';
import { useNumberFormat } from '../records/useNumberFormat';
import { newHouse, type SiteValues } from './siteForm';

/** The server keeps at most this many houses per farm (registerNucleoBody). */
const MAX_HOUSES = 200;

/** Desktop rows: name wide, the four numbers narrow, then the remove button. */
const GRID = 'minmax(10rem, 2fr) repeat(2, minmax(5rem, 0.8fr)) repeat(2, minmax(7rem, 1.2fr)) 2.5rem';

/**
 * The houses (aviarios) of a farm, or incubators of a hatchery: the structure weighings refer to
 * (house, side 1..lados, pen 1..boxes). Rows are added and removed in the form; nothing is stored
 * until the farm is saved. Test ids: `houses-add`, `house-row` (each row or card), `house-remove`,
 * the inputs' `field-aviarios-<i>-<name>`.
 */
export function HousesEditor({ form, disabled }: { form: UseFormReturnType<SiteValues>; disabled: boolean }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
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

  const inputs = (index: number, named: (key: keyof typeof label) => RowInputName) => [
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

  return (
    <RowsEditor
      title={t(text('title'))}
      description={t(text('hint'))}
      rows={houses}
      columns={label}
      grid={GRID}
      inputs={inputs}
      fullWidth="nome"
      disabled={disabled}
      add={{ text: t(text('add')), onClick: add, disabled: houses.length >= MAX_HOUSES }}
      remove={{ label: (index) => t('sites.houses.remove', { name: houses[index]?.nome || index + 1 }), onClick: (index) => form.removeListItem('aviarios', index) }}
      error={form.errors.aviarios}
      emptyText={t(text('empty'))}
      testIds={{ add: 'houses-add', row: 'house-row', remove: 'house-remove', error: 'houses-error', empty: 'houses-empty' }}
    >
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
    </RowsEditor>
  );
}
