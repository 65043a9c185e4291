import { TextInput, type TextInputProps } from '@mantine/core';
import { maskDate } from '@portal/shared';
import { useTranslation } from 'react-i18next';

interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** A dd/mm/yyyy field typed by hand, with the date mask of spec section 5. */
export function DateInput({ value, onChange, placeholder, ...rest }: DateInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...rest}
      value={value}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={placeholder ?? t('date.placeholder')}
      onChange={(event) => onChange(maskDate(event.currentTarget.value, value))}
    />
  );
}
