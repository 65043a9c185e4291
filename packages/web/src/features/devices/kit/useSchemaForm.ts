import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../api/client';
import { errorText } from '../../../api/errorText';
import type { Message } from '../../../components/MessageArea';
import i18n from '../../../i18n';
import { errorLabel, fieldTestId } from '../../records/recordForm';

/**
 * A form checked with a shared body schema, for screens whose save does not fit useRecordForm
 * (records/recordForm.ts), which always opens the new record's page right after creating it:
 * registering a device first shows its credentials, a permission is saved by e-mail, the
 * integration settings edit in a drawer. Same conventions as useRecordForm: zod messages are
 * error codes shown as `errors.<CODE>`; the server's field errors land on the matching inputs,
 * any other error in the message area; each input gets the test id `field-<path>`.
 */
export interface SchemaFormOptions<V extends object> {
  schema: z.ZodType;
  initialValues: V;
  /** The body the schema checks (and the screen sends). */
  toBody: (values: V) => unknown;
}

export interface SchemaFormState<V extends object> {
  form: UseFormReturnType<V>;
  message: Message | null;
  setMessage: (message: Message | null) => void;
  ref: RefObject<HTMLFormElement | null>;
  /** Wraps the save: runs it only when the fields pass the schema, else says what to fix. */
  onSubmit: (save: (values: V) => void) => (event?: React.FormEvent<HTMLFormElement>) => void;
  /** Shows a failed save: field errors on their inputs, anything else in the message area. */
  showFailure: (error: unknown) => void;
}

function valueAt(values: unknown, path: string): unknown {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function useSchemaForm<V extends object>({ schema, initialValues, toBody }: SchemaFormOptions<V>): SchemaFormState<V> {
  const { t } = useTranslation();
  const [message, setMessage] = useState<Message | null>(null);
  const ref = useRef<HTMLFormElement>(null);
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  const form = useForm<V>({
    initialValues,
    onValuesChange: () => setMessage(null),
    validate: (values) => resolve(toBody(values) as Record<string, unknown>),
    enhanceGetInputProps: ({ inputProps, field }) => ({
      error: errorLabel(inputProps.error as ReactNode),
      'data-testid': fieldTestId(String(field)),
    }),
  });

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      invalid?.focus({ preventScroll: true });
    });

  const showFailure = (error: unknown) => {
    const values = form.getValues();
    const onFields: Record<string, string> = {};
    if (error instanceof ApiError) {
      for (const entry of error.errors) {
        if (!entry.field || onFields[entry.field] || valueAt(values, entry.field) === undefined) continue;
        onFields[entry.field] = i18n.exists(`errors.${entry.code}`) ? entry.code : entry.msg;
      }
    }
    if (Object.keys(onFields).length > 0) {
      form.setErrors(onFields);
      setMessage({ tone: 'error', text: t('records.form.checkFields') });
      focusFirstError();
    } else {
      setMessage({ tone: 'error', text: errorText(error, t) });
    }
  };

  const onSubmit = (save: (values: V) => void) =>
    form.onSubmit(
      (values) => {
        setMessage(null);
        save(values);
      },
      () => {
        setMessage({ tone: 'error', text: t('records.form.checkFields') });
        focusFirstError();
      },
    );

  return { form, message, setMessage, ref, onSubmit, showFailure };
}
