import { NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { errorLabel, fieldTestId } from '../records/schemaForm';
import { useNumberFormat } from '../records/useNumberFormat';
import type { DosingValues } from './fumigatorForm';
import { TimesEditor } from './TimesEditor';

/**
 * The dosing settings of a fumigator: on or off, product, dose (ml), water volume (L), duration
 * (min) and the times of day it runs. The same fields on the fumigator form and the doser screen.
 * Test ids: `field-ativo`, `field-produto`, `field-dose_ml`, `field-volume_agua_l`,
 * `field-duracao_min`, and the TimesEditor's.
 */
export function DosingFields<V extends DosingValues>({ form: anyForm, disabled }: { form: UseFormReturnType<V>; disabled: boolean }) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  // The fields below are the DosingValues part of any form holding them.
  const form = anyForm as unknown as UseFormReturnType<DosingValues>;
  const unit = (key: 'ml' | 'l' | 'min') => (
    <Text size="sm" c="dimmed">
      {t(`fumigators.units.${key}`)}
    </Text>
  );
  const decimal = {
    size: 'md',
    min: 0,
    max: 1_000_000,
    decimalScale: 1,
    allowNegative: false,
    hideControls: true,
    thousandSeparator: numbers.thousandSeparator,
    decimalSeparator: numbers.decimalSeparator,
    rightSectionWidth: 48,
  } as const;
  const ativo = form.getInputProps('ativo', { type: 'checkbox' });

  return (
    <Stack gap="md">
      <Switch
        size="md"
        label={form.values.ativo ? t('fumigators.form.activeOn') : t('fumigators.form.activeOff')}
        description={form.values.ativo ? t('fumigators.form.activeHint') : t('fumigators.form.activeHintOff')}
        {...ativo}
        data-testid={fieldTestId('ativo')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('fumigators.form.product')}
          description={t('fumigators.form.productHint')}
          maxLength={80}
          autoComplete="off"
          {...form.getInputProps('produto')}
        />
        <NumberInput label={t('fumigators.form.dose')} description={t('fumigators.form.doseHint')} rightSection={unit('ml')} {...decimal} {...form.getInputProps('dose_ml')} />
        <NumberInput
          label={t('fumigators.form.water')}
          description={t('fumigators.form.waterHint')}
          rightSection={unit('l')}
          {...decimal}
          {...form.getInputProps('volume_agua_l')}
        />
        <NumberInput
          label={t('fumigators.form.duration')}
          description={t('fumigators.form.durationHint')}
          rightSection={unit('min')}
          {...decimal}
          max={1440}
          decimalScale={0}
          allowDecimal={false}
          {...form.getInputProps('duracao_min')}
        />
      </SimpleGrid>
      <TimesEditor
        value={form.values.horarios}
        onChange={(times) => form.setFieldValue('horarios', times)}
        error={errorLabel(form.errors.horarios ?? Object.entries(form.errors).find(([path]) => path.startsWith('horarios.'))?.[1])}
        disabled={disabled}
      />
    </Stack>
  );
}
