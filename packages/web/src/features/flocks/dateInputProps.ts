import type { UseFormReturnType } from '@mantine/form';

/**
 * The props of a DateInput bound to a form path: getInputProps, with the value as the text
 * DateInput needs (the form holds dates as typed, dd/mm/yyyy).
 */
export function dateInputProps<V>(form: UseFormReturnType<V>, path: string) {
  const props = form.getInputProps(path);
  return { ...props, value: typeof props.value === 'string' ? props.value : '', onChange: props.onChange as (value: string) => void };
}
