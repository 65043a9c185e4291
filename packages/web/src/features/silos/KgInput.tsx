import { NumberInput, Text, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';

/** A feed quantity in kg with up to 1 decimal, in the user's number format, 'kg' at its end (movements, a delivery's confirmation). */
export function KgInput(props: NumberInputProps) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  return (
    <NumberInput
      decimalScale={1}
      hideControls
      inputMode="decimal"
      thousandSeparator={numbers.thousandSeparator}
      decimalSeparator={numbers.decimalSeparator}
      rightSection={<Text size="sm" c="dimmed">{t('silos.kgUnit')}</Text>}
      rightSectionWidth={44}
      size="md"
      {...props}
    />
  );
}
